import { isLocale, type Locale, type MessageParams } from '@leerpad/core';
import type { Executor } from '../db/schema';
import type { MailAdapter } from './mailer';
import { MAILS, type MailKey } from './templates/index';

interface PortalLike {
  name: string;
  parameters: ReadonlyArray<{ type: string; data: string }>;
  /** The portal's theme and address, for the e-mail's header (name, colour, PNG logo). */
  row?: {
    base_url: string | null;
    primary_color: string | null;
    secondary_color: string | null;
    logo_url: string | null;
  };
}

/** What an e-mail shows of its portal above the text (decision 058). */
export interface MailBranding {
  portalName: string;
  /** The colour of the name (the primary colour, checked against WCAG AA). */
  color: string | null;
  /** The decorative stripe above it (the secondary colour, else the primary). */
  accent: string | null;
  /** An absolute address of a PNG logo (mail readers rarely show SVG), or null for the name alone. */
  logoUrl: string | null;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The branding of a portal's e-mails: its name in its secondary colour, and its PNG logo when it has one. */
export function mailBrandingOf(portal: PortalLike): MailBranding | null {
  if (!portal.row) return null;
  const { base_url: base, logo_url: logo } = portal.row;
  let logoUrl: string | null = null;
  if (logo && /\.png$/i.test(logo)) {
    try {
      logoUrl = new URL(logo, base || undefined).toString();
    } catch {
      logoUrl = null;
    }
  }
  const hex = (value: string | null) => (value && HEX.test(value) ? value : null);
  const color = hex(portal.row.primary_color);
  return { portalName: portal.name, color, accent: hex(portal.row.secondary_color) ?? color, logoUrl };
}

function brandingHeader(branding: MailBranding): string {
  const color = branding.color ?? '#0f172a';
  const name = escapeHtml(branding.portalName);
  const mark = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${name}" height="40" style="height: 40px; max-width: 200px">`
    : `<strong style="font-size: 18px; color: ${color}">${name}</strong>`;
  return `<div style="border-top: 4px solid ${branding.accent ?? color}; padding: 16px 0 8px">${mark}</div>`;
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
function textToHtml(text: string, branding: MailBranding | null = null): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) =>
      escapeHtml(paragraph)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>\n'),
    )
    .map((paragraph) => `<p>${paragraph}</p>`);
  const header = branding ? `${brandingHeader(branding)}\n` : '';
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${header}${paragraphs.join('\n')}\n</body></html>`;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** An e-mail in a language, with its parameters filled in (escaped in the HTML part). */
export function renderMail(
  key: MailKey,
  params: MessageParams,
  locale: Locale,
  branding: MailBranding | null = null,
): RenderedMail {
  const texts = MAILS[key] as Record<Locale, { subject: string; text: string; html?: string }>;
  const template = texts[locale] ?? texts.en;
  const text = fill(template.text, params, (value) => value);
  return {
    subject: fill(template.subject, params, (value) => value.replace(/[\r\n]+/g, ' ')),
    text,
    html: template.html ? fill(template.html, params, escapeHtml) : textToHtml(text, branding),
  };
}

/** Renders an e-mail in the recipient's language and sends it. `portal` is filled in as a parameter. */
export async function sendMail(
  mailer: MailAdapter,
  mail: { to: string; key: MailKey; params: MessageParams; locale: Locale; portal: PortalLike },
): Promise<void> {
  const rendered = renderMail(
    mail.key,
    { portal: mail.portal.name, ...mail.params },
    mail.locale,
    mailBrandingOf(mail.portal),
  );
  await mailer.send({ to: mail.to, ...rendered });
}
