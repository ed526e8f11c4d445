/**
 * The support palette's search of portals by name (5, with their domains; its accounts are in
 * accounts.ts). Owner of the ['palette-search', …] keys.
 */
import { PORTAL_SEARCH_LIMIT } from '@leerpad/core';
import { queryOptions } from '@tanstack/react-query';
import type { Portal } from '../session/types';
import { fetchList } from './document';

export interface PortalWithDomains extends Portal {
  portalDomains?: Array<{ id: string; domain: string }> | null;
}

export function palettePortalsQuery(text: string) {
  return queryOptions({
    queryKey: ['palette-search', 'portals', text] as const,
    queryFn: ({ signal }) =>
      fetchList<PortalWithDomains>('/v1/portals', {
        signal,
        query: { filter: { name: text }, include: ['portal_domains'], limit: PORTAL_SEARCH_LIMIT },
      }),
    enabled: text.length > 0,
  });
}

/** Every portal (the portal switch lists them all: there are few). */
export const allPortalsQuery = queryOptions({
  queryKey: ['palette-search', 'portals', '*'] as const,
  queryFn: ({ signal }) =>
    fetchList<PortalWithDomains>('/v1/portals', {
      signal,
      query: { include: ['portal_domains'], page: { size: 100 } },
    }),
});
