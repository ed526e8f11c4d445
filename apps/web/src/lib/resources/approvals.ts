/**
 * Approvals (flag coach_mandate_approvals): students' requests to enrol in a course that requires
 * approval, decided by coaches with a mandate, and the mandates staff grant. Owner of the
 * ['approval_requests', …] and ['coach_mandates', …] keys.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { courseKeys } from './course-keys';
import { fetchDocument, fetchList, pageFrom } from './document';

export type ApprovalState = 'pending' | 'approved' | 'rejected';

export interface ApprovalRequest {
  id: string;
  kind: 'enrollment' | 'completion';
  state: ApprovalState;
  message: string;
  note: string | null;
  createdAt: string;
  decidedAt: string | null;
  updatedAt: string;
  student?: { id: string; fullName?: string; avatarUrl?: string | null } | null;
  course?: { id: string; title?: string } | null;
  decidedBy?: { id: string; fullName?: string } | null;
  meta?: { abilities?: { decide?: boolean } };
}

export interface CoachMandate {
  id: string;
  allCourses: boolean;
  createdAt: string;
  coach?: { id: string; fullName?: string; avatarUrl?: string | null } | null;
  courses?: Array<{ id: string; title?: string }>;
}

export interface ApprovalListParams {
  /** Comma-separated states. */
  state?: string;
  course?: string;
  sort?: string;
  page: number;
  size: number;
}

export const approvalKeys = {
  all: ['approval_requests'] as const,
  list: (params: ApprovalListParams) => ['approval_requests', 'list', params] as const,
  mine: (courseId: string) => ['approval_requests', 'course', courseId] as const,
  mandates: ['coach_mandates'] as const,
};

export function approvalRequestsQuery(params: ApprovalListParams) {
  return queryOptions({
    queryKey: approvalKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<ApprovalRequest[]>('/v1/approval_requests', {
        signal,
        query: {
          filter: { state: params.state || undefined, course: params.course || undefined },
          sort: params.sort,
          include: ['student', 'course', 'decided_by'],
          page: { number: params.page, size: params.size },
        },
      });
      const counts = (meta.stateCounts ?? {}) as Record<string, unknown>;
      return {
        ...pageFrom<ApprovalRequest>(data, meta),
        stateCounts: {
          pending: Number(counts.pending ?? 0),
          approved: Number(counts.approved ?? 0),
          rejected: Number(counts.rejected ?? 0),
        },
      };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The signed-in student's requests for one course (the newest first): is one pending? */
export function myCourseRequestsQuery(courseId: string) {
  return queryOptions({
    queryKey: approvalKeys.mine(courseId),
    queryFn: ({ signal }) =>
      fetchList<ApprovalRequest>('/v1/approval_requests', {
        signal,
        query: { filter: { course: courseId }, sort: '-created_at', page: { size: 5 } },
      }),
  });
}

export function useRequestEnrolment(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest('/v1/approval_requests', {
        method: 'POST',
        body: { course: { type: 'courses', id: courseId }, message },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: approvalKeys.all });
      await queryClient.invalidateQueries({ queryKey: courseKeys.overview(courseId) });
    },
    meta: { errorToast: false },
  });
}

export function useDecideRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      state,
      note,
    }: {
      id: string;
      state: Exclude<ApprovalState, 'pending'>;
      note: string;
    }) => apiRequest(`/v1/approval_requests/${id}`, { method: 'PATCH', body: { state, note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all }),
    meta: { errorToast: false },
  });
}

export const coachMandatesQuery = queryOptions({
  queryKey: approvalKeys.mandates,
  queryFn: ({ signal }) =>
    fetchList<CoachMandate>('/v1/coach_mandates', {
      signal,
      query: { include: ['coach', 'courses'], page: { size: 100 } },
    }),
});

export interface MandateInput {
  coachId?: string;
  allCourses: boolean;
  courseIds: string[];
}

export function useSaveMandate(mandateId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MandateInput) =>
      apiRequest(mandateId ? `/v1/coach_mandates/${mandateId}` : '/v1/coach_mandates', {
        method: mandateId ? 'PATCH' : 'POST',
        // Written as a mandate is read: the coach and the courses are relationships (decision 050).
        body: {
          allCourses: input.allCourses,
          courses: input.courseIds.map((id) => ({ type: 'courses', id })),
          ...(mandateId || !input.coachId ? {} : { coach: { type: 'accounts', id: input.coachId } }),
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.mandates }),
    meta: { errorToast: false },
  });
}

export function useRevokeMandate() {
  const queryClient = useQueryClient();
  return useMutation({
    // An empty JSON object: the client always names JSON as the content type, and an empty JSON
    // body is refused (400 MALFORMED_JSON).
    mutationFn: (mandateId: string) =>
      apiRequest(`/v1/coach_mandates/${mandateId}`, { method: 'DELETE', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: approvalKeys.mandates }),
  });
}
