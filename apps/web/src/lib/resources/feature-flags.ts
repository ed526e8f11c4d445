/** A portal's feature flags (SPEC §6). Owner of ['feature-flags']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { ME_QUERY_KEY } from './me';
import { CURRENT_PORTAL_QUERY_KEY } from './portals';
import { fetchList } from './document';

export interface FeatureFlag {
  id: string;
  type?: string;
  name: string;
  enabled: boolean;
  permissions: string[];
}

export const featureFlagKeys = {
  all: ['feature-flags'] as const,
  ofPortal: (portalId: string) => ['feature-flags', portalId] as const,
};

export const featureFlagsQuery = (portalId: string) =>
  queryOptions({
    queryKey: featureFlagKeys.ofPortal(portalId),
    queryFn: ({ signal }) => fetchList<FeatureFlag>(`/v1/portals/${portalId}/feature_flags`, { signal }),
  });

/** A switched feature changes what the menus and pages offer: the session is read again. */
export function useSetFeatureFlag(portalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      apiRequest(`/v1/portals/${portalId}/feature_flags/${encodeURIComponent(name)}`, {
        method: 'PATCH',
        body: { enabled },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: featureFlagKeys.all }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CURRENT_PORTAL_QUERY_KEY }),
      ]),
  });
}
