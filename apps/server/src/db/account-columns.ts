import { sql, type Kysely } from 'kysely';
import { commaList, dialectOf } from './dialect';
import type { Database, Executor } from './schema';
import type { AccountContext } from '../context/account';

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
    db
      .selectFrom('subscriptions')
      .select('subscriptions.id')
      .where('subscriptions.account_id', '=', sql.ref<number>('accounts.id'))
      .where('subscriptions.is_active', '=', 1)
      .limit(1)
      .as('active_subscription_id'),
  ] as const;
}

/**
 * Whether the account has an active subscription: known from the request's account when it was
 * read with the session or the token, looked up otherwise.
 */
export async function subscriptionActive(
  db: Executor,
  account: Pick<AccountContext, 'id' | 'subscriptionActive'>,
): Promise<boolean> {
  if (account.subscriptionActive !== undefined) return account.subscriptionActive;
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('account_id', '=', account.id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return Boolean(row);
}

/** The request's account from a row of `accountContextColumns`. */
export function accountContextOf(row: {
  id: number;
  portal_id: number;
  full_name: string;
  email: string;
  locale: string | null;
  roles: string | null;
  active_subscription_id: number | null;
}): AccountContext {
  return {
    id: row.id,
    portalId: row.portal_id,
    fullName: row.full_name,
    email: row.email,
    locale: row.locale,
    roles: row.roles ? row.roles.split(',').sort() : [],
    subscriptionActive: row.active_subscription_id !== null,
  };
}
