/**
 * A portal's addresses (GET/POST/PATCH/DELETE /v1/portals/{portal}/portal_domains): one primary,
 * the others redirect to it. Owner of ['portal-domains', …]; a change also refreshes the portals.
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchList } from './document';
import { portalKeys } from './portals';

export interface PortalDomainRow {
  id: string;
  domain: string;
  isPrimary: boolean;
}

export const portalDomainKeys = {
  all: ['portal-domains'] as const,
  ofPortal: (portalId: string) => ['portal-domains', portalId] as const,
};

export const portalDomainsQuery = (portalId: string) =>
  queryOptions({
    queryKey: portalDomainKeys.ofPortal(portalId),
    queryFn: ({ signal }) => fetchList<PortalDomainRow>(`/v1/portals/${portalId}/portal_domains`, { signal }),
  });

const refresh = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: portalDomainKeys.all }),
    queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  ]);

export function useAddPortalDomain(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      fetchData<PortalDomainRow>(`/v1/portals/${portalId}/portal_domains`, {
        method: 'POST',
        body: { domain },
      }),
    onSuccess: () => refresh(queryClient),
    meta: { errorToast: false },
  });
}

export function useMakePrimaryDomain(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) =>
      fetchData<PortalDomainRow>(`/v1/portals/${portalId}/portal_domains/${domainId}`, {
        method: 'PATCH',
        body: { isPrimary: true },
      }),
    onSuccess: () => refresh(queryClient),
  });
}

export function useRemovePortalDomain(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) =>
      apiRequest(`/v1/portals/${portalId}/portal_domains/${domainId}`, { method: 'DELETE' }),
    onSuccess: () => refresh(queryClient),
  });
}
