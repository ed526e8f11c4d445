import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE, isLocale } from '@leerpad/core';
import { App } from './app/app';
import { loadLanguage } from './lib/i18n/i18n';
import { readGuestLanguage } from './lib/i18n/language';
import { createQueryClient } from './lib/query-client';
import { currentPortalQuery } from './lib/resources/portals';
import { pingQuery } from './lib/session/queries';
import './styles.css';

const queryClient = createQueryClient();
// Start the first requests before React renders: the session, the portal and the likely language.
void queryClient.prefetchQuery(pingQuery);
void queryClient.prefetchQuery(currentPortalQuery);
const likelyLanguage = readGuestLanguage();
void loadLanguage(isLocale(likelyLanguage) ? likelyLanguage : DEFAULT_LANGUAGE);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
