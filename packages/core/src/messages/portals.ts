import type { MessageCatalog } from './catalog';

/** What a portal's own addresses say when the portal is closed (the server's closed page). */
export const PORTAL_MESSAGES = {
  portal_closed_title: {
    en: '{portal} is closed',
    nl: '{portal} is gesloten',
    ro: '{portal} este închisă',
  },
  portal_closed_body: {
    en: 'This academy is no longer available. If you have questions about your courses or certificates, contact the organisation that invited you.',
    nl: 'Deze academie is niet meer beschikbaar. Heb je vragen over je cursussen of certificaten, neem dan contact op met de organisatie die je heeft uitgenodigd.',
    ro: 'Această academie nu mai este disponibilă. Dacă aveți întrebări despre cursuri sau certificate, contactați organizația care v-a invitat.',
  },
} as const satisfies MessageCatalog;
