/** The session queries: ping, current user (me) and the current portal. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PING_REFETCH_MS, PING_STALE_MS } from '@leerpad/core';
import { apiDocument, apiRequest } from '../api/client';
import { CURRENT_PORTAL_QUERY_KEY, ME_QUERY_KEY, PING_QUERY_KEY } from './keys';
import type { Me, Ping, Portal } from './types';

export const pingQuery = queryOptions({
  queryKey: PING_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<Ping>('/ping', { signal }),
  staleTime: PING_STALE_MS,
  refetchInterval: PING_REFETCH_MS,
  refetchOnWindowFocus: true,
});

type MeDocument = Omit<Me, 'features' | 'unreadNotifications'>;

/** Turns a `me` document (from GET /v1/me, sign-in, registration or reset) into a Me. */
export function meFromDocument(data: MeDocument, meta: Record<string, unknown>): Me {
  const features = Array.isArray(meta.features) ? (meta.features as string[]) : [];
  return {
    ...data,
    roles: data.roles ?? data.account?.roles ?? [],
    availableBusinessModels: data.availableBusinessModels ?? [],
    features,
    unreadNotifications: typeof meta.unreadNotifications === 'number' ? meta.unreadNotifications : 0,
  };
}

export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const { data, meta } = await apiDocument<MeDocument>('/v1/me', { signal });
  return meFromDocument(data, meta);
}

export const meQuery = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
});

export const currentPortalQuery = queryOptions({
  queryKey: CURRENT_PORTAL_QUERY_KEY,
  queryFn: async ({ signal }) =>
    (await apiDocument<Portal>('/v1/portals/current', { signal, query: { include: ['languages'] } })).data,
});

/**
 * Starts the session queries before anything renders: the ping and the portal together, then /me as
 * soon as the ping says who is here (the page usually carries all three, so no request goes out).
 */
export async function prefetchSession(queryClient: QueryClient): Promise<void> {
  const portal = queryClient.prefetchQuery(currentPortalQuery);
  await queryClient.prefetchQuery(pingQuery);
  if (queryClient.getQueryData(pingQuery.queryKey)?.authenticated) await queryClient.prefetchQuery(meQuery);
  await portal;
}
