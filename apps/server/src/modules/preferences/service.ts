import { nowIso } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';

const preferenceColumns = ['id', 'property', 'payload', 'updated_at'] as const;

/** An account's stored preferences by property, or the one named. */
export function listPreferences(db: Executor, accountId: number, property?: string) {
  let select = db
    .selectFrom('account_preferences')
    .select(preferenceColumns)
    .where('account_id', '=', accountId);
  if (property) select = select.where('property', '=', property);
  return select.orderBy('property').execute();
}

export type PreferenceRow = Awaited<ReturnType<typeof listPreferences>>[number];

/** Stores a preference; `created` when the account had none of that property before. */
export async function storePreference(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  preference: { property: string; payload: string },
): Promise<{ row: PreferenceRow; created: boolean }> {
  const existing = await db
    .selectFrom('account_preferences')
    .select('id')
    .where('account_id', '=', accountId)
    .where('property', '=', preference.property)
    .executeTakeFirst();
  // One statement, so two saves of the same property at once both succeed and keep one row.
  const now = nowIso();
  const row = await db
    .insertInto('account_preferences')
    .values({ portal_id: scope, account_id: accountId, ...preference, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .columns(['account_id', 'property'])
        .doUpdateSet({ payload: preference.payload, updated_at: now }),
    )
    .returning(preferenceColumns)
    .executeTakeFirstOrThrow();
  return { row, created: !existing };
}
