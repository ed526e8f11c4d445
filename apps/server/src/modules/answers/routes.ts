import { ANSWER_INVITATION_DECISIONS, ANSWER_REVIEW_OUTCOMES, ANSWER_STATUSES } from '@leerpad/core';
import { z } from 'zod';
import { onePageMeta } from '../../db/pages';
import type { AnswerRow, LearningObjectRow } from '../../db/schema-learning';
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
import { enumListFilter, idListFilter, idReference, sortFrom } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { findLearningObject } from '../course-content/queries';
import { RICH_TEXT_MAX_CHARS } from '../course-content/rich-text';
import { contentAccess, learnerEnrollment } from '../enrollments/service';
import { answerPolicy } from './policy';
import {
  answerOf,
  findAnswer,
  listAnswers,
  membersOf,
  pendingInvitations,
  respondToInvitation,
  reviewAnswer,
  saveDraft,
  submitAnswer,
} from './service';
import { answerResource } from './schema';
import { ANSWER_INCLUDES, presentAnswers, withKnownMembers } from './resources';

const objectParams = z.object({ learning_object: idParam });

const draftBody = z.object({
  text: z.string().max(RICH_TEXT_MAX_CHARS).optional(),
  /** The answer's file, as the relationship it is read with (`files`). */
  file: relatedTo('files').nullable().optional(),
  member_ids: z.array(idReference).max(20).optional(),
});

/** The draft as the service takes it: the file relationship is its file id. */
const draftInput = ({ file, ...body }: z.output<typeof draftBody>) => ({ ...body, file_id: file });

async function findAssignment(
  services: Services,
  portal: PortalContext,
  id: number,
): Promise<LearningObjectRow> {
  const object = await findLearningObject(services.db, portal.id, id);
  if (object.type !== 'assignment') throw ApiError.notFound('assignment');
  return object;
}

async function answersDocument(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  rows: AnswerRow[],
  include: ReadonlySet<string>,
  options: { single: boolean; meta?: Record<string, unknown> },
) {
  const data = await presentAnswers(services.db, account, rows);
  const included = await includeRelated({ services, portal, account }, 'answers', rows, include);
  return buildDocument(options.single ? (data[0] ?? null) : data, {
    included,
    ...(options.meta ? { meta: options.meta } : {}),
  });
}

/** An answer the reader may see, with its members (read once, and remembered for presenting it). */
async function visibleAnswer(services: Services, portal: PortalContext, account: AccountContext, id: number) {
  const row = await findAnswer(services.db, portal.id, id);
  const members = (await membersOf(services.db, [row.id])).get(row.id) ?? [];
  if (!answerPolicy.canSee(account, row, members)) throw ApiError.notFound('answer');
  return { row: withKnownMembers(row, members), members };
}

const ANSWER_SORTS = ['submitted_at', 'updated_at', 'created_at'] as const;

export const answerRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/answer',
    summary: 'My answer to an assignment (data: null before the first save); include=members,file,reviewer',
    tags: ['answers'],
    permission: 'signed-in',
    response: resourceDocument(answerResource.nullable()),
    params: objectParams,
    query: z.object({ include: includeQuery(ANSWER_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, ANSWER_INCLUDES);
      const assignment = await findAssignment(services, portal, params.learning_object);
      await contentAccess(services, portal, account, assignment.course_id);
      const answer = await answerOf(services.db, portal.id, assignment.id, account.id);
      return answersDocument(services, portal, account, answer ? [answer] : [], include, { single: true });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/answer/invitations',
    summary:
      'Group answers to an assignment that I am invited to join and have not accepted or declined; include=account,members',
    tags: ['answers'],
    permission: 'signed-in',
    response: listDocument(answerResource),
    params: objectParams,
    query: z.object({ include: includeQuery(ANSWER_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, ANSWER_INCLUDES);
      const assignment = await findAssignment(services, portal, params.learning_object);
      await contentAccess(services, portal, account, assignment.course_id);
      const rows = await pendingInvitations(services.db, portal.id, assignment.id, account.id);
      // Few by nature (one per classmate who asked): one page holds them all.
      return answersDocument(services, portal, account, rows, include, {
        single: false,
        meta: onePageMeta(rows.length),
      });
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/v1/learning_objects/:learning_object/answer',
    summary:
      'Save my draft answer (autosave): text (HTML, sanitised), the file relationship, and member_ids on group assignments. 409 once handed in',
    tags: ['answers'],
    permission: 'signed-in',
    response: resourceDocument(answerResource),
    subscription: true,
    params: objectParams,
    resourceType: 'answers',
    body: draftBody,
    async handler({ services, portal, account, params, body, pointer }) {
      const assignment = await findAssignment(services, portal, params.learning_object);
      await learnerEnrollment(services, portal, account, assignment.course_id);
      const answer = await saveDraft(services.db, portal, assignment, account.id, draftInput(body), pointer);
      return answersDocument(services, portal, account, [answer], new Set(['members', 'file']), {
        single: true,
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/answer/submit',
    summary:
      'Hand my answer in for review, saving what is sent with it first; 422 when the text or file the assignment asks for is missing',
    tags: ['answers'],
    permission: 'signed-in',
    response: resourceDocument(answerResource),
    subscription: true,
    params: objectParams,
    resourceType: 'answers',
    body: draftBody,
    async handler({ services, portal, account, params, body, pointer }) {
      const assignment = await findAssignment(services, portal, params.learning_object);
      const { enrollment } = await learnerEnrollment(services, portal, account, assignment.course_id);
      const answer = await submitAnswer(
        services.db,
        portal,
        assignment,
        enrollment,
        account.id,
        draftInput(body),
        pointer,
      );
      return answersDocument(services, portal, account, [answer], new Set(['members', 'file']), {
        single: true,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/answers',
    summary:
      "Answers: coaches and staff see the portal's handed-in answers (filter by status, course, learning object, account); students their own",
    tags: ['answers'],
    permission: 'signed-in',
    response: listDocument(answerResource),
    query: z.object({
      ...listQueryShape,
      sort: sortQuery(ANSWER_SORTS),
      include: includeQuery(ANSWER_INCLUDES),
      'filter[status]': enumListFilter(ANSWER_STATUSES).optional(),
      'filter[course]': idListFilter.optional(),
      'filter[learning_object]': idListFilter.optional(),
      'filter[account]': idListFilter.optional(),
    }),
    async handler({ services, portal, account, query }) {
      const include = includesFrom(query, ANSWER_INCLUDES);
      const reviewer = answerPolicy.canReview(account);
      const sort = sortFrom(query.sort, ANSWER_SORTS, [
        reviewer ? { key: 'submitted_at', direction: 'asc' } : { key: 'updated_at', direction: 'desc' },
      ]);
      const page = pageFrom(query);
      const list = await listAnswers(
        services.db,
        portal.id,
        { accountId: account.id, reviewer },
        {
          statuses: query['filter[status]'],
          courseIds: query['filter[course]'],
          learningObjectIds: query['filter[learning_object]'],
          accountIds: query['filter[account]'],
        },
        sort,
        page,
      );
      return answersDocument(services, portal, account, list.rows, include, {
        single: false,
        meta: list.meta,
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/answers/:answer',
    summary: 'One answer (its members; coaches and staff once handed in)',
    tags: ['answers'],
    permission: 'signed-in',
    response: resourceDocument(answerResource),
    params: z.object({ answer: idParam }),
    query: z.object({ include: includeQuery(ANSWER_INCLUDES) }),
    async handler({ services, portal, account, params, query }) {
      const include = includesFrom(query, ANSWER_INCLUDES);
      const { row } = await visibleAnswer(services, portal, account, params.answer);
      return answersDocument(services, portal, account, [row], include, { single: true });
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/answers/:answer',
    summary:
      'Review a handed-in answer (coaches and staff): outcome approved | revision_requested, grade 0-100, feedback. Members are notified',
    tags: ['answers'],
    permission: 'review:answer',
    response: resourceDocument(answerResource),
    params: z.object({ answer: idParam }),
    resourceType: 'answers',
    body: z.object({
      outcome: z.enum(ANSWER_REVIEW_OUTCOMES),
      grade: z.number().int().min(0).max(100).nullable().optional(),
      feedback: z.string().trim().max(10_000).nullable().optional(),
    }),
    async handler({ services, portal, account, params, body }) {
      const { row, members } = await visibleAnswer(services, portal, account, params.answer);
      const reviewed = await reviewAnswer(services.db, portal, row, members, account.id, body);
      return answersDocument(
        services,
        portal,
        account,
        [withKnownMembers(reviewed, members)],
        new Set(['members']),
        {
          single: true,
        },
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/answers/:answer/invitation',
    summary:
      'Accept or decline my invitation to a group answer (decision: accept | decline). Accepting makes it my answer; 404 without a pending invitation',
    tags: ['answers'],
    permission: 'signed-in',
    response: resourceDocument(answerResource),
    params: z.object({ answer: idParam }),
    resourceType: 'answer_invitations',
    body: z.object({ decision: z.enum(ANSWER_INVITATION_DECISIONS) }),
    async handler({ services, portal, account, params, body }) {
      const row = await findAnswer(services.db, portal.id, params.answer);
      const answer = await respondToInvitation(services.db, portal, row, account.id, body.decision);
      return answersDocument(services, portal, account, [answer], new Set(['members']), { single: true });
    },
  }),
];
