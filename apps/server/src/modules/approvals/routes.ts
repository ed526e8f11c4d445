import { FEATURES } from '@leerpad/core';
import { z } from 'zod';
import type { ApprovalRequestRow, CoachMandateRow } from '../../db/schema-coaching';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import { includeRelated } from '../../http/includes';
import {
  buildDocument,
  deletedDocument,
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
import { relatedTo, relatedToMany } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { coursePolicy } from '../course-content/policy';
import { findCourse } from '../course-content/queries';
import { approvalPolicy } from './policy';
import type { MandateScope } from './policy';
import { presentApprovalRequest, presentCoachMandate } from './presenter';
import {
  activeMandate,
  changeMandate,
  checkMandateInput,
  decideRequest,
  findApprovalRequest,
  findMandate,
  grantMandate,
  listApprovalRequests,
  listMandates,
  mandateCourses,
  revokeMandate,
} from './service';
import { approvalRequestDocument, requestEnrollment } from '../enrollments/approval-requests';
import { MANDATE_INCLUDES, REQUEST_INCLUDES } from './resources';
import { APPROVAL_STATES, DECISIONS, approvalRequestResource, coachMandateResource } from './schema';

const noteText = z.string().trim().max(2000);

async function requestsDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  scope: MandateScope | null,
  rows: ApprovalRequestRow[],
  include: ReadonlySet<string>,
  options: { single: boolean; meta?: Record<string, unknown> },
) {
  const decides = approvalPolicy.decidesByRole(account, portal);
  const data = rows.map((row) =>
    presentApprovalRequest(row, {
      decide: row.state === 'pending' && decides && approvalPolicy.covers(scope, row.course_id),
    }),
  );
  const included = await includeRelated({ services, portal, account }, 'approval_requests', rows, include);
  return buildDocument(options.single ? (data[0] ?? null) : data, {
    included,
    ...(options.meta ? { meta: options.meta } : {}),
  });
}

/** The caller's mandate when they decide by role; a coach without one is refused (403 NO_MANDATE). */
async function deciderScope(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
): Promise<MandateScope | null> {
  if (!approvalPolicy.decidesByRole(account, portal)) return null;
  const scope = await activeMandate(services.db, portal.id, account.id);
  if (!scope) throw ApiError.forbidden('You hold no mandate to decide approval requests.', 'NO_MANDATE');
  return scope;
}

async function visibleRequest(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  id: number,
): Promise<{ request: ApprovalRequestRow; scope: MandateScope | null }> {
  const request = await findApprovalRequest(services.db, portal.id, id);
  const scope = approvalPolicy.decidesByRole(account, portal)
    ? await activeMandate(services.db, portal.id, account.id)
    : null;
  if (!approvalPolicy.canSee(account, portal, scope, request)) throw ApiError.notFound('approval request');
  return { request, scope };
}

async function mandatesDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  rows: CoachMandateRow[],
  include: ReadonlySet<string>,
  options: { single: boolean; meta?: Record<string, unknown> },
) {
  const courses = await mandateCourses(
    services.db,
    rows.map((row) => row.id),
  );
  const data = rows.map((row) => presentCoachMandate(row, courses.get(row.id) ?? []));
  const included = await includeRelated(
    { services, portal, account },
    'coach_mandates',
    rows.map((row) => ({ ...row, course_ids: courses.get(row.id) ?? [] })),
    include,
  );
  return buildDocument(options.single ? (data[0] ?? null) : data, {
    included,
    ...(options.meta ? { meta: options.meta } : {}),
  });
}

const APPROVAL_REQUEST_SORTS = ['created_at', 'decided_at', 'updated_at'] as const;

export const approvalRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/approval_requests',
    summary:
      "Approval requests: a student's own; a coach's for the courses of their mandate (403 NO_MANDATE without one); every request for staff who grant mandates. Pending first, oldest first",
    tags: ['approvals'],
    permission: 'signed-in',
    feature: FEATURES.coachMandateApprovals,
    response: listDocument(approvalRequestResource, {
      state_counts: z.object({
        pending: z.number().int(),
        approved: z.number().int(),
        rejected: z.number().int(),
      }),
    }),
    query: z.object({
      ...listQueryShape,
      sort: sortQuery(APPROVAL_REQUEST_SORTS),
      include: includeQuery(REQUEST_INCLUDES),
      'filter[state]': enumListFilter(APPROVAL_STATES).optional(),
      'filter[course]': idListFilter.optional(),
      'filter[student]': idListFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, REQUEST_INCLUDES);
      const sort = sortFrom(query.sort, APPROVAL_REQUEST_SORTS, []);
      const page = pageFrom(query);
      const oversees = approvalPolicy.oversees(account, portal);
      const scope = oversees ? null : await deciderScope(services, portal, account);
      const readable =
        oversees || scope?.mandate.all_courses
          ? ('all' as const)
          : { studentId: account.id, courseIds: scope ? [...scope.courseIds] : [] };
      const list = await listApprovalRequests(
        services.db,
        portal.id,
        readable,
        {
          states: query['filter[state]'],
          courseIds: query['filter[course]'],
          studentIds: query['filter[student]'],
        },
        sort,
        page,
      );
      return requestsDocument(services, portal, account, scope, list.rows, include, {
        single: false,
        meta: { ...list.meta, state_counts: list.stateCounts },
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/approval_requests',
    summary:
      'Ask to enrol in a course that requires approval (a student): 201, or 200 with the request that already waits. The coaches whose mandate covers the course are notified',
    tags: ['approvals'],
    permission: 'signed-in',
    feature: FEATURES.coachMandateApprovals,
    subscription: true,
    response: resourceDocument(approvalRequestResource),
    statuses: [201, 200],
    resourceType: 'approval_requests',
    body: z.object({ course: relatedTo('courses'), message: noteText.optional() }),
    async handler({ services, portal, account, body, pointer, reply }) {
      const course = await findCourse(services.db, portal.id, body.course).catch(() => {
        throw ApiError.validation([
          { pointer: pointer('course'), code: 'UNKNOWN_COURSE', detail: 'No such course.' },
        ]);
      });
      if (!coursePolicy.canView(account, course, false))
        throw ApiError.validation([
          { pointer: pointer('course'), code: 'UNKNOWN_COURSE', detail: 'No such course.' },
        ]);
      if (!coursePolicy.canEnroll(account, course))
        throw new ApiError(409, [
          { code: 'COURSE_NOT_OPEN', title: 'Not open', detail: 'Only published courses take enrolments.' },
        ]);
      if (!course.requires_approval)
        throw ApiError.validation([
          {
            pointer: pointer('course'),
            code: 'APPROVAL_NOT_REQUIRED',
            detail: 'This course does not require approval; enrol directly.',
          },
        ]);
      const { request, created } = await requestEnrollment(
        services.db,
        portal.id,
        course,
        account,
        body.message ?? '',
      );
      reply.status(created ? 201 : 200);
      return approvalRequestDocument({ services, portal, account }, request);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/approval_requests/:approval_request',
    summary: 'One approval request (its student, a coach whose mandate covers it, or staff)',
    tags: ['approvals'],
    permission: 'signed-in',
    feature: FEATURES.coachMandateApprovals,
    response: resourceDocument(approvalRequestResource),
    params: z.object({ approval_request: idParam }),
    query: z.object({ include: includeQuery(REQUEST_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, REQUEST_INCLUDES);
      const { request, scope } = await visibleRequest(services, portal, account, params.approval_request);
      return requestsDocument(services, portal, account, scope, [request], include, { single: true });
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/approval_requests/:approval_request',
    summary:
      'Decide a pending request (a coach with a mandate for its course): state approved or rejected, with a note (required to reject). Approving enrols the student; the student is notified. Deciding twice is 409 ALREADY_DECIDED; no mandate is 403 NO_MANDATE',
    tags: ['approvals'],
    permission: 'decide:approval-request',
    response: resourceDocument(approvalRequestResource),
    params: z.object({ approval_request: idParam }),
    resourceType: 'approval_requests',
    body: z.object({ state: z.enum(DECISIONS), note: noteText.optional() }),
    async handler({ services, portal, account, params, body, pointer }) {
      const scope = await deciderScope(services, portal, account);
      const request = await findApprovalRequest(services.db, portal.id, params.approval_request);
      if (!scope || !approvalPolicy.covers(scope, request.course_id))
        throw ApiError.forbidden('Your mandate does not cover this course.', 'NO_MANDATE');
      const note = body.note ?? '';
      if (body.state === 'rejected' && note === '')
        throw ApiError.validation([
          { pointer: pointer('note'), code: 'REQUIRED', detail: 'Say why the request is rejected.' },
        ]);
      const decided = await decideRequest(
        services.db,
        portal.id,
        request,
        account.id,
        scope.mandate,
        body.state,
        note === '' ? null : note,
      );
      return requestsDocument(services, portal, account, scope, [decided], new Set(), { single: true });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/coach_mandates',
    summary: "Coaches' active mandates to decide approval requests (staff)",
    tags: ['approvals'],
    permission: 'manage:coach-mandate',
    response: listDocument(coachMandateResource),
    query: z.object({
      ...listQueryShape,
      include: includeQuery(MANDATE_INCLUDES),
      'filter[coach]': idListFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, MANDATE_INCLUDES);
      const page = pageFrom(query);
      const list = await listMandates(services.db, portal.id, query['filter[coach]'], page);
      return mandatesDocument(services, portal, account, list.rows, include, {
        single: false,
        meta: list.meta,
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/coach_mandates',
    summary: 'Grant a coach a mandate: all courses, or the named ones (staff). One active mandate per coach',
    tags: ['approvals'],
    permission: 'manage:coach-mandate',
    response: resourceDocument(coachMandateResource),
    status: 201,
    resourceType: 'coach_mandates',
    body: z.object({
      coach: relatedTo('accounts'),
      all_courses: z.boolean(),
      courses: relatedToMany('courses').optional(),
    }),
    async handler({ services, portal, account, body, pointer }) {
      const input = { allCourses: body.all_courses, courseIds: body.courses ?? [] };
      await checkMandateInput(services.db, portal.id, { ...input, coachId: body.coach }, pointer);
      const mandate = await grantMandate(services.db, portal.id, account.id, body.coach, input, pointer);
      return mandatesDocument(services, portal, account, [mandate], new Set(), { single: true });
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/coach_mandates/:coach_mandate',
    summary: "Change a mandate's courses: all, or the named ones (staff)",
    tags: ['approvals'],
    permission: 'manage:coach-mandate',
    response: resourceDocument(coachMandateResource),
    params: z.object({ coach_mandate: idParam }),
    resourceType: 'coach_mandates',
    body: z.object({
      all_courses: z.boolean().optional(),
      courses: relatedToMany('courses').optional(),
    }),
    async handler({ services, portal, account, params, body, pointer }) {
      const mandate = await findMandate(services.db, portal.id, params.coach_mandate);
      const current = await mandateCourses(services.db, [mandate.id]);
      const input = {
        allCourses: body.all_courses ?? Boolean(mandate.all_courses),
        courseIds: body.courses ?? current.get(mandate.id) ?? [],
      };
      await checkMandateInput(services.db, portal.id, input, pointer);
      const updated = await changeMandate(services.db, mandate, input);
      return mandatesDocument(services, portal, account, [updated], new Set(), { single: true });
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/coach_mandates/:coach_mandate',
    summary: "Revoke a coach's mandate (staff); decisions taken under it keep naming it",
    tags: ['approvals'],
    permission: 'manage:coach-mandate',
    response: deletedDocument,
    params: z.object({ coach_mandate: idParam }),
    async handler({ services, portal, account, params }) {
      const mandate = await findMandate(services.db, portal.id, params.coach_mandate);
      await revokeMandate(services.db, mandate, account.id);
      return { meta: { deleted: true } };
    },
  }),
];
