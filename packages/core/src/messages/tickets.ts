import type { MessageCatalog } from './catalog';

/** Notifications of tickets: a student's question to their coach and the replies in its thread. */
export const TICKET_MESSAGES = {
  ticket_asked: {
    en: '{name} asked you a question: "{subject}".',
    nl: '{name} heeft je een vraag gesteld: "{subject}".',
    ro: '{name} ți-a pus o întrebare: „{subject}”.',
  },
  ticket_replied: {
    en: '{name} replied to the question "{subject}".',
    nl: '{name} heeft gereageerd op de vraag "{subject}".',
    ro: '{name} a răspuns la întrebarea „{subject}”.',
  },
  ticket_answered: {
    en: '{name} answered your question "{subject}".',
    nl: '{name} heeft je vraag "{subject}" beantwoord.',
    ro: '{name} a răspuns la întrebarea ta „{subject}”.',
  },
} as const satisfies MessageCatalog;
