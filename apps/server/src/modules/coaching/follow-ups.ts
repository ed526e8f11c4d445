import type { Executor, PortalScope } from '../../db/schema';
import type { Services } from '../../context/services';
import type { FollowUpRow } from '../../db/schema-coaching';
import { nowIso } from '../../db/dialect';
import { NotFound } from '../../domain/errors';
import { pagedList, type PageRequest } from '../../db/pages';
import { notify } from '../notifications/service';

export const FOLLOW_UP_KINDS = ['call', 'meeting', 'message'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];
export const FOLLOW_UP_DUE = ['overdue', 'today', 'week'] as const;

export async function findFollowUp(db: Executor, scope: PortalScope, id: number): Promise<FollowUpRow> {
  const row = await db
    .selectFrom('follow_ups')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('follow-up');
  return row;
}

/** Follow-ups of the portal (only `coachId`'s when given), soonest first; `due` keeps the open ones due then. */
export function listFollowUps(
  db: Executor,
  scope: PortalScope,
  filters: { coachId?: number; studentIds?: number[]; due?: (typeof FOLLOW_UP_DUE)[number] },
  page: PageRequest,
) {
  let filtered = db.selectFrom('follow_ups').where('follow_ups.portal_id', '=', scope);
  if (filters.coachId !== undefined) filtered = filtered.where('follow_ups.coach_id', '=', filters.coachId);
  if (filters.studentIds) filtered = filtered.where('follow_ups.student_id', 'in', filters.studentIds);
  if (filters.due) {
    const window = dueWindow(filters.due);
    filtered = filtered.where('follow_ups.done_at', 'is', null).where('follow_ups.due_at', '<', window.to);
    if (window.from) filtered = filtered.where('follow_ups.due_at', '>=', window.from);
  }
  const rows = filtered
    .selectAll('follow_ups')
    .orderBy('follow_ups.due_at', 'asc')
    .orderBy('follow_ups.id', 'asc');
  return pagedList(filtered, rows, page);
}

/** The start of today and of tomorrow, and a week from now (UTC), for `filter[due]`. */
export function dueWindow(
  due: (typeof FOLLOW_UP_DUE)[number],
  now = new Date(),
): { from?: string; to: string } {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const day = 86_400_000;
  if (due === 'overdue') return { to: now.toISOString() };
  if (due === 'today')
    return { from: startOfDay.toISOString(), to: new Date(startOfDay.getTime() + day).toISOString() };
  return { to: new Date(now.getTime() + 7 * day).toISOString() };
}

/**
 * Sends the reminder of every follow-up that fell due and is not done, once: each is claimed by
 * `UPDATE … SET reminded_at WHERE reminded_at IS NULL`, so a second run (or another instance,
 * or a run after a restart) finds nothing left to claim. Returns how many reminders went out.
 */
export async function sendFollowUpReminders(services: Services, now = new Date()): Promise<number> {
  const db = services.db;
  const at = now.toISOString();
  const due = await db
    .selectFrom('follow_ups')
    .select(['id', 'portal_id'])
    .where('reminded_at', 'is', null)
    .where('done_at', 'is', null)
    .where('due_at', '<=', at)
    .orderBy('due_at')
    .limit(500)
    .execute();
  let sent = 0;
  for (const { id, portal_id } of due) {
    const portal = await services.portals.findById(portal_id);
    if (!portal) continue;
    // Claim and notify in one transaction: a failed notification releases the claim.
    const done = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('follow_ups')
        .set({ reminded_at: nowIso() })
        .where('id', '=', id)
        .where('reminded_at', 'is', null)
        .returning(['id', 'portal_id', 'coach_id', 'student_id', 'kind'])
        .executeTakeFirst();
      if (!claimed) return false;
      const student = await trx
        .selectFrom('accounts')
        .select('full_name')
        .where('id', '=', claimed.student_id)
        .executeTakeFirst();
      await notify(trx, {
        scope: portal.id,
        accountId: claimed.coach_id,
        key: `follow_up_due_${claimed.kind}`,
        params: { student: student?.full_name ?? '' },
        link: `/coach/students/${claimed.student_id}#follow-ups`,
      });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}
