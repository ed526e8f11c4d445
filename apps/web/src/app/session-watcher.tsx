/**
 * Session rules (SPEC §4): a redirect in the ping reply reloads the page; a user who was signed in
 * and is now not, outside the guest environment and without ?loggedOut, is told the session timed out.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { isSafeReturnTo, resolveEnvironment } from '@leerpad/core';
import { pingQuery } from '../lib/session/queries';
import { useSession } from '../lib/session/use-session';
import { showToast } from '../lib/toasts/toasts';

const RELOAD_GUARD_KEY = 'leerpad.ping-redirect';

export function SessionWatcher() {
  const { data: ping } = useQuery(pingQuery);
  const { authenticated, roles } = useSession();
  const location = useLocation();
  const wasAuthenticated = useRef(false);
  const lastEnvironment = useRef<string>('guest');

  if (authenticated) {
    lastEnvironment.current = resolveEnvironment(location.pathname, roles, true).environment;
  }

  useEffect(() => {
    const redirect = ping?.redirect;
    if (!redirect) return;
    // Guard against a server that keeps asking: reload at most once every ten seconds.
    const last = Number(window.sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < 10_000) return;
    window.sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    if (isSafeReturnTo(redirect) && redirect !== window.location.pathname) window.location.assign(redirect);
    else window.location.reload();
  }, [ping?.redirect]);

  useEffect(() => {
    if (authenticated) {
      wasAuthenticated.current = true;
      return;
    }
    if (!wasAuthenticated.current || ping?.authenticated !== false) return;
    wasAuthenticated.current = false;
    const loggedOut = new URLSearchParams(location.search).get('loggedOut') === 'true';
    if (lastEnvironment.current !== 'guest' && !loggedOut) {
      showToast({ kind: 'warning', messageKey: 'logout.timeout' });
    }
  }, [authenticated, ping?.authenticated, location.search]);

  return null;
}
