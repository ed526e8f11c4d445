import { sql, type Kysely } from 'kysely';
import { commaList, dialectOf } from './dialect';
import type { Database } from './schema';

/**
 * What a request knows of its account (context/account.ts): these columns and its roles as one
 * comma list, read in the same statement as the session, the API token or the account acted as.
 */
export function accountContextColumns(db: Kysely<Database>) {
  return [
    'accounts.id',
    'accounts.portal_id',
    'accounts.full_name',
    'accounts.email',
    'accounts.locale',
    db
      .selectFrom('account_roles')
      .select((roles) => commaList(dialectOf(db), roles.ref('account_roles.role')).as('roles'))
      .where('account_roles.account_id', '=', sql.ref<number>('accounts.id'))
      .as('roles'),
  ] as const;
}
