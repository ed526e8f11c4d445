import { FEATURE_NAMES } from '@leerpad/core';
import type { FeatureName } from '@leerpad/core';
import { toFlag } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { recordAudit } from '../audit/service';

/** Every feature the product knows, with whether the portal has it on (no row: off). */
export async function featureFlagsOf(db: Executor, scope: PortalScope) {
  const rows = await db
    .selectFrom('portal_features')
    .select(['name', 'enabled'])
    .where('portal_id', '=', scope)
    .execute();
  const enabled = new Map(rows.map((row) => [row.name, Boolean(row.enabled)]));
  return FEATURE_NAMES.map((name) => ({ name, enabled: enabled.get(name) ?? false }));
}

/** Switches one feature of the portal on or off, audited in the same transaction. */
export async function setFeatureFlag(
  db: Executor,
  scope: PortalScope,
  change: { name: FeatureName; enabled: boolean; actorId: number; ip: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('portal_features')
      .values({ portal_id: scope, name: change.name, enabled: toFlag(change.enabled) })
      .onConflict((conflict) =>
        conflict.columns(['portal_id', 'name']).doUpdateSet({ enabled: toFlag(change.enabled) }),
      )
      .execute();
    await recordAudit(trx, {
      scope,
      actorId: change.actorId,
      action: change.enabled ? 'feature_flag.enabled' : 'feature_flag.disabled',
      entityType: 'feature_flag',
      entityId: change.name,
      ip: change.ip,
    });
  });
}
