import { CONTENT_ISSUE_CATEGORIES, CONTENT_ISSUE_STATUSES } from '@leerpad/core';
import { z } from 'zod';
import type { ContentIssueRow } from '../../db/schema-learning';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import { includeRelated } from '../../http/includes';
import {
  buildDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  resourceDocument,
} from '../../http/jsonapi';
import { includeQuery, sortQuery } from '../../http/query-contract';
import { enumListFilter, idListFilter, sortFrom } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import type { AccountContext } from '../../context/account';
import { findLearningObject } from '../course-content/queries';
import { contentAccess } from '../enrollments/service';
import { contentIssuePolicy } from './policy';
import { presentContentIssue } from './presenter';
import { findContentIssue, listContentIssues, reportContentIssue, updateContentIssue } from './service';
import { contentIssueResource } from './schema';
import { ISSUE_INCLUDES } from './resources';

async function issuesDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  rows: ContentIssueRow[],
  include: ReadonlySet<string>,
  options: { single: boolean; meta?: Record<string, unknown> },
) {
  const triage = contentIssuePolicy.canTriage(account);
  const data = rows.map((row) => presentContentIssue(row, { update: triage }));
  const included = await includeRelated({ services, portal, account }, 'content_issues', rows, include);
  return buildDocument(options.single ? (data[0] ?? null) : data, {
    included,
    ...(options.meta ? { meta: options.meta } : {}),
  });
}

const ISSUE_SORTS = ['created_at', 'updated_at', 'status'] as const;

export const contentIssueRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/content_issues',
    summary: 'Report a problem in a learning object: category and description',
    tags: ['content issues'],
    permission: 'signed-in',
    response: resourceDocument(contentIssueResource),
    status: 201,
    params: z.object({ learning_object: idParam }),
    resourceType: 'content_issues',
    body: z.object({
      category: z.enum(CONTENT_ISSUE_CATEGORIES),
      description: z.string().trim().min(1).max(5000),
    }),
    async handler({ services, portal, account, params, body }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      await contentAccess(services, portal, account, object.course_id);
      const issue = await reportContentIssue(services.db, object, account.id, body);
      return issuesDocument(services, portal, account, [issue], new Set(), { single: true });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/content_issues',
    summary:
      'Content issues: all of the portal for staff (filter by status, course, category), my own reports otherwise; newest first',
    tags: ['content issues'],
    permission: 'signed-in',
    response: listDocument(contentIssueResource, {
      status_counts: z.object({
        open: z.number().int(),
        in_progress: z.number().int(),
        resolved: z.number().int(),
      }),
    }),
    query: z.object({
      ...listQueryShape,
      sort: sortQuery(ISSUE_SORTS),
      include: includeQuery(ISSUE_INCLUDES),
      'filter[status]': enumListFilter(CONTENT_ISSUE_STATUSES).optional(),
      'filter[category]': enumListFilter(CONTENT_ISSUE_CATEGORIES).optional(),
      'filter[course]': idListFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, ISSUE_INCLUDES);
      const sort = sortFrom(query.sort, ISSUE_SORTS, [{ key: 'created_at', direction: 'desc' }]);
      const page = pageFrom(query);
      const list = await listContentIssues(
        services.db,
        portal.id,
        {
          reporterId: contentIssuePolicy.canTriage(account) ? undefined : account.id,
          statuses: query['filter[status]'],
          categories: query['filter[category]'],
          courseIds: query['filter[course]'],
        },
        sort,
        page,
      );
      return issuesDocument(services, portal, account, list.rows, include, {
        single: false,
        meta: { ...list.meta, status_counts: list.statusCounts },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/content_issues/:content_issue',
    summary: 'One content issue (staff, or its reporter)',
    tags: ['content issues'],
    permission: 'signed-in',
    response: resourceDocument(contentIssueResource),
    params: z.object({ content_issue: idParam }),
    query: z.object({ include: includeQuery(ISSUE_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, ISSUE_INCLUDES);
      const issue = await findContentIssue(services.db, portal.id, params.content_issue);
      if (!contentIssuePolicy.canSee(account, issue)) throw ApiError.notFound('content issue');
      return issuesDocument(services, portal, account, [issue], include, { single: true });
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/content_issues/:content_issue',
    summary:
      'Triage a content issue (staff): status open | in_progress | resolved, staff_note. Resolving notifies the reporter',
    tags: ['content issues'],
    permission: 'triage:content-issue',
    response: resourceDocument(contentIssueResource),
    params: z.object({ content_issue: idParam }),
    resourceType: 'content_issues',
    body: z.object({
      status: z.enum(CONTENT_ISSUE_STATUSES).optional(),
      staff_note: z.string().trim().max(5000).nullable().optional(),
    }),
    async handler({ services, portal, account, params, body }) {
      const issue = await findContentIssue(services.db, portal.id, params.content_issue);
      const updated = await updateContentIssue(services.db, portal, issue, account.id, body);
      return issuesDocument(services, portal, account, [updated], new Set(), { single: true });
    },
  }),
];
