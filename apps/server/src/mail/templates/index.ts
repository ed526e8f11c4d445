/**
 * Every e-mail the product sends, by key. Each area keeps its templates in its own file here
 * (`templates/<area>.ts`), spread into MAILS, like the notification catalogues in packages/core.
 */
import { AUTH_MAILS } from './auth';
import type { MailCatalog } from './catalog';
import { PORTFOLIO_MAILS } from './portfolio';
import { TICKET_MAILS } from './tickets';

export type { MailCatalog, MailText } from './catalog';

export const MAILS = {
  ...AUTH_MAILS,
  ...TICKET_MAILS,
  ...PORTFOLIO_MAILS,
} as const satisfies MailCatalog;

export type MailKey = keyof typeof MAILS;
export const MAIL_KEYS = Object.keys(MAILS) as MailKey[];
