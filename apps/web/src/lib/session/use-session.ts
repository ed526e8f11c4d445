/**
 * Who is here and on which portal: the ping, the current user and the current portal together.
 * SessionProvider asks for them once and every useSession reads its answer: a page has some twenty
 * components that want the session, and three query observers each (with their own stale and
 * refresh timers) made the page's first effects one long task on a phone (decision 082).
 */
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { useLocation } from 'react-router';
import { resolveEnvironment, type Environment } from '@leerpad/core';
import { meQuery } from '../resources/me';
import { currentPortalQuery } from '../resources/portals';
import { pingQuery } from './queries';
import type { Me, Portal } from './types';

export type SessionStatus = 'loading' | 'error' | 'guest' | 'authenticated';

export interface Session {
  status: SessionStatus;
  authenticated: boolean;
  me: Me | null;
  portal: Portal | null;
  roles: readonly string[];
  features: readonly string[];
  error: unknown;
  retry: () => void;
}

const NO_ROLES: readonly string[] = [];

/** The features in force: the account's when it has any, else the portal's. */
export function sessionFeatures(
  me: Me | null | undefined,
  portal: Portal | null | undefined,
): readonly string[] {
  return me?.features.length ? me.features : (portal?.features ?? NO_ROLES);
}

export const SessionContext = createContext<Session | null>(null);

/** The session as SessionProvider keeps it. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
}

/** The session's queries, once, for SessionProvider. */
export function useSessionQueries(): Session {
  const ping = useQuery(pingQuery);
  const authenticated = ping.data?.authenticated === true;
  const me = useQuery({ ...meQuery, enabled: authenticated });
  const portal = useQuery(currentPortalQuery);

  let status: SessionStatus;
  if (ping.isPending || portal.isPending || (authenticated && me.isPending)) status = 'loading';
  else if (ping.isError || portal.isError || (authenticated && me.isError && !me.data)) status = 'error';
  else status = authenticated && me.data ? 'authenticated' : 'guest';

  const currentMe = status === 'authenticated' ? (me.data ?? null) : null;
  const currentPortal = portal.data ?? currentMe?.portal ?? null;
  const error = ping.error ?? portal.error ?? me.error;
  const { refetch: refetchPing, isError: pingFailed } = ping;
  const { refetch: refetchPortal, isError: portalFailed } = portal;
  const { refetch: refetchMe, isError: meFailed } = me;
  return useMemo(
    () => ({
      status,
      authenticated: status === 'authenticated',
      me: currentMe,
      portal: currentPortal,
      roles: currentMe?.roles ?? NO_ROLES,
      features: sessionFeatures(currentMe, currentPortal),
      error,
      retry: () => {
        if (pingFailed) void refetchPing();
        if (portalFailed) void refetchPortal();
        if (meFailed) void refetchMe();
      },
    }),
    [
      status,
      currentMe,
      currentPortal,
      error,
      pingFailed,
      portalFailed,
      meFailed,
      refetchPing,
      refetchPortal,
      refetchMe,
    ],
  );
}

/** The environment of the current page (SPEC §2): the route prefix, else the user's roles. */
export function useEnvironment(): { environment: Environment; profile: boolean } {
  const { pathname } = useLocation();
  const { roles, authenticated } = useSession();
  return resolveEnvironment(pathname, roles, authenticated);
}
