import { FEATURES, hasSubscriptionAccess, isCourseComplete } from '@leerpad/core';
import type { MessageKey, ProgressStatus } from '@leerpad/core';
import { sql } from 'kysely';
import type { Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { containsInsensitive, nowIso } from '../../db/dialect';
import type { DialectName } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import { subscriptionActive } from '../../db/account-columns';
import { pagedList, type PageRequest, type SortOrder } from '../../db/pages';
import type { CourseRow, EnrollmentRow, LearningObjectProgressRow } from '../../db/schema-learning';
import type { Services } from '../../context/services';
import { Forbidden, NotFound, PaymentRequired } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import type { AccountContext } from '../../context/account';
import { assignmentSettings } from '../course-content/learning-object-settings';
import { notify } from '../notifications/service';
import { emitWebhookEvent } from '../webhooks/service';
import { queueSelfStatement } from '../xapi/self-statements';
import { coursePolicy } from '../course-content/policy';
import { findCourse, findEnrollment } from '../course-content/queries';
import { courseLink } from './messages';
import { requestCompletionSignoff } from './approval-requests';

export const notEnrolled = () =>
  new Forbidden({ code: 'NOT_ENROLLED', detail: 'Enrol in this course to open its learning objects.' });

/** 402 unless the business model lets this account learn (SPEC §4 "Subscription access"). */
export async function requireSubscription(
  db: Executor,
  portal: PortalContext,
  account: AccountContext,
): Promise<void> {
  const active = await subscriptionActive(db, account);
  if (
    !hasSubscriptionAccess({
      models: portal.businessModels,
      subscriptionActive: active,
      roles: account.roles,
    })
  ) {
    throw new PaymentRequired();
  }
}

/**
 * The course behind a learning object, for reading its content: 404 when the course is hidden from
 * the account, 403 NOT_ENROLLED when it is visible but the student has not enrolled, 402 when a
 * learner's subscription is missing. Staff and coaches read without enrolling.
 */
export async function contentAccess(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  courseId: number,
): Promise<{ course: InPortal<CourseRow>; enrollment: InPortal<EnrollmentRow> | undefined }> {
  const course = await findCourse(services.db, portal.id, courseId);
  const enrollment = await findEnrollment(services.db, portal.id, course.id, account.id);
  if (!coursePolicy.canReadContent(account, course, Boolean(enrollment))) {
    if (coursePolicy.canView(account, course, Boolean(enrollment))) throw notEnrolled();
    throw new NotFound('learning object');
  }
  if (!coursePolicy.readsAsStaff(account)) await requireSubscription(services.db, portal, account);
  return { course, enrollment };
}

/** For a learner's own writes (progress, attempts, answers): an enrolment in a course that is open. */
export async function learnerEnrollment(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  courseId: number,
): Promise<{ course: InPortal<CourseRow>; enrollment: InPortal<EnrollmentRow> }> {
  const { course, enrollment } = await contentAccess(services, portal, account, courseId);
  if (!enrollment) throw notEnrolled();
  if (course.status === 'draft') throw new NotFound('learning object');
  return { course, enrollment };
}

/** Enrols the account; enrolling twice returns the first enrolment. */
export async function enroll(
  db: Kysely<Database>,
  scope: PortalScope,
  course: CourseRow,
  accountId: number,
): Promise<{ enrollment: EnrollmentRow; created: boolean }> {
  return db.transaction().execute((trx) => enrollWithin(trx, scope, course, accountId));
}

/** Enrols the account inside the caller's transaction (an approved request enrols as it is decided). */
export async function enrollWithin(
  trx: Executor,
  scope: PortalScope,
  course: Pick<CourseRow, 'id' | 'title'>,
  accountId: number,
): Promise<{ enrollment: EnrollmentRow; created: boolean }> {
  const existing = await findEnrollment(trx, scope, course.id, accountId);
  if (existing) return { enrollment: existing, created: false };
  const now = nowIso();
  const enrollment = await trx
    .insertInto('enrollments')
    .values({
      portal_id: scope,
      course_id: course.id,
      account_id: accountId,
      status: 'active',
      last_learning_object_id: null,
      enrolled_at: now,
      last_activity_at: now,
      completed_at: null,
    })
    .onConflict((oc) => oc.columns(['course_id', 'account_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (enrollment) {
    await refreshProgress(trx, { enrollmentIds: [enrollment.id] });
    await emitWebhookEvent(trx, scope, 'enrollment.created', {
      enrollment_id: String(enrollment.id),
      course_id: String(course.id),
      course_title: course.title,
      account_id: String(accountId),
      enrolled_at: enrollment.enrolled_at,
    });
    return { enrollment, created: true };
  }
  const raced = await findEnrollment(trx, scope, course.id, accountId);
  if (!raced) throw new Error('enrolment vanished');
  return { enrollment: raced, created: false };
}

export interface ProgressCounts {
  required: number;
  completed: number;
  percent: number;
}

/**
 * Required and completed-required object counts per enrolment, as stored on the enrolment rows
 * (kept by `refreshProgress` in every transaction that changes them; decision 039).
 */
export async function progressCounts(
  db: Executor,
  enrollments: Array<Pick<EnrollmentRow, 'id'>>,
): Promise<Map<number, ProgressCounts>> {
  const result = new Map<number, ProgressCounts>();
  if (enrollments.length === 0) return result;
  const ids = [...new Set(enrollments.map((e) => e.id))];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('enrollments')
      .select(['id', 'progress_required', 'progress_completed', 'progress_percent'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows)
      result.set(row.id, {
        required: row.progress_required,
        completed: row.progress_completed,
        percent: row.progress_percent,
      });
  }
  return result;
}

/**
 * Recounts the stored progress of enrolments from their source (required objects of the course,
 * completed progress rows on them), in the caller's transaction: the one place progress is
 * computed. Called wherever either side changes: progress written or reset, objects added, removed
 * or made (not) required, an enrolment created.
 */
export async function refreshProgress(
  trx: Executor,
  target: { enrollmentIds: number[] } | { courseId: number } | { portalId: number },
): Promise<void> {
  if ('enrollmentIds' in target && target.enrollmentIds.length === 0) return;
  type Update = UpdateQueryBuilder<Database, 'enrollments', 'enrollments', UpdateResult>;
  const restrict = (query: Update): Update =>
    'enrollmentIds' in target
      ? query.where('id', 'in', target.enrollmentIds)
      : 'courseId' in target
        ? query.where('course_id', '=', target.courseId)
        : query.where('portal_id', '=', target.portalId);
  await restrict(
    trx.updateTable('enrollments').set((eb) => ({
      progress_required: eb
        .selectFrom('learning_objects')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .whereRef('learning_objects.course_id', '=', 'enrollments.course_id')
        .where('learning_objects.required', '=', 1),
      progress_completed: eb
        .selectFrom('learning_object_progress')
        .innerJoin('learning_objects', 'learning_objects.id', 'learning_object_progress.learning_object_id')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .whereRef('learning_object_progress.enrollment_id', '=', 'enrollments.id')
        .where('learning_object_progress.status', '=', 'completed')
        .where('learning_objects.required', '=', 1),
    })),
  ).execute();
  // courseProgressPercent (core) in SQL: 0 without required objects, else the floored share, at most 100.
  await restrict(
    trx.updateTable('enrollments').set({
      progress_percent: sql<number>`case
        when progress_required <= 0 then 0
        when progress_completed >= progress_required then 100
        else (progress_completed * 100) / progress_required end`,
    }),
  ).execute();
}

/** An account's progress rows in one course (through its enrolment), without looking the enrolment up first. */
export async function progressInCourse(
  db: Executor,
  scope: PortalScope,
  courseId: number,
  accountId: number,
): Promise<LearningObjectProgressRow[]> {
  return db
    .selectFrom('learning_object_progress')
    .innerJoin('enrollments', 'enrollments.id', 'learning_object_progress.enrollment_id')
    .selectAll('learning_object_progress')
    .where('enrollments.portal_id', '=', scope)
    .where('enrollments.course_id', '=', courseId)
    .where('enrollments.account_id', '=', accountId)
    .orderBy('learning_object_progress.learning_object_id')
    .execute();
}

export async function progressOf(db: Executor, enrollmentId: number): Promise<LearningObjectProgressRow[]> {
  return db
    .selectFrom('learning_object_progress')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .orderBy('learning_object_id')
    .execute();
}

export interface ProgressChange {
  /** 'completed' completes; 'reopened' takes completion back (a student un-ticking a page); otherwise it is kept. */
  status?: 'completed' | 'reopened' | undefined;
  lastPosition?: number | null | undefined;
  /** Keeps the best score seen. */
  score?: number | undefined;
  countAttempt?: boolean | undefined;
  /** Whether this is the student at work (moves "resume here"); false for a coach's approval. */
  byStudent?: boolean | undefined;
}

/**
 * Records progress on one object and marks the enrolment as last active there. Completion is only
 * taken back when asked to (a failed quiz retry after a pass stays completed).
 */
export async function recordProgress(
  trx: Executor,
  enrollment: InPortal<EnrollmentRow>,
  learningObjectId: number,
  change: ProgressChange,
): Promise<LearningObjectProgressRow> {
  const now = nowIso();
  const existing = await trx
    .selectFrom('learning_object_progress')
    .selectAll()
    .where('enrollment_id', '=', enrollment.id)
    .where('learning_object_id', '=', learningObjectId)
    .executeTakeFirst();
  let status: ProgressStatus = (existing?.status as ProgressStatus | undefined) ?? 'in_progress';
  if (change.status === 'completed') status = 'completed';
  else if (change.status === 'reopened') status = 'in_progress';
  else if (status === 'not_started') status = 'in_progress';
  const completedAt = status === 'completed' ? (existing?.completed_at ?? now) : null;
  const score =
    change.score === undefined
      ? (existing?.score ?? null)
      : Math.max(change.score, existing?.score ?? Number.NEGATIVE_INFINITY);
  const values = {
    status,
    last_position:
      change.lastPosition === undefined ? (existing?.last_position ?? null) : change.lastPosition,
    score,
    attempts_count: (existing?.attempts_count ?? 0) + (change.countAttempt ? 1 : 0),
    completed_at: completedAt,
    updated_at: now,
  };
  const row = existing
    ? await trx
        .updateTable('learning_object_progress')
        .set(values)
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
    : await trx
        .insertInto('learning_object_progress')
        .values({
          portal_id: enrollment.portal_id,
          enrollment_id: enrollment.id,
          learning_object_id: learningObjectId,
          ...values,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
  if (status === 'completed' && existing?.status !== 'completed') {
    await queueSelfStatement(trx, enrollment.portal_id, {
      verb: 'completed',
      accountId: enrollment.account_id,
      object: { kind: 'learning_object', id: learningObjectId },
    });
  }
  if (change.byStudent !== false) {
    await trx
      .updateTable('enrollments')
      .set({ last_learning_object_id: learningObjectId, last_activity_at: now })
      .where('id', '=', enrollment.id)
      .execute();
  }
  // The enrolment counts completed objects only: it changes when this object's completion does.
  if ((status === 'completed') !== (existing?.status === 'completed')) {
    await refreshProgress(trx, { enrollmentIds: [enrollment.id] });
  }
  return row;
}

/**
 * Marks the enrolment completed once every required object is, and notifies the student with a
 * link to the course — in the caller's transaction. Completion is kept once reached.
 */
export async function completeEnrollmentIfDone(
  trx: Executor,
  portal: PortalContext,
  enrollmentId: number,
): Promise<EnrollmentRow> {
  const enrollment = await trx
    .selectFrom('enrollments')
    .selectAll()
    .where('id', '=', enrollmentId)
    .executeTakeFirstOrThrow();
  if (enrollment.completed_at) return enrollment;
  const counts = (await progressCounts(trx, [enrollment])).get(enrollment.id);
  if (!counts || !isCourseComplete(counts.required, counts.completed)) return enrollment;
  const course = await trx
    .selectFrom('courses')
    .select(['id', 'title', 'requires_signoff'])
    .where('id', '=', enrollment.course_id)
    .executeTakeFirstOrThrow();
  if (course.requires_signoff && portal.features.has(FEATURES.coachMandateApprovals)) {
    // The coach signs the completion off (modules/approvals); until then the enrolment stays open.
    await requestCompletionSignoff(trx, portal.id, course, enrollment.account_id);
    return enrollment;
  }
  return markCompleted(trx, portal.id, enrollment, course, 'course_completed');
}

/**
 * Marks the enrolment completed (once), notifies the student with `key` and emits
 * `course.completed` — in the caller's transaction.
 */
export async function markCompleted(
  trx: Executor,
  scope: PortalScope,
  enrollment: EnrollmentRow,
  course: Pick<CourseRow, 'id' | 'title'>,
  key: MessageKey,
): Promise<EnrollmentRow> {
  const completedAt = nowIso();
  const changed = await trx
    .updateTable('enrollments')
    .set({ status: 'completed', completed_at: completedAt })
    .where('id', '=', enrollment.id)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) > 0) {
    await notify(trx, {
      scope,
      accountId: enrollment.account_id,
      key,
      params: { title: course.title },
      link: courseLink(course.id),
    });
    await emitWebhookEvent(trx, scope, 'course.completed', {
      enrollment_id: String(enrollment.id),
      course_id: String(course.id),
      course_title: course.title,
      account_id: String(enrollment.account_id),
      completed_at: completedAt,
    });
    await queueSelfStatement(trx, scope, {
      verb: 'completed',
      accountId: enrollment.account_id,
      object: { kind: 'course', id: course.id },
    });
  }
  return { ...enrollment, status: 'completed', completed_at: completedAt };
}

/** Whether any assignment of the course is handed in by groups. */
export async function hasGroupAssignment(
  db: Executor,
  scope: PortalScope,
  courseId: number,
): Promise<boolean> {
  const assignments = await db
    .selectFrom('learning_objects')
    .select('settings')
    .where('portal_id', '=', scope)
    .where('course_id', '=', courseId)
    .where('type', '=', 'assignment')
    .execute();
  return assignments.some((row) => assignmentSettings(row.settings).group_submission);
}

/** The other accounts enrolled in a course, by name; `search` matches part of the name. */
export async function classmatesOf(
  db: Executor,
  dialect: DialectName,
  scope: PortalScope,
  courseId: number,
  exceptAccountId: number,
  search: string | undefined,
  page: PageRequest,
) {
  let query = db
    .selectFrom('enrollments')
    .innerJoin('accounts', 'accounts.id', 'enrollments.account_id')
    .where('enrollments.portal_id', '=', scope)
    .where('accounts.portal_id', '=', scope)
    .where('enrollments.course_id', '=', courseId)
    .where('enrollments.account_id', '!=', exceptAccountId);
  const needle = search?.trim();
  if (needle) query = query.where((eb) => containsInsensitive(dialect, eb.ref('accounts.full_name'), needle));
  const rows = query
    .select(['accounts.id', 'accounts.full_name'])
    .orderBy('accounts.full_name')
    .orderBy('accounts.id');
  return pagedList(query, rows, page);
}

export type EnrollmentSort = SortOrder<'last_activity_at' | 'enrolled_at' | 'completed_at'>;

/**
 * Enrolments of the portal: the reader's own, or — `others` — those of the named courses and
 * accounts; each `sort` key, then the newest first.
 */
export function listEnrollments(
  db: Executor,
  scope: PortalScope,
  filters: { readerId: number; courseIds?: number[]; accountIds?: number[]; status?: string },
  sort: EnrollmentSort[],
  page: PageRequest,
) {
  let filtered = db.selectFrom('enrollments').where('portal_id', '=', scope);
  if (!filters.courseIds && !filters.accountIds)
    filtered = filtered.where('account_id', '=', filters.readerId);
  if (filters.courseIds) filtered = filtered.where('course_id', 'in', filters.courseIds);
  if (filters.accountIds) filtered = filtered.where('account_id', 'in', filters.accountIds);
  if (filters.status) filtered = filtered.where('status', '=', filters.status);
  let rows = filtered.selectAll();
  for (const order of sort) rows = rows.orderBy(order.key, order.direction);
  return pagedList(filtered, rows.orderBy('id', 'desc'), page);
}
