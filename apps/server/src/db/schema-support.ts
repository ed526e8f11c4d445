import type { Generated, Selectable } from 'kysely';

/** A support user's session acting as another account (modules/impersonations). */
export interface ImpersonationsTable {
  id: Generated<number>;
  portal_id: number;
  session_id: number | null;
  /** The support user who acts. */
  actor_id: number;
  /** The account acted as. */
  account_id: number;
  reason: string;
  started_at: string;
  /** An act ends by itself an hour after it started. */
  expires_at: string;
  ended_at: string | null;
}

/** An announcement to an audience within a publish window (modules/announcements). */
export interface AnnouncementsTable {
  id: Generated<number>;
  portal_id: number;
  author_id: number | null;
  title: string;
  /** Sanitised rich text (modules/course-content/rich-text.ts). */
  body: string;
  language: string;
  /** Comma-separated: students, coaches, staff. */
  audience: string;
  /** JSON array of course ids: when not empty, only students enrolled in one of them. */
  course_ids: string;
  starts_at: string;
  ends_at: string | null;
  /** When the audience was notified; set once. */
  notified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface AnnouncementStatesTable {
  announcement_id: number;
  account_id: number;
  read_at: string | null;
  dismissed_at: string | null;
}

export interface SupportTables {
  impersonations: ImpersonationsTable;
  announcements: AnnouncementsTable;
  announcement_states: AnnouncementStatesTable;
}

export type ImpersonationRow = Selectable<ImpersonationsTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
