import type { AccountRow } from '../../db/schema';
import type { AccountResource, EntityResource } from './schema';
import { identifier } from '../../http/jsonapi';

export type AccountSummary = Pick<
  AccountRow,
  'id' | 'full_name' | 'locale' | 'avatar_url' | 'last_online' | 'email' | 'phone_number' | 'entity_id'
>;

/** Contact details are shown to the account itself and to staff only. */
export function presentAccount(
  account: AccountSummary,
  roles: string[],
  options: { showContact: boolean },
): AccountResource {
  return {
    type: 'accounts',
    id: String(account.id),
    attributes: {
      full_name: account.full_name,
      locale: account.locale,
      roles,
      avatar_url: account.avatar_url,
      last_online: account.last_online,
      email_address: options.showContact ? account.email : null,
      phone_number: options.showContact ? account.phone_number : null,
    },
    relationships: { entity: { data: identifier('entities', account.entity_id) } },
  };
}

export function presentEntity(entity: { id: number; name: string }): EntityResource {
  return { type: 'entities', id: String(entity.id), attributes: { name: entity.name } };
}
