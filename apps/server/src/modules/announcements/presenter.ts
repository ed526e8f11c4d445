import type { AnnouncementRow } from '../../db/schema-support';
import { identifiers } from '../../http/jsonapi';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_LANGUAGES } from './schema';
import type { AnnouncementAudience, AnnouncementResource } from './schema';

const iso = (value: string | Date | null): string | null =>
  value == null ? null : value instanceof Date ? value.toISOString() : value;

export function audienceOf(row: Pick<AnnouncementRow, 'audience'>): AnnouncementAudience[] {
  return ANNOUNCEMENT_AUDIENCES.filter((audience) => row.audience.split(',').includes(audience));
}

export function courseIdsOf(row: Pick<AnnouncementRow, 'course_ids'>): number[] {
  try {
    const parsed: unknown = JSON.parse(row.course_ids);
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function statusOf(row: AnnouncementRow, now = new Date()): 'scheduled' | 'current' | 'ended' {
  if (new Date(row.starts_at) > now) return 'scheduled';
  if (row.ends_at && new Date(row.ends_at) <= now) return 'ended';
  return 'current';
}

export function presentAnnouncement(
  row: AnnouncementRow,
  state?: { read_at: string | null; dismissed_at: string | null },
): AnnouncementResource {
  const language = ANNOUNCEMENT_LANGUAGES.find((code) => code === row.language) ?? 'en';
  return {
    type: 'announcements',
    id: String(row.id),
    attributes: {
      title: row.title,
      body: row.body,
      language,
      audience: audienceOf(row),
      starts_at: iso(row.starts_at)!,
      ends_at: iso(row.ends_at),
      notified_at: iso(row.notified_at),
      status: statusOf(row),
      read_at: iso(state?.read_at ?? null),
      dismissed_at: iso(state?.dismissed_at ?? null),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    },
    relationships: { courses: { data: identifiers('courses', courseIdsOf(row)) } },
  };
}
