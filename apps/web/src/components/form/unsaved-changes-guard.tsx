/**
 * Asks before leaving a page whose form holds unsaved changes (the browser asks on its own when the
 * tab closes, see unsaved-changes.ts). React Router's `useBlocker` needs its data router, whose code
 * would put the sign-in page over its JavaScript budget (decision 060); so the guard holds the
 * router's own navigator instead: a move to another page waits for the person's answer.
 *
 * The browser's back and forward buttons are held the way the data router's blocker holds them
 * (decision 067): the history entry the router wrote carries its position (`idx`); a `popstate` to
 * another page while a form is dirty is caught before the router hears it (lib/history-hold.ts
 * listens from boot, ahead of the router), the browser is sent back to the entry it came from, and
 * the question is asked. "Leave" repeats the step, which the router then follows as usual.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type To } from 'react-router';
import { holdPopState } from '../../lib/history-hold';
import { useTranslation } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../confirm-dialog';
import { hasUnsavedChanges } from './unsaved-changes';

const pathnameOf = (to: To) =>
  typeof to === 'string'
    ? new URL(to, window.location.href).pathname
    : (to.pathname ?? window.location.pathname);

/** The position the router keeps in a history entry's state, if it wrote one. */
const positionOf = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  const [held, setHeld] = useState<(() => void) | null>(null);
  /** The entry on screen: where a held back or forward step returns to. */
  const shown = useRef({ position: positionOf(window.history.state), pathname: window.location.pathname });

  useEffect(() => {
    shown.current = { position: positionOf(window.history.state), pathname: location.pathname };
  }, [location]);

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

  useEffect(() => {
    /** Set while the browser goes back to the shown entry: that step is ours, not the person's. */
    let returning = false;
    /** Set while a step the person confirmed is repeated: the router follows it. */
    let confirmed = false;
    const onPopState = (event: PopStateEvent) => {
      if (returning) {
        returning = false;
        event.stopImmediatePropagation();
        return;
      }
      if (confirmed) {
        confirmed = false;
        return;
      }
      const from = shown.current;
      const to = positionOf(event.state);
      if (
        from.position === null ||
        to === null ||
        to === from.position ||
        window.location.pathname === from.pathname ||
        !hasUnsavedChanges()
      )
        return;
      // Heard before the router's own listener: the router never sees this step.
      event.stopImmediatePropagation();
      const delta = to - from.position;
      returning = true;
      window.history.go(-delta);
      setHeld(() => () => {
        confirmed = true;
        window.history.go(delta);
      });
    };
    holdPopState(onPopState);
    return () => holdPopState(null);
  }, []);

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
