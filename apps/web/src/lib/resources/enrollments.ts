/** Enrolments: the signed-in student's courses with progress, and enrolling. Owner of ['enrollments', …]. */
import { isApiError } from '../api/client';
import { emitApiError } from '../api/events';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { courseKeys } from './course-keys';
import type { Enrollment } from './courses';
import { fetchData, fetchDocument, pageFrom } from './document';

export interface EnrollmentParams {
  status: '' | 'active' | 'completed';
  page: number;
  size: number;
}

export const enrollmentKeys = {
  all: ['enrollments'] as const,
  list: (params: EnrollmentParams) => ['enrollments', params] as const,
};

/** Lists that show progress (catalog cards, my courses) refresh when next shown. */
export function invalidateProgressLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: enrollmentKeys.all });
  void queryClient.invalidateQueries({ queryKey: courseKeys.catalogs });
}

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
