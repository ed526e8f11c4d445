/**
 * Content issues (SPEC §3): what students report about a learning object, and the staff's handling
 * of it. Owner of the ['content-issues', …] keys.
 */
import type { ContentIssueCategory, ContentIssueStatus } from '@leerpad/core';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchDocument, pageFrom } from './document';

export interface ContentIssue {
  id: string;
  type?: string;
  category: ContentIssueCategory;
  description: string;
  status: ContentIssueStatus;
  staffNote?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  resolvedAt?: string | null;
  course?: { id: string; title?: string } | null;
  learningObject?: { id: string; title?: string } | null;
  reporter?: { id: string; fullName?: string } | null;
}

export interface IssueListParams {
  status?: string;
  category?: string;
  sort?: string;
  page: number;
  size: number;
}

export type StatusCounts = Record<ContentIssueStatus, number>;

export const contentIssueKeys = {
  all: ['content-issues'] as const,
  list: (params: IssueListParams) => ['content-issues', params] as const,
};

export function contentIssuesQuery(params: IssueListParams) {
  return queryOptions({
    queryKey: contentIssueKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<ContentIssue[]>('/v1/content_issues', {
        signal,
        query: {
          filter: { status: params.status, category: params.category },
          sort: params.sort,
          include: ['course', 'learning_object', 'reporter'],
          page: { number: params.page, size: params.size },
        },
      });
      const counts = (meta.statusCounts ?? {}) as Record<string, unknown>;
      return {
        ...pageFrom<ContentIssue>(data, meta),
        statusCounts: {
          open: Number(counts.open ?? 0),
          in_progress: Number(counts.inProgress ?? 0),
          resolved: Number(counts.resolved ?? 0),
        } satisfies StatusCounts,
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** A student reports an issue; the form shows refusals itself. */
export function useReportContentIssue(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { category: ContentIssueCategory | ''; description: string }) =>
      apiRequest(`/v1/learning_objects/${learningObjectId}/content_issues`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentIssueKeys.all }),
    meta: { errorToast: false },
  });
}

export function useUpdateIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, staffNote }: { id: string; status: ContentIssueStatus; staffNote: string }) =>
      apiRequest(`/v1/content_issues/${id}`, { method: 'PATCH', body: { status, staffNote } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentIssueKeys.all }),
    meta: { errorToast: false },
  });
}
