import { isLocale, type Locale, type MessageParams } from '@leerpad/core';
import type { Executor } from '../db/schema';
import type { MailAdapter } from './mailer';
import { MAILS, type MailKey } from './templates/index';

interface PortalLike {
  name: string;
  parameters: ReadonlyArray<{ type: string; data: string }>;
}

/** The language of an e-mail: the recipient's, else the portal's primary language, else English. */
export function mailLocale(recipientLocale: string | null | undefined, portal: PortalLike): Locale {
  if (isLocale(recipientLocale)) return recipientLocale;
  const primary = portal.parameters.find((parameter) => parameter.type === 'default_language')?.data;
  return isLocale(primary) ? primary : 'en';
}

/** The stored language of an account, for its e-mails. */
export async function accountMailLocale(
  db: Executor,
  accountId: number,
  portal: PortalLike,
): Promise<Locale> {
  const row = await db.selectFrom('accounts').select('locale').where('id', '=', accountId).executeTakeFirst();
  return mailLocale(row?.locale, portal);
}

const fill = (template: string, params: MessageParams, escape: (value: string) => string) =>
  template.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    params[name] !== undefined ? escape(String(params[name])) : whole,
  );

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as simple HTML: paragraphs at blank lines, line breaks inside them, addresses as links. */
function textToHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>\n'),
    )
    .map((paragraph) => `<p>${paragraph}</p>`);
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${paragraphs.join('\n')}\n</body></html>`;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** An e-mail in a language, with its parameters filled in (escaped in the HTML part). */
export function renderMail(key: MailKey, params: MessageParams, locale: Locale): RenderedMail {
  const texts = MAILS[key] as Record<Locale, { subject: string; text: string; html?: string }>;
  const template = texts[locale] ?? texts.en;
  const text = fill(template.text, params, (value) => value);
  return {
    subject: fill(template.subject, params, (value) => value.replace(/[\r\n]+/g, ' ')),
    text,
    html: template.html ? fill(template.html, params, escapeHtml) : textToHtml(text),
  };
}

/** Renders an e-mail in the recipient's language and sends it. `portal` is filled in as a parameter. */
export async function sendMail(
  mailer: MailAdapter,
  mail: { to: string; key: MailKey; params: MessageParams; locale: Locale; portal: PortalLike },
): Promise<void> {
  const rendered = renderMail(mail.key, { portal: mail.portal.name, ...mail.params }, mail.locale);
  await mailer.send({ to: mail.to, ...rendered });
}
