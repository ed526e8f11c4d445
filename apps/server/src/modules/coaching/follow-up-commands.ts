import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, PortalScope } from '../../db/schema';
import type { FollowUpRow } from '../../db/schema-coaching';
import { NotFound } from '../../domain/errors';
import type { AccountContext } from '../../context/account';
import { recordAudit } from '../audit/service';
import { findFollowUp, type FollowUpKind } from './follow-ups';
import { followsEveryone } from './service';

/** A follow-up is the planning coach's, or any staff member's of the portal; others get a 404. */
export function mayHandleFollowUp(account: AccountContext, row: { coach_id: number }): boolean {
  return row.coach_id === account.id || followsEveryone(account);
}

/** A coach plans a follow-up with one of their students; the plan is in the audit log. */
export async function planFollowUp(
  db: Kysely<Database>,
  scope: PortalScope,
  coachId: number,
  plan: { studentId: number; kind: FollowUpKind; note: string; dueAt: string },
): Promise<FollowUpRow> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const created = await trx
      .insertInto('follow_ups')
      .values({
        portal_id: scope,
        student_id: plan.studentId,
        coach_id: coachId,
        kind: plan.kind,
        note: plan.note,
        due_at: plan.dueAt,
        done_at: null,
        outcome: null,
        reminded_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      scope,
      actorId: coachId,
      action: 'follow_up.create',
      entityType: 'follow_up',
      entityId: created.id,
      details: { student_id: plan.studentId, kind: plan.kind, due_at: plan.dueAt },
    });
    return findFollowUp(trx, scope, created.id);
  });
}

export interface FollowUpChange {
  due_at?: string | undefined;
  kind?: FollowUpKind | undefined;
  note?: string | undefined;
  done?: boolean | undefined;
  outcome?: string | null | undefined;
}

/**
 * Changes a follow-up or marks it done (or not done) with an outcome, and records that in the audit
 * log. A new due date is reminded of again; being marked done twice keeps the first moment. A
 * follow-up that is not the account's to handle does not exist for it.
 */
export async function changeFollowUp(
  db: Kysely<Database>,
  scope: PortalScope,
  account: AccountContext,
  id: number,
  change: FollowUpChange,
): Promise<FollowUpRow> {
  return db.transaction().execute(async (trx) => {
    const current = await findFollowUp(trx, scope, id);
    if (!mayHandleFollowUp(account, current)) throw new NotFound('follow-up');
    const now = nowIso();
    const changes = {
      ...(change.due_at === undefined ? {} : { due_at: change.due_at, reminded_at: null }),
      ...(change.kind === undefined ? {} : { kind: change.kind }),
      ...(change.note === undefined ? {} : { note: change.note }),
      ...(change.outcome === undefined ? {} : { outcome: change.outcome }),
      ...(change.done === undefined ? {} : { done_at: change.done ? (current.done_at ?? now) : null }),
    };
    if (Object.keys(changes).length === 0) return current;
    await trx
      .updateTable('follow_ups')
      .set({ ...changes, updated_at: now })
      .where('portal_id', '=', scope)
      .where('id', '=', current.id)
      .execute();
    await recordAudit(trx, {
      scope,
      actorId: account.id,
      action: change.done ? 'follow_up.done' : 'follow_up.update',
      entityType: 'follow_up',
      entityId: current.id,
      details: { ...change },
    });
    return findFollowUp(trx, scope, current.id);
  });
}
