// Before the router: the unsaved-changes guard hears back and forward first (lib/history-hold.ts).
import './lib/history-hold';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, isLocale } from '@leerpad/core';
import { App } from './app/app';
import { prefetchRoute } from './app/routes';
import { activateLanguage, loadLanguage } from './lib/i18n/i18n';
import { activeLocale, readGuestLanguage } from './lib/i18n/language';
import { createQueryClient } from './lib/query-client';
import { reportRecoverableError } from './lib/recoverable-errors';
import { meQuery } from './lib/resources/me';
import { currentPortalQuery } from './lib/resources/portals';
import { prefetchSession } from './lib/session/queries';
import './styles.css';

const queryClient = createQueryClient();
const likelyLanguage = readGuestLanguage();
void loadLanguage(isLocale(likelyLanguage) ? likelyLanguage : DEFAULT_LANGUAGE);

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  // A transition: React renders the first screen in slices of a few milliseconds and lets the
  // browser in between, instead of one long task on a slow phone (docs/decisions/077).
  const reactRoot = createRoot(root, { onRecoverableError: reportRecoverableError });
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

/** The session's language, active before the first render (Bootstrap then shows the page at once). */
function activateSessionLanguage() {
  const portal = queryClient.getQueryData(currentPortalQuery.queryKey);
  const me = queryClient.getQueryData(meQuery.queryKey);
  return activateLanguage(activeLocale(portal, me, likelyLanguage));
}

// The session first (the page usually carries its answers: no round trip), then the page's code,
// texts and data together. The first render waits for the code and the texts: a lazy component
// that suspends shows a fallback, and React then holds its content back for up to 300 ms. Should a
// module fail to load, the page renders anyway and shows the failure where that module is used.
void prefetchSession(queryClient)
  .then(() =>
    Promise.all([
      prefetchRoute(queryClient, window.location.pathname, window.location.search),
      activateSessionLanguage(),
    ]),
  )
  .catch(() => undefined)
  .finally(render);
