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
  // The page an LTI tool's deep-linking answer lands on (decision 070).
  lti_deep_linking_done_title: {
    en: 'Added to the course',
    nl: 'Toegevoegd aan de cursus',
    ro: 'Adăugat la curs',
  },
  lti_deep_linking_done_body: {
    en: '{count} item(s) from {tool} are now at the end of the section. You can close this window.',
    nl: '{count} onderdeel/onderdelen uit {tool} staan nu aan het eind van het hoofdstuk. Je kunt dit venster sluiten.',
    ro: '{count} element(e) din {tool} se află acum la sfârșitul secțiunii. Puteți închide această fereastră.',
  },
} as const satisfies MessageCatalog;
