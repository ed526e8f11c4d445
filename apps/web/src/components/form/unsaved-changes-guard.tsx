/**
 * Asks before leaving a page whose form holds unsaved changes (the browser asks on its own when the
 * tab closes, see unsaved-changes.ts). React Router's `useBlocker` needs its data router, whose code
 * would put the sign-in page over its JavaScript budget (decision 060); so the guard holds the
 * router's own navigator instead: a move to another page waits for the person's answer.
 */
import { useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext, type To } from 'react-router';
import { useTranslation } from '../../lib/i18n/i18n';
import { ConfirmDialog } from '../confirm-dialog';
import { hasUnsavedChanges } from './unsaved-changes';

const pathnameOf = (to: To) =>
  typeof to === 'string'
    ? new URL(to, window.location.href).pathname
    : (to.pathname ?? window.location.pathname);

export function UnsavedChangesGuard() {
  const { t } = useTranslation();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<(() => void) | null>(null);

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
