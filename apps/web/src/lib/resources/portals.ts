/** The portal the request is for, with its languages (GET /v1/portals/current). */
import { queryOptions } from '@tanstack/react-query';
import { apiDocument } from '../api/client';
import type { Portal } from '../session/types';

export const CURRENT_PORTAL_QUERY_KEY = ['portals', 'current'] as const;

export const currentPortalQuery = queryOptions({
  queryKey: CURRENT_PORTAL_QUERY_KEY,
  queryFn: async ({ signal }) =>
    (await apiDocument<Portal>('/v1/portals/current', { signal, query: { include: ['languages'] } })).data,
});
