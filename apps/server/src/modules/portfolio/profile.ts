import { fromFlag } from '../../db/dialect';
import type { Services } from '../../context/services';
import { buildDocument } from '../../http/jsonapi';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';
import { publicProfileUrl } from './service';

/** The student's own profile document (GET /v1/profile and the changes to it). */
export async function ownProfile(services: Services, portal: PortalContext, account: AccountContext) {
  const row = await services.db
    .selectFrom('accounts')
    .leftJoin('profiles', 'profiles.account_id', 'accounts.id')
    .select([
      'accounts.id',
      'accounts.full_name',
      'accounts.avatar_url',
      'profiles.headline',
      'profiles.biography',
      'profiles.handle',
      'profiles.is_public',
      'profiles.indexable',
    ])
    .where('accounts.portal_id', '=', portal.id)
    .where('accounts.id', '=', account.id)
    .executeTakeFirstOrThrow();
  return buildDocument({
    type: 'profiles' as const,
    id: String(account.id),
    attributes: {
      full_name: row.full_name,
      avatar_url: row.avatar_url,
      headline: row.headline ?? null,
      biography: row.biography ?? null,
      handle: row.handle ?? null,
      is_public: fromFlag(row.is_public),
      indexable: fromFlag(row.indexable),
      public_url: row.handle ? publicProfileUrl(portal.row.base_url, row.handle) : null,
    },
  });
}
