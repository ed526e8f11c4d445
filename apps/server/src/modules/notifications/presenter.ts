import type { NotificationRow } from '../../db/schema';
import type { NotificationResource } from './schema';

export function presentNotification(
  row: NotificationRow,
  abilities: { open: boolean },
): NotificationResource {
  return {
    type: 'notifications',
    id: String(row.id),
    attributes: {
      message: row.message,
      link: row.link,
      read_at: row.read_at,
      received_at: row.received_at,
      status: row.read_at ? 'read' : 'unread',
    },
    meta: { abilities },
  };
}
