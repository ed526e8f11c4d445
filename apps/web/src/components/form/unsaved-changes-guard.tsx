/**
 * Asks before leaving a page whose form holds unsaved changes (the browser asks on its own when the
 * tab closes, see unsaved-changes.ts). React Router's `useBlocker` needs its data router, whose code
 * would put the sign-in page over its JavaScript budget (decision 060); so the guard holds the
 * router's own navigator instead: a move to another page waits for the person's answer.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type To } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../confirm-dialog';
import { hasUnsavedChanges } from './unsaved-changes';

const pathnameOf = (to: To) =>
  typeof to === 'string'
    ? new URL(to, window.location.href).pathname
    : (to.pathname ?? window.location.pathname);

const historyIndex = (): number | null => {
  const index = (window.history.state as { idx?: unknown } | null)?.idx;
  return typeof index === 'number' ? index : null;
};

export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<(() => void) | null>(null);
  const { pathname } = useLocation();
  // Where the router is, and its place in the history (the router keeps `idx` in history.state).
  const shown = useRef({ pathname, index: historyIndex() });
  useEffect(() => {
    shown.current = { pathname, index: historyIndex() };
  }, [pathname]);

  // Back and forward: the browser has moved already, so the guard moves it back before the router
  // hears of it (a capturing listener on window runs first), and moves on again if the person agrees.
  useEffect(() => {
    let restoring = false;
    let agreed = false;
    const onPopState = (event: PopStateEvent) => {
      if (restoring) {
        restoring = false;
        event.stopImmediatePropagation();
        return;
      }
      if (agreed) {
        agreed = false;
        return;
      }
      const target = historyIndex();
      const { pathname: from, index } = shown.current;
      if (window.location.pathname === from || !hasUnsavedChanges() || target === null || index === null)
        return;
      event.stopImmediatePropagation();
      const steps = target - index;
      restoring = true;
      window.history.go(-steps);
      setHeld(() => () => {
        agreed = true;
        window.history.go(steps);
      });
    };
    window.addEventListener('popstate', onPopState, true);
    return () => window.removeEventListener('popstate', onPopState, true);
  }, []);

  useEffect(() => {
    const { push, replace } = navigator;
    const guarded =
      (go: typeof push): typeof push =>
      (to, state, options) => {
        // Only a move to another page loses the form; a changed query (a tab, a page) keeps it.
        if (pathnameOf(to) !== window.location.pathname && hasUnsavedChanges()) {
          setHeld(() => () => go.call(navigator, to, state, options));
          return;
        }
        go.call(navigator, to, state, options);
      };
    navigator.push = guarded(push);
    navigator.replace = guarded(replace);
    return () => {
      navigator.push = push;
      navigator.replace = replace;
    };
  }, [navigator]);

  if (!held) return null;
  return (
    <ConfirmDialog
      title={t('forms.unsaved.title')}
      description={t('forms.unsaved.description')}
      confirmLabel={t('forms.unsaved.leave')}
      cancelLabel={t('forms.unsaved.stay')}
      confirmTestId="leave-unsaved"
      onConfirm={() => {
        setHeld(null);
        held();
      }}
      onClose={() => setHeld(null)}
    />
  );
}
