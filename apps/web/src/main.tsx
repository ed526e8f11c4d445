// Before the router: the unsaved-changes guard hears back and forward first (lib/history-hold.ts).
import './lib/history-hold';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, isLocale } from '@leerpad/core';
import { App } from './app/app';
import { prefetchRoute } from './app/routes';
import { loadLanguage } from './lib/i18n/i18n';
import { readGuestLanguage } from './lib/i18n/language';
import { createQueryClient } from './lib/query-client';
import { prefetchSession } from './lib/session/queries';
import './styles.css';

const queryClient = createQueryClient();
const likelyLanguage = readGuestLanguage();
void loadLanguage(isLocale(likelyLanguage) ? likelyLanguage : DEFAULT_LANGUAGE);

function render() {
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}

// The session first (the page usually carries its answers: no round trip), then the page's code,
// texts and data together. The first render waits for the code: a lazy component that suspends
// shows a fallback, and React then holds its content back for up to 300 ms. Should a module fail to
// load, the page renders anyway and shows the failure where that module is used.
void prefetchSession(queryClient)
  .then(() => prefetchRoute(queryClient, window.location.pathname, window.location.search))
  .catch(() => undefined)
  .finally(render);
