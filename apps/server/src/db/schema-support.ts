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

/** One language's text of a version of the portal's terms (modules/agreements). */
export interface AgreementsTable {
  id: Generated<number>;
  portal_id: number;
  version: number;
  language: string;
  title: string;
  /** Sanitised rich text. */
  body: string;
  author_id: number | null;
  published_at: string;
}

/** Who accepted which version, when, from where; one row per account and version. */
export interface AgreementAcceptancesTable {
  id: Generated<number>;
  portal_id: number;
  agreement_id: number;
  version: number;
  account_id: number;
  accepted_at: string;
  ip: string | null;
}

/** SPEC §3 `mailing_list_settings` of a portal (modules/mailing-list). */
export interface MailingListSettingsTable {
  portal_id: number;
  opt_in_text: string;
  default_consent: number;
  updated_at: string;
}

/** An account's own mailing list choice; without a row the portal's default applies. */
export interface MailingListConsentsTable {
  account_id: number;
  portal_id: number;
  consented: number;
  updated_at: string;
}

export interface SupportTables {
  mailing_list_settings: MailingListSettingsTable;
  mailing_list_consents: MailingListConsentsTable;
  agreements: AgreementsTable;
  agreement_acceptances: AgreementAcceptancesTable;
  impersonations: ImpersonationsTable;
  announcements: AnnouncementsTable;
  announcement_states: AnnouncementStatesTable;
  tickets: TicketsTable;
  ticket_messages: TicketMessagesTable;
}

export type ImpersonationRow = Selectable<ImpersonationsTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type AgreementRow = Selectable<AgreementsTable>;

/** A student's question to their coach (modules/tickets); `coach_id` null: every coach of the portal. */
export interface TicketsTable {
  id: Generated<number>;
  portal_id: number;
  student_id: number;
  coach_id: number | null;
  course_id: number | null;
  learning_object_id: number | null;
  subject: string;
  /** open | answered | closed */
  state: string;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface TicketMessagesTable {
  id: Generated<number>;
  portal_id: number;
  ticket_id: number;
  author_id: number | null;
  body: string;
  created_at: string;
}

export type TicketRow = Selectable<TicketsTable>;
export type TicketMessageRow = Selectable<TicketMessagesTable>;
