/** The portal the request is for, with its languages (GET /v1/portals/current). */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDocument } from '../api/client';
import type { Portal } from '../session/types';

export const CURRENT_PORTAL_QUERY_KEY = ['portals', 'current'] as const;

export const currentPortalQuery = queryOptions({
  queryKey: CURRENT_PORTAL_QUERY_KEY,
  queryFn: async ({ signal }) =>
    (await apiDocument<Portal>('/v1/portals/current', { signal, query: { include: ['languages'] } })).data,
});

/** Changes the portal's knowledge base URL and chat id (PATCH /v1/portals/{portal}); every page reads them again. */
export function useSavePortalInformation(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (information: { knowledgeBaseUrl: string | null; zendeskChatId: string | null }) =>
      apiDocument<Portal>(`/v1/portals/${portalId}`, { method: 'PATCH', body: { information } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_PORTAL_QUERY_KEY }),
    meta: { errorToast: false },
  });
}
