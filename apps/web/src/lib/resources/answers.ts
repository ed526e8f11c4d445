/**
 * Assignment answers (docs/api-contract.md "Learning" → "Assignment answers"): the student's own
 * answer to an assignment (autosave, hand in), and the reviewers' queue, one answer and the verdict.
 * Owner of the ['answers', …] keys.
 */
import type {
  AnswerInvitationDecision,
  AnswerInvitationState,
  AnswerReviewOutcome,
  AnswerStatus,
} from '@leerpad/core';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData, fetchDocument, pageFrom, type Page, type ResourceDocument } from './document';
import type { Classmate } from './courses';
import type { StoredFile } from './files';
import { invalidateProgressLists } from './enrollments';

export type { AnswerInvitationState, AnswerStatus };

/** Grades run from 0 to this. */
export const ANSWER_GRADE_MAX = 100;

/** The statuses a reviewer can list: never drafts. */
export const REVIEW_STATUSES = ['submitted', 'revision_requested', 'approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface AnswerAccount {
  id: string;
  fullName?: string;
}

/** A classmate asked to join a group answer who is not a member (yet): invited, or declined. */
export interface AnswerInvitation {
  accountId: string;
  state: AnswerInvitationState;
  fullName?: string;
}

export interface Answer {
  id: string;
  status: AnswerStatus;
  text?: string | null;
  grade?: number | null;
  feedback?: string | null;
  submittedAt?: string | null;
  reviewedAt?: string | null;
  updatedAt?: string | null;
  file?: StoredFile | null;
  reviewer?: AnswerAccount | null;
  /** The author, who alone chooses the members of a group answer. */
  account?: AnswerAccount | null;
  /** Everyone the answer belongs to, the author included. */
  members?: Classmate[] | null;
  /** Classmates asked to join who have not accepted (members see all; an invitee only their own). */
  invitations?: AnswerInvitation[] | null;
  learningObject?: { id: string; title?: string } | null;
  course?: { id: string; title?: string } | null;
  meta?: { abilities?: { edit?: boolean; submit?: boolean; review?: boolean; respond?: boolean } };
}

export interface AnswerInput {
  text?: string;
  fileId?: string | null;
  /** Group members besides the author (group assignments only; the author alone changes them). */
  memberIds?: string[];
}

/** The body of a draft: the file as the relationship an answer is read with (decision 050). */
function answerBody({ fileId, ...input }: AnswerInput) {
  if (fileId === undefined) return input;
  return { ...input, file: fileId === null ? null : { type: 'files', id: fileId } };
}

export interface AnswerListParams {
  status: ReviewStatus;
  course: string;
  page: number;
  size: number;
}

export interface ReviewInput {
  outcome: AnswerReviewOutcome;
  grade: number | null;
  feedback: string;
}

export const answerKeys = {
  all: ['answers'] as const,
  list: (params: AnswerListParams) => ['answers', 'list', params] as const,
  one: (id: string) => ['answers', 'one', id] as const,
  own: (learningObjectId: string) => ['answers', 'own', learningObjectId] as const,
  invitations: (learningObjectId: string) => ['answers', 'invitations', learningObjectId] as const,
  ofStudent: (learningObjectId: string, accountId: string) =>
    ['answers', 'student', learningObjectId, accountId] as const,
};

/** Invitations name their classmate from the accounts the answer includes (they are no relationship). */
function withInvitationNames<T extends Answer | Answer[] | null>({ data, document }: ResourceDocument<T>): T {
  const names = new Map(
    (document.included ?? [])
      .filter((resource) => resource.type === 'accounts')
      .map((resource) => [resource.id, resource.attributes?.fullName as string | undefined]),
  );
  const name = (answer: Answer): Answer => ({
    ...answer,
    invitations: (answer.invitations ?? []).map((invitation) => ({
      ...invitation,
      fullName: names.get(invitation.accountId),
    })),
  });
  if (data === null) return data;
  return (Array.isArray(data) ? data.map(name) : name(data)) as T;
}

// ---- The student's own answer -----------------------------------------------------------------

const ownPath = (learningObjectId: string) => `/v1/learning_objects/${learningObjectId}/answer`;

export function ownAnswerQuery(learningObjectId: string) {
  return queryOptions({
    queryKey: answerKeys.own(learningObjectId),
    queryFn: async ({ signal }) =>
      withInvitationNames(
        await fetchDocument<Answer | null>(ownPath(learningObjectId), {
          signal,
          query: { include: ['file', 'reviewer', 'members'] },
        }),
      ) ?? null,
  });
}

/** The group answers a classmate invited the caller to join, with who asked. */
export function answerInvitationsQuery(learningObjectId: string) {
  return queryOptions({
    queryKey: answerKeys.invitations(learningObjectId),
    queryFn: async ({ signal }) =>
      withInvitationNames(
        await fetchDocument<Answer[]>(`${ownPath(learningObjectId)}/invitations`, {
          signal,
          query: { include: ['account'] },
        }),
      ),
  });
}

/** Accept (the group answer becomes the caller's) or decline an invitation. */
export function useRespondToInvitation(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, decision }: { answerId: string; decision: AnswerInvitationDecision }) =>
      fetchData<Answer>(`/v1/answers/${answerId}/invitation`, { method: 'POST', body: { decision } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: answerKeys.own(learningObjectId) }),
        queryClient.invalidateQueries({ queryKey: answerKeys.invitations(learningObjectId) }),
      ]);
      invalidateProgressLists(queryClient);
    },
  });
}

/** The autosave: the caller shows its own saved / saving / not saved state, so no error toast. */
export function useSaveAnswer(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AnswerInput) =>
      withInvitationNames(
        await fetchDocument<Answer>(ownPath(learningObjectId), { method: 'PUT', body: answerBody(input) }),
      ),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      queryClient.setQueryData<Answer | null>(answerKeys.own(learningObjectId), (current) =>
        current ? { ...current, ...answer } : answer,
      );
    },
  });
}

export function useSubmitAnswer(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AnswerInput) =>
      fetchData<Answer>(`${ownPath(learningObjectId)}/submit`, { method: 'POST', body: answerBody(input) }),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      queryClient.setQueryData<Answer | null>(answerKeys.own(learningObjectId), answer);
      invalidateProgressLists(queryClient);
    },
  });
}

// ---- Reviewing --------------------------------------------------------------------------------

const LIST_INCLUDES = ['account', 'members', 'learning_object', 'course'];
const ANSWER_INCLUDES = ['account', 'members', 'learning_object', 'course', 'file', 'reviewer'];

export function answersQuery(params: AnswerListParams) {
  return queryOptions({
    queryKey: answerKeys.list(params),
    queryFn: async ({ signal }): Promise<Page<Answer>> => {
      const { data, meta } = await fetchDocument<Answer[]>('/v1/answers', {
        signal,
        query: {
          include: LIST_INCLUDES,
          filter: { status: params.status, course: params.course || undefined },
          page: { number: params.page, size: params.size },
        },
      });
      return pageFrom<Answer>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function answerQuery(id: string) {
  return queryOptions({
    queryKey: answerKeys.one(id),
    queryFn: ({ signal }) =>
      fetchData<Answer>(`/v1/answers/${id}`, { signal, query: { include: ANSWER_INCLUDES } }),
  });
}

/** A student's answers at one assignment (their own and group answers they are a member of), newest first. */
export function studentAnswersQuery(learningObjectId: string, accountId: string) {
  return queryOptions({
    queryKey: answerKeys.ofStudent(learningObjectId, accountId),
    queryFn: async ({ signal }): Promise<Answer[]> => {
      const { data } = await fetchDocument<Answer[]>('/v1/answers', {
        signal,
        query: {
          include: ['reviewer'],
          filter: { learning_object: learningObjectId, account: accountId },
          sort: '-submitted_at',
          page: { number: 1, size: 20 },
        },
      });
      return Array.isArray(data) ? data : [];
    },
  });
}

/** The verdict; the form shows 409 and 422 itself, so no error toast. */
export function useReviewAnswer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      fetchDocument<Answer>(`/v1/answers/${id}`, {
        method: 'PATCH',
        body: {
          outcome: input.outcome,
          grade: input.grade,
          feedback: input.feedback.trim() === '' ? null : input.feedback.trim(),
        },
      }),
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: answerKeys.all }),
  });
}
