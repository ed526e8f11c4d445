/**
 * Reviewing assignment answers (docs/api-contract.md "Learning" → "Assignment answers"): the queue of
 * handed-in answers, one answer with its students, and the coach's verdict. This module owns the
 * ['review', …] query keys; a review refreshes them all.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerReviewOutcome, AnswerStatus } from '@leerpad/core';
import { apiDocument } from '../../lib/api/client';

/** Grades run from 0 to this. */
export const ANSWER_GRADE_MAX = 100;

/** The statuses a reviewer can list: never drafts. */
export const REVIEW_STATUSES = ['submitted', 'revision_requested', 'approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface ReviewAccount {
  id: string;
  fullName?: string;
}

export interface ReviewFile {
  id: string;
  name?: string;
  url?: string;
  byteSize?: number;
}

export interface ReviewAnswer {
  id: string;
  status: AnswerStatus;
  text?: string | null;
  grade?: number | null;
  feedback?: string | null;
  submittedAt?: string | null;
  reviewedAt?: string | null;
  account?: ReviewAccount | null;
  members?: ReviewAccount[] | null;
  learningObject?: { id: string; title?: string } | null;
  course?: { id: string; title?: string } | null;
  file?: ReviewFile | null;
  reviewer?: ReviewAccount | null;
  meta?: { abilities?: { review?: boolean } };
}

export interface ReviewCourse {
  id: string;
  title: string;
}

export interface AnswerListParams {
  status: ReviewStatus;
  course: string;
  page: number;
  size: number;
}

export interface AnswerPage {
  items: ReviewAnswer[];
  total: number;
  lastPage: number;
}

export interface ReviewInput {
  outcome: AnswerReviewOutcome;
  grade: number | null;
  feedback: string;
}

export const reviewKeys = {
  all: ['review'] as const,
  answers: ['review', 'answers'] as const,
  answerList: (params: AnswerListParams) => ['review', 'answers', 'list', params] as const,
  answer: (id: string) => ['review', 'answers', id] as const,
  courses: ['review', 'courses'] as const,
};

const LIST_INCLUDES = ['account', 'members', 'learning_object', 'course'];
const ANSWER_INCLUDES = ['account', 'members', 'learning_object', 'course', 'file', 'reviewer'];

export function answersQuery(params: AnswerListParams) {
  return queryOptions({
    queryKey: reviewKeys.answerList(params),
    queryFn: async ({ signal }): Promise<AnswerPage> => {
      const { data, meta } = await apiDocument<ReviewAnswer[]>('/v1/answers', {
        signal,
        query: {
          include: LIST_INCLUDES,
          filter: { status: params.status, course: params.course || undefined },
          page: { number: params.page, size: params.size },
        },
      });
      const items = Array.isArray(data) ? data : [];
      return { items, total: Number(meta.total ?? items.length), lastPage: Number(meta.lastPage ?? 1) };
    },
    placeholderData: keepPreviousData,
  });
}

export function answerQuery(id: string) {
  return queryOptions({
    queryKey: reviewKeys.answer(id),
    queryFn: async ({ signal }) =>
      (
        await apiDocument<ReviewAnswer>(`/v1/answers/${id}`, {
          signal,
          query: { include: ANSWER_INCLUDES },
        })
      ).data,
  });
}

/** The courses to filter by: one page of 100 by title (coaches see the published catalog). */
export const reviewCoursesQuery = queryOptions({
  queryKey: reviewKeys.courses,
  queryFn: async ({ signal }): Promise<ReviewCourse[]> => {
    const { data } = await apiDocument<ReviewCourse[]>('/v1/courses', {
      signal,
      query: { sort: 'title', page: { size: 100 } },
    });
    return Array.isArray(data) ? data : [];
  },
  staleTime: 5 * 60_000,
});

/** The verdict; the form shows 409 and 422 itself, so no error toast. */
export function useReviewAnswer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) =>
      apiDocument<ReviewAnswer>(`/v1/answers/${id}`, {
        method: 'PATCH',
        body: {
          outcome: input.outcome,
          grade: input.grade,
          feedback: input.feedback.trim() === '' ? null : input.feedback.trim(),
        },
      }),
    meta: { errorToast: false },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.answers }),
  });
}
