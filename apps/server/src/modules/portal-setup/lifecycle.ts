/**
 * Closing and reopening a portal (decision 057). Nothing is deleted: a closed portal's addresses
 * show the closed page, its API refuses sign-in and open sessions, and an operator can reopen it.
 */
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, PortalScope } from '../../db/schema';
import { recordAudit } from '../audit/service';
import type { Creator } from './create';

export type PortalStatus = 'active' | 'closed';

export async function setPortalStatus(
  db: Kysely<Database>,
  scope: PortalScope,
  actor: Creator,
  status: PortalStatus,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('portals')
      .set({ closed_at: status === 'closed' ? nowIso() : null })
      .where('id', '=', scope)
      .execute();
    await recordAudit(trx, {
      scope,
      ...actor,
      action: status === 'closed' ? 'portal.closed' : 'portal.reopened',
      entityType: 'portal',
      entityId: scope,
    });
  });
}
