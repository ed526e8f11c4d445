import type { Locale } from '@leerpad/core';

/**
 * One e-mail in one language. `{name}` placeholders are filled from the parameters; the HTML part
 * is made from the text (paragraphs, links) unless a template gives its own `html`.
 */
export interface MailText {
  subject: string;
  text: string;
  html?: string;
}

/** E-mails by key, each in every language. */
export type MailCatalog = Record<string, Record<Locale, MailText>>;
