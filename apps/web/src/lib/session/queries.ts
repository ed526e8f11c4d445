/** The session heartbeat: ping (whether the visitor is signed in, and as whom), and the first load. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { PING_REFETCH_MS, PING_STALE_MS } from '@leerpad/core';
import { apiRequest } from '../api/client';
import { meQuery } from '../resources/me';
import { currentPortalQuery } from '../resources/portals';
import { PING_QUERY_KEY } from './keys';
import type { Ping } from './types';

export const pingQuery = queryOptions({
  queryKey: PING_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<Ping>('/ping', { signal }),
  staleTime: PING_STALE_MS,
  refetchInterval: PING_REFETCH_MS,
  refetchOnWindowFocus: true,
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
