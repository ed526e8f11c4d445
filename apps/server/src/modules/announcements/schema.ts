import { z } from 'zod';
import { resourceSchema, timestamp, toMany } from '../../http/jsonapi';

export const ANNOUNCEMENT_AUDIENCES = ['students', 'coaches', 'staff'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_LANGUAGES = ['en', 'nl', 'ro'] as const;

export const announcementResource = resourceSchema('Announcement', 'announcements', {
  attributes: z.object({
    title: z.string(),
    body: z.string().describe('Sanitised rich text (HTML).'),
    language: z.enum(ANNOUNCEMENT_LANGUAGES),
    audience: z.array(z.enum(ANNOUNCEMENT_AUDIENCES)),
    starts_at: timestamp,
    ends_at: timestamp.nullable(),
    notified_at: timestamp.nullable().describe('When the audience was notified (once, at the start).'),
    status: z.enum(['scheduled', 'current', 'ended']),
    read_at: timestamp.nullable().describe("The reader's own read time (null for the list of staff)."),
    dismissed_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({
    courses: toMany('courses').describe(
      'When not empty, of the students only those enrolled in one of these courses.',
    ),
  }),
});
export type AnnouncementResource = z.infer<typeof announcementResource>;
