import type { FeatureName } from '@leerpad/core';
import { toFlag } from '../db/dialect';
import type { TestApp } from './test-app';

/**
 * Runs `check` with these features switched off on the portal, then puts back exactly the flags it
 * found (on or off, one by one), so the tests after it see the portal as it was.
 */
export async function withFeaturesOff<T>(
  t: TestApp,
  portalId: number,
  names: FeatureName[],
  check: () => Promise<T>,
): Promise<T> {
  const { db, portals } = t.services;
  const found = await db
    .selectFrom('portal_features')
    .select(['name', 'enabled'])
    .where('portal_id', '=', portalId)
    .where('name', 'in', names)
    .execute();
  await db
    .updateTable('portal_features')
    .set({ enabled: toFlag(false) })
    .where('portal_id', '=', portalId)
    .where('name', 'in', names)
    .execute();
  portals.forget();
  try {
    return await check();
  } finally {
    for (const { name, enabled } of found)
      await db
        .updateTable('portal_features')
        .set({ enabled })
        .where('portal_id', '=', portalId)
        .where('name', '=', name)
        .execute();
    portals.forget();
  }
}
