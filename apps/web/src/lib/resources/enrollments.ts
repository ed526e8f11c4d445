/** Enrolments: the signed-in student's courses with progress, and enrolling. Owner of ['enrollments', …]. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { emitApiError } from '../api/events';
import { courseKeys, type Course } from './courses';
import { fetchData, fetchDocument, pageFrom } from './document';
import type { OutlineObject } from './learning-objects';
import { invalidateProgressLists } from './progress';

export interface Enrollment {
  id: string;
  status: 'active' | 'completed';
  progress: number;
  requiredCount: number;
  completedCount: number;
  enrolledAt?: string | null;
  lastActivityAt?: string | null;
  completedAt?: string | null;
  course?: Course | null;
  lastLearningObject?: OutlineObject | null;
}

export interface EnrollmentParams {
  status: '' | 'active' | 'completed';
  page: number;
  size: number;
}

export const enrollmentKeys = {
  all: ['enrollments'] as const,
  list: (params: EnrollmentParams) => ['enrollments', params] as const,
};

export function enrollmentsQuery(params: EnrollmentParams) {
  return queryOptions({
    queryKey: enrollmentKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<Enrollment[]>('/v1/enrollments', {
        signal,
        query: {
          include: ['course', 'last_learning_object'],
          filter: { status: params.status || undefined },
          page: { number: params.page, size: params.size },
        },
      });
      return pageFrom<Enrollment>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

/** Enrols the signed-in account; a 402 shows the payment screen (query client), other errors a toast. */
export function useEnrol(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchData<Enrollment>(`/v1/courses/${courseId}/enrollments`, { method: 'POST', body: {} }),
    meta: { errorToast: false },
    onError: (error) => {
      if (isApiError(error) && error.status !== 402) emitApiError(error);
    },
    onSuccess: async () => {
      invalidateProgressLists(queryClient);
      await queryClient.invalidateQueries({ queryKey: courseKeys.overview(courseId) });
    },
  });
}

/** The enrolments of one account with progress, for staff and coaches following it. */
export function accountEnrollmentsQuery(accountId: string) {
  return queryOptions({
    queryKey: ['enrollments', 'account', accountId] as const,
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<Enrollment[]>('/v1/enrollments', {
        signal,
        query: { include: ['course'], filter: { account: accountId }, page: { size: 100 } },
      });
      return pageFrom<Enrollment>(data, meta);
    },
  });
}
