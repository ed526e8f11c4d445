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
  /** The starting colours (#rrggbb or null for the default); checked like the branding page's. */
  theme?: { primaryColor: string | null; secondaryColor: string | null };
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

/** Uploads the logo of a portal just created (PUT /v1/portals/{portal}/logo, multipart). */
export function useUploadNewPortalLogo() {
  return useMutation({
    mutationFn: ({ portalId, file }: { portalId: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      return apiDocument<Portal>(`/v1/portals/${portalId}/logo`, { method: 'PUT', body });
    },
    meta: { errorToast: false },
  });
}

/** One portal by id (GET /v1/portals/{portal}): the request's own, or any for platform staff. */
export const portalBrandingQuery = (portalId: string) =>
  queryOptions({
    queryKey: ['portals', portalId] as const,
    queryFn: async ({ signal }) => (await apiDocument<Portal>(`/v1/portals/${portalId}`, { signal })).data,
  });

export interface PortalBrandingChange {
  name?: string;
  theme?: { primaryColor?: string | null; secondaryColor?: string | null };
  businessModels?: string[];
  information?: { knowledgeBaseUrl?: string | null; zendeskChatId?: string | null };
}

const refreshPortal = (queryClient: ReturnType<typeof useQueryClient>, portalId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: CURRENT_PORTAL_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['portals', portalId] }),
    queryClient.invalidateQueries({ queryKey: ['me'] }),
  ]);

/** Saves the portal's name, colours, business models and support links (PATCH /v1/portals/{portal}). */
export function useSavePortalBranding(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PortalBrandingChange) =>
      apiDocument<Portal>(`/v1/portals/${portalId}`, {
        method: 'PATCH',
        body: { data: { type: 'portals', id: portalId, attributes: change } },
      }),
    onSuccess: () => refreshPortal(queryClient, portalId),
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

export type BrandingAssetName = 'logo' | 'favicon';

/** Uploads (PUT, multipart) or removes (DELETE) the portal's logo or favicon. */
export function useBrandingAsset(portalId: string, asset: BrandingAssetName) {
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiDocument<Portal>(`/v1/portals/${portalId}/${asset}`, { method: 'PUT', body });
    },
    onSuccess: () => refreshPortal(queryClient, portalId),
    meta: { errorToast: false },
  });
  const remove = useMutation({
    mutationFn: () => apiDocument<Portal>(`/v1/portals/${portalId}/${asset}`, { method: 'DELETE' }),
    onSuccess: () => refreshPortal(queryClient, portalId),
    meta: { errorToast: false },
  });
  return { upload, remove };
}

export interface BusinessModelImpact {
  id: string;
  currentBusinessModels: string[];
  businessModels: string[];
  enrolledStudents: number;
  withActiveSubscription: number;
  subscriptionRequiredNow: boolean;
  subscriptionRequiredAfter: boolean;
  studentsAskedToSubscribe: number;
  studentsRegainingAccess: number;
}

/** What switching to `models` means for the students enrolled now (GET …/business_model_impact). */
export const businessModelImpactQuery = (portalId: string, models: readonly string[]) =>
  queryOptions({
    queryKey: ['portals', portalId, 'business_model_impact', [...models].sort().join(',')] as const,
    queryFn: async ({ signal }) =>
      (
        await apiDocument<BusinessModelImpact>(`/v1/portals/${portalId}/business_model_impact`, {
          signal,
          query: { filter: { business_models: models.join(',') } },
        })
      ).data,
  });
