import type { MailCatalog } from './catalog';

/** E-mails of the portfolio: a request for feedback on an item, to someone who may have no account. */
export const PORTFOLIO_MAILS = {
  feedback_request: {
    en: {
      subject: '{portal}: {student} asks for your feedback',
      text: [
        'Hello {name},',
        '',
        '{student} asks for your feedback on "{title}".',
        '{message}',
        '',
        'Give your feedback at {link}',
        'The link works once and expires on {date}. You do not need an account.',
      ].join('\n'),
    },
    nl: {
      subject: '{portal}: {student} vraagt om je feedback',
      text: [
        'Hallo {name},',
        '',
        '{student} vraagt om je feedback op "{title}".',
        '{message}',
        '',
        'Geef je feedback via {link}',
        'De link werkt één keer en verloopt op {date}. Je hebt geen account nodig.',
      ].join('\n'),
    },
    ro: {
      subject: '{portal}: {student} îți cere feedback',
      text: [
        'Bună, {name},',
        '',
        '{student} îți cere feedback pentru „{title}”.',
        '{message}',
        '',
        'Oferă feedback la {link}',
        'Linkul funcționează o singură dată și expiră pe {date}. Nu ai nevoie de cont.',
      ].join('\n'),
    },
  },
} as const satisfies MailCatalog;
