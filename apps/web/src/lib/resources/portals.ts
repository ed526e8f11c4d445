/**
 * Portals: the one the request is for, with its languages (GET /v1/portals/current), and every portal
 * as platform staff create, list, close and reopen them. Owner of ['portals', …].
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDocument } from '../api/client';
import type { Portal } from '../session/types';
import { fetchData, fetchDocument, pageFrom } from './document';

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

/** A portal as platform staff list and manage it (decision 057). */
export interface PortalRow {
  id: string;
  name: string;
  baseUrl: string | null;
  status: 'active' | 'closed';
  primaryDomain: string | null;
  businessModels: string[];
  portalDomains?: Array<{ id: string; domain: string; isPrimary: boolean }> | null;
}

/** What the create wizard sends (POST /v1/portals); keys go out in snake_case. */
export interface NewPortal {
  name: string;
  domains: string[];
  languages: string[];
  primaryLanguage: string;
  businessModels: string[];
  seller: { name: string; address: string; country: string; vatId: string | null; email: string | null };
  firstAdmin: { email: string; fullName: string };
}

export const portalKeys = {
  all: ['portals'] as const,
  list: (page: number, size: number) => ['portals', 'list', page, size] as const,
  one: (portalId: string) => ['portals', 'one', portalId] as const,
};

/** Every portal (platform staff), with their addresses. */
export const portalListQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: portalKeys.list(page, size),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<PortalRow[]>('/v1/portals', {
        signal,
        query: { include: ['portal_domains'], page: { number: page, size } },
      });
      return pageFrom<PortalRow>(data, meta);
    },
  });

export const portalQuery = (portalId: string) =>
  queryOptions({
    queryKey: portalKeys.one(portalId),
    queryFn: ({ signal }) => fetchData<PortalRow>(`/v1/portals/${portalId}`, { signal }),
  });

export function useCreatePortal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (portal: NewPortal) => fetchData<PortalRow>('/v1/portals', { method: 'POST', body: portal }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
    meta: { errorToast: false },
  });
}

/** Closes or reopens a portal (PATCH /v1/portals/{portal}/status). */
export function useSetPortalStatus(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'active' | 'closed') =>
      fetchData<PortalRow>(`/v1/portals/${portalId}/status`, {
        method: 'PATCH',
        body: { status },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}
