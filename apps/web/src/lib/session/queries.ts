/** The session heartbeat: ping (whether the visitor is signed in, and as whom). */
import { queryOptions } from '@tanstack/react-query';
import { PING_REFETCH_MS, PING_STALE_MS } from '@leerpad/core';
import { apiRequest } from '../api/client';
import { PING_QUERY_KEY } from './keys';
import type { Ping } from './types';

export const pingQuery = queryOptions({
  queryKey: PING_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest<Ping>('/ping', { signal }),
  staleTime: PING_STALE_MS,
  refetchInterval: PING_REFETCH_MS,
  refetchOnWindowFocus: true,
});
