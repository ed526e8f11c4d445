/**
 * The support palette's searches (SPEC §7): accounts by text (20, name, avatar and last online) and
 * portals by name (5, with their domains). Owner of the ['palette-search', …] keys.
 */
import { ACCOUNT_SEARCH_LIMIT, PORTAL_SEARCH_LIMIT } from '@leerpad/core';
import { queryOptions } from '@tanstack/react-query';
import type { Account, Portal } from '../session/types';
import { fetchList } from './document';

export interface PortalWithDomains extends Portal {
  portalDomains?: Array<{ id: string; domain: string }> | null;
}

export function paletteAccountsQuery(text: string) {
  return queryOptions({
    queryKey: ['palette-search', 'accounts', text] as const,
    queryFn: ({ signal }) =>
      fetchList<Account>('/v1/accounts', {
        signal,
        query: {
          filter: { search: text },
          fields: { accounts: ['full_name', 'avatar_url', 'last_online', 'email_address', 'roles'] },
          limit: ACCOUNT_SEARCH_LIMIT,
        },
      }),
    enabled: text.length > 0,
  });
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
