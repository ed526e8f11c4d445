/** Content labels (SPEC §3): coloured tags on courses. Owner of ['content-labels']. */
import { CONTENT_LABELS_PATH } from '@leerpad/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { courseKeys } from './course-keys';
import { fetchList } from './document';

export interface ContentLabel {
  id: string;
  type?: string;
  name: string;
  color?: string | null;
}

export interface LabelInput {
  name: string;
  color: string | null;
}

export const contentLabelKeys = { all: ['content-labels'] as const };

export const contentLabelsQuery = queryOptions({
  queryKey: contentLabelKeys.all,
  queryFn: ({ signal }) => fetchList<ContentLabel>(CONTENT_LABELS_PATH, { signal }),
});

/** Label changes show on the courses that carry them. */
function useLabelRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: contentLabelKeys.all }),
      queryClient.invalidateQueries({ queryKey: courseKeys.all }),
    ]);
}

export function useSaveLabel() {
  const refresh = useLabelRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LabelInput }) =>
      apiRequest(id ? `/v1/content_labels/${id}` : '/v1/content_labels', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

export function useDeleteLabel() {
  const refresh = useLabelRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/content_labels/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
