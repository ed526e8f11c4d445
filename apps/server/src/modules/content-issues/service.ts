import { CONTENT_ISSUE_STATUSES } from '@leerpad/core';
import type { ContentIssueCategory, ContentIssueStatus } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import { findInPortal } from '../../db/find-in-portal';
import { pagedList, tally, type PageRequest, type SortOrder } from '../../db/pages';
import type { ContentIssueRow, LearningObjectRow } from '../../db/schema-learning';
import type { PortalContext } from '../../context/portal';
import { courseLink } from '../enrollments/messages';
import { notify } from '../notifications/service';

export const findContentIssue = (db: Executor, scope: PortalScope, id: number): Promise<ContentIssueRow> =>
  findInPortal(db, 'content_issues', scope, id);

export type ContentIssueSort = SortOrder<'created_at' | 'updated_at' | 'status'>;

/**
 * Content issues of the portal (only `reporterId`'s when given), newest first after `sort`, with
 * the count of each status over the same reader's issues.
 */
export async function listContentIssues(
  db: Executor,
  scope: PortalScope,
  filters: {
    reporterId?: number;
    statuses?: ContentIssueStatus[];
    categories?: ContentIssueCategory[];
    courseIds?: number[];
  },
  sort: ContentIssueSort[],
  page: PageRequest,
) {
  let readable = db.selectFrom('content_issues').where('portal_id', '=', scope);
  if (filters.reporterId !== undefined) readable = readable.where('reporter_id', '=', filters.reporterId);
  let filtered = readable;
  if (filters.statuses) filtered = filtered.where('status', 'in', filters.statuses);
  if (filters.categories) filtered = filtered.where('category', 'in', filters.categories);
  if (filters.courseIds) filtered = filtered.where('course_id', 'in', filters.courseIds);
  let rows = filtered.selectAll();
  for (const order of sort) rows = rows.orderBy(order.key, order.direction);
  const [list, byStatus] = await Promise.all([
    pagedList(filtered, rows.orderBy('id', 'desc'), page),
    readable
      .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('status')
      .execute(),
  ]);
  return { ...list, statusCounts: tally(CONTENT_ISSUE_STATUSES, 'status', byStatus) };
}

export async function reportContentIssue(
  db: Kysely<Database>,
  object: InPortal<LearningObjectRow>,
  reporterId: number,
  input: { category: ContentIssueCategory; description: string },
): Promise<ContentIssueRow> {
  const now = nowIso();
  return db
    .insertInto('content_issues')
    .values({
      portal_id: object.portal_id,
      course_id: object.course_id,
      learning_object_id: object.id,
      reporter_id: reporterId,
      category: input.category,
      description: input.description,
      status: 'open',
      staff_note: null,
      resolved_by: null,
      resolved_at: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves an issue between open, in progress and resolved. Resolving records who and when, and tells
 * the reporter through a notification — in the same transaction; reopening clears the resolution.
 */
export async function updateContentIssue(
  db: Kysely<Database>,
  portal: PortalContext,
  issue: ContentIssueRow,
  actorId: number,
  changes: { status?: ContentIssueStatus | undefined; staff_note?: string | null | undefined },
): Promise<ContentIssueRow> {
  return db.transaction().execute(async (trx) => {
    const current = await findContentIssue(trx, portal.id, issue.id);
    const now = nowIso();
    const resolving = changes.status === 'resolved' && current.status !== 'resolved';
    const reopening =
      changes.status !== undefined && changes.status !== 'resolved' && current.status === 'resolved';
    await trx
      .updateTable('content_issues')
      .set({
        ...(changes.status === undefined ? {} : { status: changes.status }),
        ...(changes.staff_note === undefined ? {} : { staff_note: changes.staff_note }),
        ...(resolving ? { resolved_at: now, resolved_by: actorId } : {}),
        ...(reopening ? { resolved_at: null, resolved_by: null } : {}),
        updated_at: now,
      })
      .where('id', '=', current.id)
      .execute();
    if (resolving && current.reporter_id !== null) {
      const [course, object] = await Promise.all([
        trx
          .selectFrom('courses')
          .select(['id', 'title'])
          .where('id', '=', current.course_id)
          .executeTakeFirstOrThrow(),
        current.learning_object_id === null
          ? Promise.resolve(undefined)
          : trx
              .selectFrom('learning_objects')
              .select(['id', 'title'])
              .where('id', '=', current.learning_object_id)
              .executeTakeFirst(),
      ]);
      await notify(trx, {
        scope: portal.id,
        accountId: current.reporter_id,
        key: 'content_issue_resolved',
        params: { title: object?.title ?? course.title },
        link: courseLink(course.id, object?.id),
      });
    }
    return findContentIssue(trx, portal.id, current.id);
  });
}
