import type { MailCatalog } from './catalog';

/** E-mails of tickets: a new message in a question thread, to the other side. */
export const TICKET_MAILS = {
  ticket_message: {
    en: {
      subject: '{portal}: new message about "{subject}"',
      text: [
        'Hello {name},',
        '',
        '{author} wrote a new message about "{subject}".',
        'Read it and reply at {link}',
      ].join('\n'),
    },
    nl: {
      subject: '{portal}: nieuw bericht over "{subject}"',
      text: [
        'Hallo {name},',
        '',
        '{author} heeft een nieuw bericht geschreven over "{subject}".',
        'Lees en beantwoord het via {link}',
      ].join('\n'),
    },
    ro: {
      subject: '{portal}: mesaj nou despre „{subject}”',
      text: [
        'Bună, {name},',
        '',
        '{author} a scris un mesaj nou despre „{subject}”.',
        'Citește-l și răspunde la {link}',
      ].join('\n'),
    },
  },
} as const satisfies MailCatalog;
