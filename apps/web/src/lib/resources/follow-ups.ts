/** Follow-ups a coach plans with students (flag follow-ups). Owner of the ['follow_ups', …] keys. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDocument } from '../api/client';
import { fetchList } from './document';

export type FollowUpKind = 'call' | 'meeting' | 'message';
export const FOLLOW_UP_KINDS: readonly FollowUpKind[] = ['call', 'meeting', 'message'];

export interface FollowUp {
  id: string;
  dueAt: string;
  kind: FollowUpKind;
  note: string;
  doneAt: string | null;
  outcome: string | null;
  remindedAt: string | null;
  overdue: boolean;
  /** The student is an account (decision 050). */
  student?: { type: 'accounts'; id: string } | null;
}

export const followUpKeys = {
  all: ['follow_ups'] as const,
  ofStudent: (studentId: string) => ['follow_ups', 'student', studentId] as const,
};

export function studentFollowUpsQuery(studentId: string) {
  return queryOptions({
    queryKey: followUpKeys.ofStudent(studentId),
    queryFn: ({ signal }) =>
      fetchList<FollowUp>('/v1/follow_ups', {
        signal,
        query: { filter: { student: studentId }, page: { size: 100 } },
      }),
  });
}

export interface NewFollowUp {
  student: { type: 'accounts'; id: string };
  dueAt: string;
  kind: FollowUpKind;
  note: string;
}

export function usePlanFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (followUp: NewFollowUp) =>
      (await apiDocument<FollowUp>('/v1/follow_ups', { method: 'POST', body: followUp })).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: followUpKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['coach-overview'] });
    },
    meta: { errorToast: false },
  });
}

export function useCompleteFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, outcome }: { id: string; outcome: string }) =>
      (
        await apiDocument<FollowUp>(`/v1/follow_ups/${id}`, {
          method: 'PATCH',
          body: { done: true, outcome },
        })
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: followUpKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['coach-overview'] });
    },
  });
}
