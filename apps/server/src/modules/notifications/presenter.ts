import { renderMessage, type Locale, type MessageParams } from '@leerpad/core';
import type { NotificationRow } from '../../db/schema';
import type { NotificationResource } from './schema';

function parameters(json: string | null): MessageParams {
  try {
    const value: unknown = json ? JSON.parse(json) : {};
    return value && typeof value === 'object' ? (value as MessageParams) : {};
  } catch {
    return {};
  }
}

/** The notification's text in the reader's language (rows from before message keys keep their text). */
export function notificationText(row: NotificationRow, locale: Locale): string {
  return row.message_key
    ? renderMessage(row.message_key, parameters(row.message_params), locale)
    : row.message;
}

export function presentNotification(
  row: NotificationRow,
  abilities: { open: boolean },
  locale: Locale,
): NotificationResource {
  return {
    type: 'notifications',
    id: String(row.id),
    attributes: {
      message: notificationText(row, locale),
      link: row.link,
      read_at: row.read_at,
      received_at: row.received_at,
      status: row.read_at ? 'read' : 'unread',
    },
    meta: { abilities },
  };
}
