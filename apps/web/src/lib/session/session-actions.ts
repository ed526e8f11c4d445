/** Updates the session cache after signing in or out (the session module owns these keys). */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../api/client';
import { ME_QUERY_KEY } from '../resources/me';
import { CURRENT_PORTAL_QUERY_KEY } from '../resources/portals';
import { PING_QUERY_KEY } from './keys';
import type { Me, Ping } from './types';

/** Kept across sign-in: they are updated in place, so their observers hear of the change. */
const KEPT_KEYS = new Set<unknown>([CURRENT_PORTAL_QUERY_KEY[0], PING_QUERY_KEY[0], ME_QUERY_KEY[0]]);

export function useSessionActions() {
  const queryClient = useQueryClient();

  const signedIn = useCallback(
    (me: Me) => {
      // Whatever was cached for a previous visitor must not leak into this session.
      queryClient.removeQueries({ predicate: (query) => !KEPT_KEYS.has(query.queryKey[0]) });
      queryClient.setQueryData<Me>(ME_QUERY_KEY, me);
      queryClient.setQueryData<Ping>(PING_QUERY_KEY, {
        authenticated: true,
        accountId: me.account?.id ?? me.id,
        portalId: me.portal?.id ?? null,
      });
    },
    [queryClient],
  );

  /**
   * Ends the session on the server, then reloads on the sign-in page: a fresh page is the surest
   * way to forget everything the previous user saw. The page shows the logout.successful toast.
   */
  const signOut = useCallback(async () => {
    try {
      await apiRequest('/auth/logout');
    } finally {
      window.location.replace('/auth?loggedOut=true');
    }
  }, []);

  const updateMe = useCallback(
    (update: (me: Me) => Me) => {
      queryClient.setQueryData<Me>(ME_QUERY_KEY, (current) => (current ? update(current) : current));
    },
    [queryClient],
  );

  return { signedIn, signOut, updateMe };
}
