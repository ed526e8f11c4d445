/**
 * Assignment and Grade Services 2.0 and Names and Role Provisioning 2.0 (decision 070). A tool sees
 * a course only when one of its resource links or line items is in it. A score on a line item tied
 * to a learning object feeds that object's progress like a quiz result: its percentage as the score,
 * completed once the tool says the activity is completed or fully graded.
 */
import { z } from 'zod';
import type { PortalContext } from '../../context/portal';
import { nowIso } from '../../db/dialect';
import type { Kysely } from 'kysely';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { LtiLineItemRow } from '../../db/schema-lti';
import { completeEnrollmentIfDone, recordProgress } from '../enrollments/service';
import { LtiHttpError } from './http-error';
import { lisRoles } from './launch';
import { ltiUrls } from './urls';

export async function toolMayUseCourse(
  db: Executor,
  scope: PortalScope,
  toolId: number,
  courseId: number,
): Promise<boolean> {
  const link = await db
    .selectFrom('lti_resource_links')
    .innerJoin('learning_objects', 'learning_objects.id', 'lti_resource_links.learning_object_id')
    .select('lti_resource_links.id')
    .where('lti_resource_links.portal_id', '=', scope)
    .where('lti_resource_links.tool_id', '=', toolId)
    .where('learning_objects.course_id', '=', courseId)
    .executeTakeFirst();
  if (link) return true;
  const item = await db
    .selectFrom('lti_line_items')
    .select('id')
    .where('portal_id', '=', scope)
    .where('tool_id', '=', toolId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return Boolean(item);
}

function lineItemQuery(db: Executor, scope: PortalScope, toolId: number, courseId: number) {
  return db
    .selectFrom('lti_line_items')
    .leftJoin(
      'lti_resource_links',
      'lti_resource_links.learning_object_id',
      'lti_line_items.learning_object_id',
    )
    .selectAll('lti_line_items')
    .select('lti_resource_links.resource_link_id')
    .where('lti_line_items.portal_id', '=', scope)
    .where('lti_line_items.tool_id', '=', toolId)
    .where('lti_line_items.course_id', '=', courseId);
}
type LineItemWithLink = LtiLineItemRow & { resource_link_id: string | null };

export function listLineItems(
  db: Executor,
  scope: PortalScope,
  toolId: number,
  courseId: number,
  filters: Record<string, string | undefined>,
) {
  let query = lineItemQuery(db, scope, toolId, courseId);
  if (filters['resource_link_id'])
    query = query.where('lti_resource_links.resource_link_id', '=', filters['resource_link_id']);
  if (filters['resource_id']) query = query.where('lti_line_items.resource_id', '=', filters['resource_id']);
  if (filters['tag']) query = query.where('lti_line_items.tag', '=', filters['tag']);
  return query.orderBy('lti_line_items.id').execute();
}

export async function findLineItem(
  db: Executor,
  scope: PortalScope,
  toolId: number,
  courseId: number,
  idParam: string,
): Promise<LineItemWithLink> {
  const id = /^[1-9][0-9]{0,9}$/.test(idParam) ? Number(idParam) : NaN;
  const row = Number.isSafeInteger(id)
    ? await lineItemQuery(db, scope, toolId, courseId).where('lti_line_items.id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw new LtiHttpError(404, 'not_found', 'No such line item.');
  return row;
}

export function lineItemJson(baseUrl: string, row: LineItemWithLink) {
  return {
    id: ltiUrls(baseUrl).lineItem(row.course_id, row.id),
    label: row.label,
    scoreMaximum: row.score_maximum,
    ...(row.resource_id ? { resourceId: row.resource_id } : {}),
    ...(row.tag ? { tag: row.tag } : {}),
    ...(row.resource_link_id ? { resourceLinkId: row.resource_link_id } : {}),
  };
}

const lineItemBody = z.object({
  label: z.string().trim().min(1).max(200),
  scoreMaximum: z.number().positive().max(1_000_000),
  resourceId: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  resourceLinkId: z.string().max(200).optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LtiHttpError(
      400,
      'invalid_request',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

export async function createLineItem(
  db: Executor,
  scope: PortalScope,
  toolId: number,
  courseId: number,
  body: unknown,
): Promise<LineItemWithLink> {
  const input = parse(lineItemBody, body);
  let learningObjectId: number | null = null;
  if (input.resourceLinkId) {
    const link = await db
      .selectFrom('lti_resource_links')
      .innerJoin('learning_objects', 'learning_objects.id', 'lti_resource_links.learning_object_id')
      .select('lti_resource_links.learning_object_id')
      .where('lti_resource_links.portal_id', '=', scope)
      .where('lti_resource_links.tool_id', '=', toolId)
      .where('lti_resource_links.resource_link_id', '=', input.resourceLinkId)
      .where('learning_objects.course_id', '=', courseId)
      .executeTakeFirst();
    if (!link) throw new LtiHttpError(400, 'invalid_request', 'resourceLinkId: no such resource link here.');
    learningObjectId = link.learning_object_id;
  }
  const row = await db
    .insertInto('lti_line_items')
    .values({
      portal_id: scope,
      tool_id: toolId,
      course_id: courseId,
      learning_object_id: learningObjectId,
      label: input.label,
      score_maximum: input.scoreMaximum,
      resource_id: input.resourceId ?? null,
      tag: input.tag ?? null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return findLineItem(db, scope, toolId, courseId, String(row.id));
}

/** Changes a line item's label, maximum, resource id or tag (AGS PUT; the whole item is sent). */
export async function updateLineItem(
  db: Executor,
  scope: PortalScope,
  item: LtiLineItemRow,
  body: unknown,
): Promise<LineItemWithLink> {
  const input = parse(lineItemBody, body);
  await db
    .updateTable('lti_line_items')
    .set({
      label: input.label,
      score_maximum: input.scoreMaximum,
      resource_id: input.resourceId ?? null,
      tag: input.tag ?? null,
    })
    .where('portal_id', '=', scope)
    .where('id', '=', item.id)
    .execute();
  return findLineItem(db, scope, item.tool_id, item.course_id, String(item.id));
}

/** Removes a line item with its scores; the progress they fed stays. */
export async function deleteLineItem(db: Executor, scope: PortalScope, item: LtiLineItemRow): Promise<void> {
  await db.deleteFrom('lti_line_items').where('portal_id', '=', scope).where('id', '=', item.id).execute();
}

const scoreBody = z.object({
  userId: z.string().min(1).max(40),
  scoreGiven: z.number().min(0).optional(),
  scoreMaximum: z.number().positive().optional(),
  activityProgress: z.enum(['Initialized', 'Started', 'InProgress', 'Submitted', 'Completed']),
  gradingProgress: z.enum(['FullyGraded', 'Pending', 'PendingManual', 'Failed', 'NotReady']),
  timestamp: z.string().datetime({ offset: true }),
  comment: z.string().max(5000).optional(),
});

/** Stores a learner's score (a newer one replaces it; an older one is ignored) and feeds progress. */
export async function postScore(
  db: Kysely<Database>,
  portal: PortalContext,
  item: LtiLineItemRow,
  body: unknown,
): Promise<void> {
  const input = parse(scoreBody, body);
  if (input.scoreGiven !== undefined && input.scoreMaximum === undefined)
    throw new LtiHttpError(400, 'invalid_request', 'scoreMaximum: required with scoreGiven.');
  const accountId = /^[1-9][0-9]{0,9}$/.test(input.userId) ? Number(input.userId) : NaN;
  const enrollment = Number.isSafeInteger(accountId)
    ? await db
        .selectFrom('enrollments')
        .selectAll()
        .where('portal_id', '=', portal.id)
        .where('course_id', '=', item.course_id)
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  if (!enrollment) throw new LtiHttpError(400, 'invalid_request', 'userId: not a learner of this context.');
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('lti_scores')
      .select(['id', 'timestamp'])
      .where('line_item_id', '=', item.id)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    const timestamp = new Date(input.timestamp).toISOString();
    if (existing && Date.parse(existing.timestamp) >= Date.parse(timestamp)) return;
    const values = {
      score_given: input.scoreGiven ?? null,
      score_maximum: input.scoreMaximum ?? null,
      activity_progress: input.activityProgress,
      grading_progress: input.gradingProgress,
      comment: input.comment ?? null,
      timestamp,
    };
    if (existing) await trx.updateTable('lti_scores').set(values).where('id', '=', existing.id).execute();
    else
      await trx
        .insertInto('lti_scores')
        .values({ portal_id: portal.id, line_item_id: item.id, account_id: accountId, ...values })
        .execute();
    if (!item.learning_object_id) return;
    const done = input.activityProgress === 'Completed' || input.gradingProgress === 'FullyGraded';
    const score =
      input.scoreGiven !== undefined && input.scoreMaximum
        ? Math.round((input.scoreGiven / input.scoreMaximum) * 100)
        : undefined;
    await recordProgress(trx, { ...enrollment, portal_id: portal.id }, item.learning_object_id, {
      status: done ? 'completed' : undefined,
      score,
    });
    if (done) await completeEnrollmentIfDone(trx, portal, enrollment.id);
  });
}

export async function resultsOf(db: Executor, baseUrl: string, item: LtiLineItemRow) {
  const rows = await db
    .selectFrom('lti_scores')
    .selectAll()
    .where('line_item_id', '=', item.id)
    .orderBy('account_id')
    .execute();
  const itemUrl = ltiUrls(baseUrl).lineItem(item.course_id, item.id);
  return rows.map((row) => ({
    id: `${itemUrl}/results/${row.account_id}`,
    scoreOf: itemUrl,
    userId: String(row.account_id),
    ...(row.score_given !== null ? { resultScore: row.score_given } : {}),
    ...(row.score_maximum !== null ? { resultMaximum: row.score_maximum } : {}),
    ...(row.comment ? { comment: row.comment } : {}),
  }));
}

/**
 * The course's members as NRPS 2.0 lists them: its enrolled learners and their coaches, each with
 * the LIS roles their Leerpad roles map to. `limit` pages the list (a `next` address when more follow).
 */
export async function memberships(
  db: Executor,
  portal: PortalContext,
  courseId: number,
  page: { limit: number | null; offset: number } = { limit: null, offset: 0 },
) {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('portal_id', '=', portal.id)
    .where('id', '=', courseId)
    .executeTakeFirstOrThrow();
  const learners = await db
    .selectFrom('enrollments')
    .innerJoin('accounts', 'accounts.id', 'enrollments.account_id')
    .select(['accounts.id', 'accounts.full_name', 'accounts.email', 'accounts.primary_coach_id'])
    .where('enrollments.portal_id', '=', portal.id)
    .where('enrollments.course_id', '=', courseId)
    .execute();
  const learnerIds = new Set(learners.map((row) => row.id));
  const coachIds = [
    ...new Set(learners.flatMap((row) => (row.primary_coach_id === null ? [] : [row.primary_coach_id]))),
  ].filter((id) => !learnerIds.has(id));
  const coaches =
    coachIds.length === 0
      ? []
      : await db
          .selectFrom('accounts')
          .select(['id', 'full_name', 'email'])
          .where('portal_id', '=', portal.id)
          .where('id', 'in', coachIds)
          .where('deactivated_at', 'is', null)
          .execute();
  const everyone = [
    ...learners.map((row) => ({ ...row, enrolled: true })),
    ...coaches.map((row) => ({ ...row, enrolled: false })),
  ].sort((a, b) => a.id - b.id);
  const roleRows =
    everyone.length === 0
      ? []
      : await db
          .selectFrom('account_roles')
          .select(['account_id', 'role'])
          .where(
            'account_id',
            'in',
            everyone.map((row) => row.id),
          )
          .execute();
  const rolesOf = new Map<number, string[]>();
  for (const row of roleRows) rolesOf.set(row.account_id, [...(rolesOf.get(row.account_id) ?? []), row.role]);
  const shown =
    page.limit === null ? everyone.slice(page.offset) : everyone.slice(page.offset, page.offset + page.limit);
  return {
    container: {
      id: ltiUrls(portal.row.base_url).memberships(courseId),
      context: { id: String(course.id), title: course.title },
      members: shown.map((row) => ({
        status: 'Active',
        user_id: String(row.id),
        name: row.full_name,
        email: row.email,
        roles: lisRoles(rolesOf.get(row.id) ?? [], row.enrolled),
      })),
    },
    more: page.limit !== null && page.offset + page.limit < everyone.length,
  };
}
