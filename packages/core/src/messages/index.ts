/**
 * Notifications (and the e-mails that go with them) are stored as a message key with parameters
 * and rendered in the reader's language when read, so a change of language changes every line.
 * Each area of the product keeps its texts in its own catalogue file, listed here.
 */
import { DEFAULT_LANGUAGE, type Locale } from '../constants';
import type { MessageCatalog, MessageParams } from './catalog';
import { GENERAL_MESSAGES } from './general';
import { APPROVAL_MESSAGES } from './approvals';
import { ACCOUNT_MESSAGES } from './accounts';
import { COMMERCE_MESSAGES } from './commerce';
import { CERTIFICATION_MESSAGES } from './certifications';
import { LEARNING_MESSAGES } from './learning';
import { TICKET_MESSAGES } from './tickets';
import { PORTAL_MESSAGES } from './portals';

export type { MessageCatalog, MessageParams } from './catalog';

const MESSAGES = {
  ...GENERAL_MESSAGES,
  ...LEARNING_MESSAGES,
  ...APPROVAL_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...COMMERCE_MESSAGES,
  ...CERTIFICATION_MESSAGES,
  ...TICKET_MESSAGES,
  ...PORTAL_MESSAGES,
} as const satisfies MessageCatalog;

export type MessageKey = keyof typeof MESSAGES;
export const MESSAGE_KEYS = Object.keys(MESSAGES) as MessageKey[];

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

/** The placeholders a text uses, in order of appearance. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1]!);
}

/**
 * The text of a message in a language. A placeholder without a parameter stays visible as
 * `{name}` rather than disappearing; an unknown key renders as the key itself.
 */
export function renderMessage(key: string, params: MessageParams | null | undefined, locale: Locale): string {
  if (!isMessageKey(key)) return key;
  const texts: Record<Locale, string> = MESSAGES[key];
  const text = texts[locale] ?? texts[DEFAULT_LANGUAGE];
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) =>
    params && params[name] !== undefined ? String(params[name]) : whole,
  );
}
export * from './errors';
