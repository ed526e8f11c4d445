import type { Kysely } from 'kysely';
import type { Database, PortalScope } from '../../db/schema';
import { NotFound } from '../../domain/errors';

const accountColumns = [
  'id',
  'portal_id',
  'entity_id',
  'full_name',
  'locale',
  'avatar_url',
  'last_online',
  'email',
  'phone_number',
] as const;

export async function findAccountInPortal(db: Kysely<Database>, scope: PortalScope, accountId: number) {
  const account = await db
    .selectFrom('accounts')
    .select(accountColumns)
    .where('portal_id', '=', scope)
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) throw new NotFound('account');
  return account;
}

export async function rolesByAccount(
  db: Kysely<Database>,
  accountIds: number[],
): Promise<Map<number, string[]>> {
  const roles = new Map<number, string[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return roles;
  const rows = await db
    .selectFrom('account_roles')
    .select(['account_id', 'role'])
    .where('account_id', 'in', accountIds)
    .orderBy('role')
    .execute();
  for (const row of rows) roles.get(row.account_id)?.push(row.role);
  return roles;
}

/** Accounts of the portal by id with their roles: what `presentAccount` needs for `included`. */
export async function accountsWithRoles(
  db: Kysely<Database>,
  scope: PortalScope,
  accountIds: Iterable<number>,
) {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return [];
  const [rows, roles] = await Promise.all([
    db
      .selectFrom('accounts')
      .select(accountColumns)
      .where('portal_id', '=', scope)
      .where('id', 'in', ids)
      .execute(),
    rolesByAccount(db, ids),
  ]);
  return rows.map((row) => ({ row, roles: roles.get(row.id) ?? [] }));
}
