/**
 * Waits for the session and the language, then applies the portal: theme, favicon, translation
 * overrides and <html lang>. Hosts what every page shares: toasts, modals, session rules.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { errorTitleKey } from '@leerpad/core';
import { ErrorBlock } from '../components/error-block';
import { BootSplash, Loading } from '../components/loading';
import { ModalHost } from '../components/modal-host';
import { Toaster } from '../components/toaster';
import { firstErrorDetail } from '../lib/api/client';
import { onApiError, onCriticalApiError } from '../lib/api/events';
import { reportCriticalApiError } from '../lib/resources/client-errors';
import { activateLanguage, isLanguageActive, setLanguageOverrides } from '../lib/i18n/i18n';
import { activeLocale, useGuestLanguage } from '../lib/i18n/language';
import { applyTheme, documentTitle } from '../lib/portal/theme';
import { useSession } from '../lib/session/use-session';
import { showToast } from '../lib/toasts/toasts';
import { GiveFeedbackHash } from './give-feedback-hash';
import { SessionWatcher } from './session-watcher';

export function Bootstrap({ children }: { children: ReactNode }) {
  const session = useSession();
  const { portal, me, status } = session;
  const remembered = useGuestLanguage();
  const desired = status === 'loading' ? null : activeLocale(portal, me, remembered);
  // main.tsx usually activates the language before the first render: then there is nothing to wait
  // for, and the page renders at once instead of a splash first and the page in a second pass.
  const [readyLocale, setReadyLocale] = useState<string | null>(() =>
    desired && isLanguageActive(desired) ? desired : null,
  );

  useEffect(() => {
    setLanguageOverrides((portal?.languages ?? []).map((language) => language.overrides));
  }, [portal]);

  useEffect(() => {
    applyTheme(portal?.theme ?? me?.theme);
    if (!document.title || document.title === 'Leerpad') document.title = documentTitle(portal?.name);
  }, [portal, me?.theme]);

  useEffect(() => {
    if (!desired) return;
    let current = true;
    void activateLanguage(desired).then(() => {
      if (current) setReadyLocale(desired);
    });
    return () => {
      current = false;
    };
  }, [desired]);

  useEffect(() => onCriticalApiError(reportCriticalApiError), []);

  useEffect(
    () =>
      onApiError((error) => {
        const detail = firstErrorDetail(error);
        showToast(
          detail
            ? { kind: 'error', message: detail }
            : { kind: 'error', messageKey: errorTitleKey(error.kind) },
        );
      }),
    [],
  );

  if (!readyLocale) return <BootSplash />;

  let content: ReactNode;
  if (status === 'loading') content = <Loading fullPage />;
  else if (status === 'error') content = <ErrorBlock kind="unavailable" onRetry={session.retry} />;
  else content = children;

  return (
    <>
      {content}
      <Toaster />
      <ModalHost />
      <SessionWatcher />
      {/* The feedback service is for signed-in accounts. */}
      {status === 'authenticated' && <GiveFeedbackHash />}
    </>
  );
}
