import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp } from '../../http/jsonapi';

export const notificationResource = resourceSchema('Notification', 'notifications', {
  attributes: z.object({
    message: z.string(),
    link: z.string().nullable(),
    read_at: timestamp.nullable().describe('Null while unread.'),
    received_at: timestamp,
    status: z.enum(['unread', 'read']),
  }),
  meta: abilitiesMeta(['open']),
});
export type NotificationResource = z.infer<typeof notificationResource>;
