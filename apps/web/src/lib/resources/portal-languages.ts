/**
 * A portal's languages and their translation overrides (GET/POST/PATCH/DELETE
 * /v1/portals/{portal}/languages). Owner of ['portal-languages', …]. A change reaches every page at
 * once: the current portal (which carries the overrides) and /me are read again.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchList } from './document';
import { ME_QUERY_KEY } from './me';
import { CURRENT_PORTAL_QUERY_KEY } from './portals';

export interface PortalLanguageRow {
  id: string;
  type?: string;
  locale: string;
  isPrimary: boolean;
  /** JSON text: {"<locale>": {"<key>": "<text>"}}. */
  overrides: string;
}

export const portalLanguageKeys = {
  all: ['portal-languages'] as const,
  ofPortal: (portalId: string) => ['portal-languages', portalId] as const,
};

export const portalLanguagesQuery = (portalId: string) =>
  queryOptions({
    queryKey: portalLanguageKeys.ofPortal(portalId),
    queryFn: ({ signal }) => fetchList<PortalLanguageRow>(`/v1/portals/${portalId}/languages`, { signal }),
  });

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: portalLanguageKeys.all }),
    queryClient.invalidateQueries({ queryKey: CURRENT_PORTAL_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
  ]);

export function useEnableLanguage(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: string) =>
      fetchData<PortalLanguageRow>(`/v1/portals/${portalId}/languages`, { method: 'POST', body: { locale } }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useDisableLanguage(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/portals/${portalId}/languages/${id}`, { method: 'DELETE' }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useUpdateLanguage(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: { isPrimary?: true; overrides?: string } }) =>
      fetchData<PortalLanguageRow>(`/v1/portals/${portalId}/languages/${id}`, {
        method: 'PATCH',
        body: {
          ...(input.isPrimary ? { is_primary: true } : {}),
          ...(input.overrides !== undefined ? { overrides: input.overrides } : {}),
        },
      }),
    onSuccess: () => refresh(queryClient),
    meta: { errorToast: false },
  });
}
