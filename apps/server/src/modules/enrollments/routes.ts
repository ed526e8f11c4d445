import { ENROLLMENT_STATUSES, FEATURES, isSelfCompleted } from '@leerpad/core';
import { z } from 'zod';
import { findInPortal } from '../../db/find-in-portal';
import type { EnrollmentRow } from '../../db/schema-learning';
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
import { idListFilter, sortFrom } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { coursePolicy } from '../course-content/policy';
import { findCourse, findEnrollment, findLearningObject } from '../course-content/queries';
import { enrollmentPolicy } from './policy';
import { presentClassmate, presentEnrollment, presentProgress } from './presenter';
import {
  classmatesOf,
  listEnrollments,
  enroll,
  hasGroupAssignment,
  learnerEnrollment,
  progressCounts,
  notEnrolled,
} from './service';
import { enrollmentResource, learningObjectProgressResource } from './schema';
import { recordLearningProgress } from './commands';
import { approvalRequestDocument, approvalRequestResource, requestEnrollment } from './approval-requests';

/** An enrolment, or (202) the approval request made instead for a course that requires approval. */
const enrollResponse = z.union([
  resourceDocument(enrollmentResource),
  resourceDocument(approvalRequestResource),
]);
import { accountNameResource } from '../accounts/schema';
import { ENROLLMENT_INCLUDES, ENROLLMENT_LIST_INCLUDES } from './resources';

/** Enrolments with their progress and whatever was asked to be included. */
async function enrollmentsDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  rows: EnrollmentRow[],
  include: ReadonlySet<string>,
  single: boolean,
  meta?: Record<string, unknown>,
) {
  const counts = await progressCounts(services.db, rows);
  const data = rows.map((row) => presentEnrollment(row, counts.get(row.id)));
  const included = await includeRelated({ services, portal, account }, 'enrollments', rows, include);
  const primary = single ? (data[0] ?? null) : data;
  return buildDocument(primary, { included, ...(meta ? { meta } : {}) });
}

async function enrollIn(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  courseId: number,
  reply: { status(code: number): unknown },
) {
  const course = await findCourse(services.db, portal.id, courseId);
  if (!coursePolicy.canView(account, course, false)) throw ApiError.notFound('course');
  if (!coursePolicy.canEnroll(account, course)) {
    throw new ApiError(409, [
      { code: 'COURSE_NOT_OPEN', title: 'Not open', detail: 'Only published courses take enrolments.' },
    ]);
  }
  if (course.requires_approval && portal.features.has(FEATURES.coachMandateApprovals)) {
    // An approval course answers with the request that waits for a coach (202), not an enrolment.
    const enrolled = await findEnrollment(services.db, portal.id, course.id, account.id);
    if (!enrolled) {
      const { request } = await requestEnrollment(services.db, portal.id, course, account, '');
      reply.status(202);
      return approvalRequestDocument({ services, portal, account }, request);
    }
  }
  const { enrollment, created } = await enroll(services.db, portal.id, course, account.id);
  reply.status(created ? 201 : 200);
  return enrollmentsDocument(services, portal, account, [enrollment], new Set(['course']), true);
}

const ENROLLMENT_SORTS = ['last_activity_at', 'enrolled_at', 'completed_at'] as const;

export const enrollmentRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/courses/:course/enrollments',
    summary:
      'Enrol the signed-in account in a published course (201; 200 when already enrolled; 402 without subscription; 202 with an approval request when the course requires approval)',
    tags: ['enrollments'],
    permission: 'signed-in',
    response: enrollResponse,
    statuses: [201, 200, 202],
    subscription: true,
    params: z.object({ course: idParam }),
    async handler({ services, portal, account, params, reply }) {
      return enrollIn(services, portal, account, params.course, reply);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/enrollments',
    summary: 'Enrol in the course of relationships.course (courses), as an enrolment reads it',
    tags: ['enrollments'],
    permission: 'signed-in',
    response: enrollResponse,
    statuses: [201, 200, 202],
    subscription: true,
    resourceType: 'enrollments',
    body: z.object({ course: relatedTo('courses') }),
    async handler({ services, portal, account, body, reply }) {
      return enrollIn(services, portal, account, body.course, reply);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/enrollments',
    summary:
      "My courses with progress; coaches and staff may pass filter[course] or filter[account] to follow others' enrolments",
    tags: ['enrollments'],
    permission: 'signed-in',
    response: listDocument(enrollmentResource),
    query: z.object({
      ...listQueryShape,
      sort: sortQuery(ENROLLMENT_SORTS),
      include: includeQuery(ENROLLMENT_LIST_INCLUDES),
      'filter[status]': z.enum(ENROLLMENT_STATUSES).optional(),
      'filter[course]': idListFilter.optional(),
      'filter[account]': idListFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, ENROLLMENT_LIST_INCLUDES);
      const sort = sortFrom(query.sort, ENROLLMENT_SORTS, [{ key: 'last_activity_at', direction: 'desc' }]);
      const page = pageFrom(query);
      const others = query['filter[course]'] || query['filter[account]'];
      if (others && !enrollmentPolicy.canFollowOthers(account)) {
        throw ApiError.forbidden("Only coaches and staff follow other accounts' enrolments.");
      }
      const list = await listEnrollments(
        services.db,
        portal.id,
        {
          readerId: account.id,
          courseIds: query['filter[course]'],
          accountIds: query['filter[account]'],
          status: query['filter[status]'],
        },
        sort,
        page,
      );
      return enrollmentsDocument(services, portal, account, list.rows, include, false, list.meta);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/courses/:course/classmates',
    summary:
      "The other accounts enrolled in a course (id and full_name), for choosing group members; the course's students and its coaches and staff, only for courses with a group assignment",
    tags: ['enrollments'],
    permission: 'signed-in',
    response: listDocument(accountNameResource),
    feature: FEATURES.groupAssignments,
    params: z.object({ course: idParam }),
    query: z.object({
      'page[number]': listQueryShape['page[number]'],
      'page[size]': listQueryShape['page[size]'],
      'filter[search]': z.string().max(200).optional(),
    }),
    async handler({ services, portal, account, params, query }) {
      const course = await findCourse(services.db, portal.id, params.course);
      const enrolled = Boolean(await findEnrollment(services.db, portal.id, course.id, account.id));
      if (!coursePolicy.canView(account, course, enrolled)) throw ApiError.notFound('course');
      if (!enrolled && !enrollmentPolicy.canFollowOthers(account)) throw notEnrolled();
      const groups = await hasGroupAssignment(services.db, portal.id, course.id);
      if (!enrollmentPolicy.canListClassmates(account, enrolled, groups))
        throw ApiError.forbidden('Classmates are listed for courses with a group assignment only.');
      const page = pageFrom(query);
      const classmates = await classmatesOf(
        services.db,
        services.dialect,
        portal.id,
        course.id,
        account.id,
        query['filter[search]'],
        page,
      );
      return buildDocument(classmates.rows.map(presentClassmate), { meta: classmates.meta });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/enrollments/:enrollment',
    summary:
      'One enrolment with progress; include=course,last_learning_object,account,learning_object_progress',
    tags: ['enrollments'],
    permission: 'signed-in',
    response: resourceDocument(enrollmentResource),
    params: z.object({ enrollment: idParam }),
    query: z.object({ include: includeQuery(ENROLLMENT_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, ENROLLMENT_INCLUDES);
      const row = await findInPortal(services.db, 'enrollments', portal.id, params.enrollment);
      if (!enrollmentPolicy.canSee(account, row)) throw ApiError.notFound('enrollment');
      return enrollmentsDocument(services, portal, account, [row], include, true);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/learning_objects/:learning_object/progress',
    summary:
      'Record my progress on a learning object: last_position (resume), completed (pages, videos and files). Completing the last required object completes the course',
    tags: ['enrollments'],
    permission: 'signed-in',
    response: resourceDocument(learningObjectProgressResource),
    subscription: true,
    params: z.object({ learning_object: idParam }),
    resourceType: 'learning_object_progress',
    body: z.object({
      completed: z.boolean().optional(),
      last_position: z.number().int().min(0).max(100_000_000).nullable().optional(),
    }),
    async handler({ services, portal, account, params, body, pointer }) {
      const object = await findLearningObject(services.db, portal.id, params.learning_object);
      const { enrollment } = await learnerEnrollment(services, portal, account, object.course_id);
      if (body.completed !== undefined && !isSelfCompleted(object.type)) {
        throw ApiError.validation([
          {
            pointer: pointer('completed'),
            detail:
              object.type === 'quiz'
                ? 'A quiz is completed by passing it.'
                : 'An assignment is completed when a coach approves the answer.',
          },
        ]);
      }
      const { progress, enrollment: updated } = await recordLearningProgress(
        services.db,
        portal,
        enrollment,
        object.id,
        { completed: body.completed, lastPosition: body.last_position },
      );
      const counts = await progressCounts(services.db, [updated]);
      return buildDocument(presentProgress(progress), {
        included: [presentEnrollment(updated, counts.get(updated.id))],
      });
    },
  }),
];
