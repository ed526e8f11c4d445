/**
 * A student's request to enrol in a course that requires approval (issue 12): the enrolment route
 * answers with it instead of an enrolment, and modules/approvals lists and decides them. It lives
 * here, below both, with its resource schema and presenter.
 */
import { z } from 'zod';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { ApprovalRequestRow } from '../../db/schema-coaching';
import type { CourseRow } from '../../db/schema-learning';
import { Conflict } from '../../domain/errors';
import { includeRelated } from '../../http/includes';
import type { IncludeContext } from '../../http/includes';
import {
  abilitiesMeta,
  buildDocument,
  identifier,
  resourceSchema,
  timestamp,
  toOne,
} from '../../http/jsonapi';
import { findEnrollment } from '../course-content/queries';
import { notify } from '../notifications/service';
export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
/** The states a decision (PATCH) may set. */
export const DECISIONS = ['approved', 'rejected'] as const;
export const APPROVAL_KINDS = ['enrollment', 'completion'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const approvalRequestResource = resourceSchema('ApprovalRequest', 'approval_requests', {
  attributes: z.object({
    kind: z
      .enum(APPROVAL_KINDS)
      .describe(
        "enrollment: enrolment in a course that requires approval; completion: a coach's sign-off of a finished course.",
      ),
    state: z.enum(APPROVAL_STATES),
    message: z.string().describe("The student's message with the request (may be empty)."),
    note: z.string().nullable().describe("The coach's note with the decision."),
    created_at: timestamp,
    decided_at: timestamp.nullable(),
    updated_at: timestamp,
  }),
  relationships: z.object({
    student: toOne('accounts'),
    course: toOne('courses'),
    decided_by: toOne('accounts'),
    mandate: toOne('coach_mandates').describe('The mandate the decision was taken under.'),
  }),
  meta: abilitiesMeta(['decide']),
});
export type ApprovalRequestResource = z.infer<typeof approvalRequestResource>;

export function presentApprovalRequest(
  row: ApprovalRequestRow,
  abilities: ApprovalRequestResource['meta']['abilities'],
): ApprovalRequestResource {
  return {
    type: 'approval_requests',
    id: String(row.id),
    attributes: {
      kind: row.kind,
      state: row.state,
      message: row.message,
      note: row.decision_note,
      created_at: row.created_at,
      decided_at: row.decided_at,
      updated_at: row.updated_at,
    },
    relationships: {
      student: { data: identifier('accounts', row.student_id) },
      course: { data: identifier('courses', row.course_id) },
      decided_by: { data: identifier('accounts', row.decided_by) },
      mandate: { data: identifier('coach_mandates', row.mandate_id) },
    },
    meta: { abilities },
  };
}

/** The coaches whose active mandate covers the course: they hear of a new request. */
export async function mandatedCoaches(
  trx: Executor,
  scope: PortalScope,
  courseId: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('coach_mandates')
    .select('coach_id')
    .where('portal_id', '=', scope)
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('all_courses', '=', 1),
        eb.exists(
          eb
            .selectFrom('coach_mandate_courses')
            .select('course_id')
            .whereRef('coach_mandate_courses.mandate_id', '=', 'coach_mandates.id')
            .where('coach_mandate_courses.course_id', '=', courseId),
        ),
      ]),
    )
    .orderBy('coach_id')
    .execute();
  return rows.map((row) => row.coach_id);
}

/**
 * A student asks to enrol in a course that requires approval. Asking again while a request waits
 * returns that request; an enrolled student is told so (409). The mandated coaches are notified.
 */
export async function requestEnrollment(
  db: Kysely<Database>,
  scope: PortalScope,
  course: Pick<CourseRow, 'id' | 'title'>,
  student: { id: number; fullName: string },
  message: string,
): Promise<{ request: ApprovalRequestRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await locks.approval(trx, course.id, student.id);
    if (await findEnrollment(trx, scope, course.id, student.id))
      throw new Conflict({
        code: 'ALREADY_ENROLLED',
        title: 'Already enrolled',
        detail: 'You are already enrolled in this course.',
      });
    const pending = await trx
      .selectFrom('approval_requests')
      .selectAll()
      .where('portal_id', '=', scope)
      .where('kind', '=', 'enrollment')
      .where('student_id', '=', student.id)
      .where('course_id', '=', course.id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (pending) return { request: pending, created: false };
    const now = nowIso();
    const request = await trx
      .insertInto('approval_requests')
      .values({
        portal_id: scope,
        kind: 'enrollment',
        student_id: student.id,
        course_id: course.id,
        state: 'pending',
        message,
        decision_note: null,
        decided_by: null,
        decided_at: null,
        mandate_id: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await notifyMandatedCoaches(trx, scope, course, 'enrollment_approval_requested', student.fullName);
    return { request, created: true };
  });
}

/** The request as a document, with its course, for the student who asked. */
export async function approvalRequestDocument(context: IncludeContext, request: ApprovalRequestRow) {
  return buildDocument(presentApprovalRequest(request, { decide: false }), {
    included: await includeRelated(context, 'approval_requests', [request], new Set(['course'])),
  });
}

/** Tells the coaches whose mandate covers the course that a request of the student waits for them. */
async function notifyMandatedCoaches(
  trx: Executor,
  scope: PortalScope,
  course: Pick<CourseRow, 'id' | 'title'>,
  key: 'enrollment_approval_requested' | 'completion_signoff_requested',
  studentName: string,
): Promise<void> {
  for (const coachId of await mandatedCoaches(trx, scope, course.id))
    await notify(trx, {
      scope,
      accountId: coachId,
      key,
      params: { student: studentName, title: course.title },
      link: '/approvals',
    });
}

/**
 * A student finished every required object of a course that needs a coach's sign-off: the
 * enrolment stays open and a completion request waits (one at a time; a concurrent second one is
 * dropped by the partial unique index). The mandated coaches are notified. In the caller's
 * transaction.
 */
export async function requestCompletionSignoff(
  trx: Executor,
  scope: PortalScope,
  course: Pick<CourseRow, 'id' | 'title'>,
  studentId: number,
): Promise<void> {
  const now = nowIso();
  const inserted = await trx
    .insertInto('approval_requests')
    .values({
      portal_id: scope,
      kind: 'completion',
      student_id: studentId,
      course_id: course.id,
      state: 'pending',
      message: '',
      decision_note: null,
      decided_by: null,
      decided_at: null,
      mandate_id: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['portal_id', 'kind', 'student_id', 'course_id']) // The predicate of the partial unique index, as a literal: a bound parameter does not match it.
        .where(sql.ref('state'), '=', sql.lit('pending'))
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  const student = await trx
    .selectFrom('accounts')
    .select('full_name')
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  await notifyMandatedCoaches(trx, scope, course, 'completion_signoff_requested', student.full_name);
}
