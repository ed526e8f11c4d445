import type { Kysely } from 'kysely';
import { nowIso, toFlag } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, PortalScope } from '../../db/schema';
import { findInPortal } from '../../db/find-in-portal';
import { pagedList, tally, type PageRequest, type SortOrder } from '../../db/pages';
import type { ApprovalRequestRow, CoachMandateRow } from '../../db/schema-coaching';
import { Conflict, Invalid, NotFound } from '../../domain/errors';
import { findEnrollment } from '../course-content/queries';
import { enrollWithin, markCompleted } from '../enrollments/service';
import { notify } from '../notifications/service';
import type { MandateScope } from './policy';
import { APPROVAL_STATES, type ApprovalState } from './schema';
import { coachAccounts } from '../accounts/coaches';

export const findApprovalRequest = (
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<ApprovalRequestRow> => findInPortal(db, 'approval_requests', scope, id);

export type ApprovalRequestSort = SortOrder<'created_at' | 'decided_at' | 'updated_at'>;

/**
 * Approval requests of the portal a reader may see (`readable`: every one, or a student's own and
 * those of the courses a coach's mandate names), pending and oldest first unless sorted, with the
 * count of each state over the same requests whatever the state filter.
 */
export async function listApprovalRequests(
  db: Executor,
  scope: PortalScope,
  readable: 'all' | { studentId: number; courseIds: number[] },
  filters: { states?: ApprovalState[]; courseIds?: number[]; studentIds?: number[] },
  sort: ApprovalRequestSort[],
  page: PageRequest,
) {
  let visible = db.selectFrom('approval_requests').where('portal_id', '=', scope);
  if (readable !== 'all') {
    const { studentId, courseIds } = readable;
    visible = visible.where((eb) =>
      courseIds.length > 0
        ? eb.or([eb('course_id', 'in', courseIds), eb('student_id', '=', studentId)])
        : eb('student_id', '=', studentId),
    );
  }
  if (filters.courseIds) visible = visible.where('course_id', 'in', filters.courseIds);
  if (filters.studentIds) visible = visible.where('student_id', 'in', filters.studentIds);
  const filtered = filters.states ? visible.where('state', 'in', filters.states) : visible;
  let rows = filtered.selectAll();
  if (sort.length === 0) {
    rows = rows
      .orderBy((eb) => eb.case().when('state', '=', 'pending').then(0).else(1).end(), 'asc')
      .orderBy('created_at', 'asc');
  }
  for (const order of sort) rows = rows.orderBy(order.key, order.direction);
  const [list, byState] = await Promise.all([
    pagedList(filtered, rows.orderBy('id', 'asc'), page),
    visible
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('state')
      .execute(),
  ]);
  return { ...list, stateCounts: tally(APPROVAL_STATES, 'state', byState) };
}

/** The named courses of each mandate. */
export async function mandateCourses(db: Executor, mandateIds: number[]): Promise<Map<number, number[]>> {
  const byMandate = new Map<number, number[]>();
  if (mandateIds.length === 0) return byMandate;
  const rows = await db
    .selectFrom('coach_mandate_courses')
    .select(['mandate_id', 'course_id'])
    .where('mandate_id', 'in', mandateIds)
    .orderBy('course_id')
    .execute();
  for (const row of rows)
    byMandate.set(row.mandate_id, [...(byMandate.get(row.mandate_id) ?? []), row.course_id]);
  return byMandate;
}

/** The coach's active mandate, or null. */
export async function activeMandate(
  db: Executor,
  scope: PortalScope,
  coachId: number,
): Promise<MandateScope | null> {
  const mandate = await db
    .selectFrom('coach_mandates')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('coach_id', '=', coachId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!mandate) return null;
  const courses = await mandateCourses(db, [mandate.id]);
  return { mandate, courseIds: new Set(courses.get(mandate.id) ?? []) };
}

/**
 * A coach decides a pending request under their mandate: once, whatever the number of concurrent
 * attempts (the update only takes a row that is still pending). Approving an enrolment request
 * enrols the student, signing off a completion completes the enrolment, in the same transaction;
 * the student is notified either way.
 */
export async function decideRequest(
  db: Kysely<Database>,
  scope: PortalScope,
  request: ApprovalRequestRow,
  coachId: number,
  mandate: CoachMandateRow,
  decision: Exclude<ApprovalState, 'pending'>,
  note: string | null,
): Promise<ApprovalRequestRow> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const decided = await trx
      .updateTable('approval_requests')
      .set({
        state: decision,
        decision_note: note,
        decided_by: coachId,
        decided_at: now,
        mandate_id: mandate.id,
        updated_at: now,
      })
      .where('portal_id', '=', scope)
      .where('id', '=', request.id)
      .where('state', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!decided)
      throw new Conflict({
        code: 'ALREADY_DECIDED',
        title: 'Already decided',
        detail: 'This request has already been decided.',
      });
    const course = await trx
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('portal_id', '=', scope)
      .where('id', '=', decided.course_id)
      .executeTakeFirstOrThrow();
    if (decided.kind === 'completion') {
      // Signing off completes the enrolment; a rejection leaves it open for the student to go on.
      const enrollment = await findEnrollment(trx, scope, course.id, decided.student_id);
      if (decision === 'approved' && enrollment) {
        await markCompleted(trx, scope, enrollment, course, 'completion_signoff_approved');
        return decided;
      }
      await notify(trx, {
        scope,
        accountId: decided.student_id,
        key: decision === 'approved' ? 'completion_signoff_approved' : 'completion_signoff_rejected',
        params: { title: course.title },
        link: `/courses/${course.id}`,
      });
      return decided;
    }
    if (decision === 'approved') await enrollWithin(trx, scope, course, decided.student_id);
    await notify(trx, {
      scope,
      accountId: decided.student_id,
      key: decision === 'approved' ? 'enrollment_request_approved' : 'enrollment_request_rejected',
      params: { title: course.title },
      link: decision === 'approved' ? `/courses/${course.id}` : `/catalog/${course.id}`,
    });
    return decided;
  });
}

/** Whether the account is a coach of the portal (a mandate is only for coaches). */
async function isCoach(db: Executor, scope: PortalScope, accountId: number): Promise<boolean> {
  const row = await coachAccounts(db, scope)
    .select('accounts.id')
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  return Boolean(row);
}

export interface MandateInput {
  allCourses: boolean;
  courseIds: number[];
}

/** Checks the coach and the named courses of a mandate; 422 with pointers otherwise. */
export async function checkMandateInput(
  db: Executor,
  scope: PortalScope,
  input: MandateInput & { coachId?: number },
  pointer: (attribute: string) => string,
): Promise<void> {
  const problems: Array<{ pointer: string; detail: string; code: string }> = [];
  if (input.coachId !== undefined && !(await isCoach(db, scope, input.coachId)))
    problems.push({
      pointer: pointer('coach'),
      code: 'NOT_A_COACH',
      detail: 'This account is not a coach of this portal.',
    });
  if (!input.allCourses && input.courseIds.length === 0)
    problems.push({
      pointer: pointer('courses'),
      code: 'REQUIRED',
      detail: 'Name at least one course, or give the mandate for all courses.',
    });
  if (!input.allCourses && input.courseIds.length > 0) {
    const found = new Set(
      (
        await db
          .selectFrom('courses')
          .select('id')
          .where('portal_id', '=', scope)
          .where('id', 'in', input.courseIds)
          .execute()
      ).map((row) => row.id),
    );
    input.courseIds.forEach((id, index) => {
      if (!found.has(id))
        problems.push({
          pointer: pointer(`courses/${index}`),
          code: 'UNKNOWN_COURSE',
          detail: 'No such course.',
        });
    });
  }
  if (problems.length > 0) throw new Invalid(problems);
}

async function replaceMandateCourses(trx: Executor, mandateId: number, input: MandateInput) {
  await trx.deleteFrom('coach_mandate_courses').where('mandate_id', '=', mandateId).execute();
  const unique = input.allCourses ? [] : [...new Set(input.courseIds)];
  if (unique.length > 0)
    await trx
      .insertInto('coach_mandate_courses')
      .values(unique.map((courseId) => ({ mandate_id: mandateId, course_id: courseId })))
      .execute();
}

/** Grants a coach a mandate; a coach holds one active mandate (422 on /coach_id otherwise). */
export async function grantMandate(
  db: Kysely<Database>,
  scope: PortalScope,
  grantedBy: number,
  coachId: number,
  input: MandateInput,
  pointer: (attribute: string) => string,
): Promise<CoachMandateRow> {
  return db.transaction().execute(async (trx) => {
    await locks.mandate(trx, scope, coachId);
    const existing = await trx
      .selectFrom('coach_mandates')
      .select('id')
      .where('portal_id', '=', scope)
      .where('coach_id', '=', coachId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (existing)
      throw new Invalid([
        {
          pointer: pointer('coach'),
          code: 'MANDATE_EXISTS',
          detail: 'This coach already holds a mandate; change that one instead.',
        },
      ]);
    const now = nowIso();
    const mandate = await trx
      .insertInto('coach_mandates')
      .values({
        portal_id: scope,
        coach_id: coachId,
        all_courses: toFlag(input.allCourses),
        granted_by: grantedBy,
        created_at: now,
        updated_at: now,
        revoked_at: null,
        revoked_by: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await replaceMandateCourses(trx, mandate.id, input);
    return mandate;
  });
}

/** The active mandates of the portal (of the named coaches), newest first. */
export function listMandates(
  db: Executor,
  scope: PortalScope,
  coachIds: number[] | undefined,
  page: PageRequest,
) {
  let filtered = db
    .selectFrom('coach_mandates')
    .where('portal_id', '=', scope)
    .where('revoked_at', 'is', null);
  if (coachIds) filtered = filtered.where('coach_id', 'in', coachIds);
  return pagedList(filtered, filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), page);
}

export async function findMandate(db: Executor, scope: PortalScope, id: number): Promise<CoachMandateRow> {
  const row = await db
    .selectFrom('coach_mandates')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new NotFound('coach mandate');
  return row;
}

export async function changeMandate(
  db: Kysely<Database>,
  mandate: CoachMandateRow,
  input: MandateInput,
): Promise<CoachMandateRow> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('coach_mandates')
      .set({ all_courses: toFlag(input.allCourses), updated_at: nowIso() })
      .where('id', '=', mandate.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await replaceMandateCourses(trx, mandate.id, input);
    return updated;
  });
}

/** Revokes a mandate; the row stays, so past decisions still name it. */
export async function revokeMandate(
  db: Executor,
  mandate: CoachMandateRow,
  revokedBy: number,
): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('coach_mandates')
    .set({ revoked_at: now, revoked_by: revokedBy, updated_at: now })
    .where('id', '=', mandate.id)
    .where('revoked_at', 'is', null)
    .execute();
}
