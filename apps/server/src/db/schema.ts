import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { AccountTables } from './schema-accounts';
import type { CommerceTables } from './schema-commerce';
import type { CertificationTables } from './schema-certifications';
import type { CoachingTables } from './schema-coaching';
import type { PortfolioTables } from './schema-portfolio';
import type { LearningTables } from './schema-learning';
import type { SupportTables } from './schema-support';
import type { SettingsTables } from './schema-settings';
import type { TransferTables } from './schema-transfer';
import type { XapiTables } from './schema-xapi';
import type { ScormTables } from './schema-scorm';
import type { Cmi5Tables } from './schema-cmi5';
import type { LtiTables } from './schema-lti';

/**
 * Table shapes. Booleans are stored as integers (0/1) and timestamps as ISO-8601 UTC text on both
 * databases, so application code reads the same values from SQLite and PostgreSQL (see db/dialect.ts).
 */
export interface PortalsTable {
  id: Generated<number>;
  name: string;
  base_url: string;
  knowledge_base_url: string | null;
  zendesk_chat_id: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  business_models: string; // comma-separated BusinessModel names
  created_at: string;
  /** When an operator closed the portal (decision 057); null while it is open. */
  closed_at: Generated<string | null>;
}

export interface PortalDomainsTable {
  id: Generated<number>;
  portal_id: number;
  domain: string;
  /** 1 for the portal's primary address, to which its other addresses redirect (decision 057). */
  is_primary: Generated<number>;
}

export interface PortalParametersTable {
  id: Generated<number>;
  portal_id: number;
  type: string;
  data: string;
}

export interface PortalLanguagesTable {
  id: Generated<number>;
  portal_id: number;
  locale: string;
  is_primary: number;
  overrides: string;
}

export interface PortalFeaturesTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
  enabled: number;
}

export interface EntitiesTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
}

export interface ContractsTable {
  id: Generated<number>;
  portal_id: number;
  entity_id: number;
  name: string;
  starts_at: string | null;
  ends_at: string | null;
}

export interface AccountsTable {
  id: Generated<number>;
  portal_id: number;
  entity_id: number | null;
  primary_coach_id: number | null;
  full_name: string;
  email: string;
  password_hash: string | null;
  locale: string | null;
  avatar_url: string | null;
  phone_number: string | null;
  last_online: string | null;
  /** When the account was deactivated; it cannot sign in while set. Accounts are never deleted. */
  deactivated_at: string | null;
  notifications_total: Generated<number>;
  notifications_unread: Generated<number>;
  /** Kept by triggers (migration 20261129050000_student_figures, decision 046); never written by code. */
  student_roles: Generated<number>;
  staff_roles: Generated<number>;
  /** 1 when the account holds the student role and no coach or staff role (SPEC §6). */
  counts_as_student: Generated<number>;
  enrolment_count: Generated<number>;
  progress_sum: Generated<number>;
  /** The mean of the enrolments' stored progress, floored; 0 without enrolments. */
  progress_percent: Generated<number>;
  created_at: string;
}

export interface AccountRolesTable {
  account_id: number;
  role: string;
}

export interface AccountPreferencesTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  property: string;
  payload: string;
  updated_at: string;
}

export interface ProfilesTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  headline: string | null;
  biography: string | null;
  /** The public address part (/profiles/{handle}); unique per portal. */
  handle: string | null;
  is_public: Generated<number>;
  /** Whether search engines may index the public profile. */
  indexable: Generated<number>;
}

export interface SessionsTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  is_active: number;
  starts_at: string | null;
  /** The end of the current period (renewed by the subscription job). */
  ends_at: string | null;
  /** active | past_due | cancelled (runs to ends_at) | expired; is_active follows it. */
  state: Generated<string>;
  product_id: number | null;
  order_id: number | null;
  renewal_failures: Generated<number>;
}

export interface SubscriptionPromotionsTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  code: string;
  description: string;
  /** promotion: the account redeems it; referral: the account hands it on to others. */
  kind: ColumnType<
    SubscriptionPromotionKind,
    SubscriptionPromotionKind | undefined,
    SubscriptionPromotionKind
  >;
  redeemed_at: string | null;
  created_at: string;
}

export type SubscriptionPromotionKind = 'promotion' | 'referral';

export interface AuditEventsTable {
  id: Generated<number>;
  portal_id: number;
  /** Who did it; null for the system (jobs, seed) or a deleted account. */
  actor_id: number | null;
  /** The account the actor was acting as, when the write was made while acting as someone. */
  acting_for_id: number | null;
  /** What was done, `entity.verb` (for example `account.deactivated`, `impersonation.started`). */
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** JSON: what changed, the reason given, and so on. */
  details: string;
  ip: string | null;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  message: string;
  /** The message key (packages/core messages) and its JSON parameters; null on rows from before keys. */
  message_key: string | null;
  message_params: string | null;
  link: string | null;
  read_at: string | null;
  received_at: string;
}

export interface FeedbackProjectsTable {
  id: Generated<number>;
  name: string;
  description: string;
  state: string;
  upvotes: Generated<number>;
  created_at: string;
}

export interface FeedbackNotesTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number | null;
  project_id: number | null;
  feedback: string;
  email: string | null;
  url: string | null;
  entity: string | null;
  segments: string;
  created_at: string;
}

export interface FeedbackUpvotesTable {
  id: Generated<number>;
  project_id: number;
  /** Null for upvotes given before they were counted per account. */
  account_id: number | null;
  email: string;
  created_at: string;
}

/** Every table; the learning core's shapes live in schema-learning.ts. */
/** The embedded job runner's queue (SQLite only; PostgreSQL uses pg-boss's own tables). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: string;
  state: 'waiting' | 'running' | 'done' | 'failed';
  run_at: string;
  attempts: number;
  retry_limit: number;
  retry_delay_seconds: number;
  singleton_key: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** One e-mail to hand to the mailer, written with the change that asks for it (decision 055). */
export interface MailOutboxTable {
  id: Generated<number>;
  portal_id: number;
  key: string;
  kind: string;
  account_id: number | null;
  /** JSON of the message ({ to, subject, text, html? }) for kind 'message'. */
  message: string | null;
  batch: string | null;
  attempts: Generated<number>;
  claimed_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** A sign-up waiting for its e-mail address to be confirmed. */
export interface RegistrationsTable {
  id: Generated<number>;
  portal_id: number;
  email: string;
  full_name: string;
  password_hash: string;
  locale: string | null;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** Per portal and week (the Monday, YYYY-MM-DD, UTC): the admin dashboard's counts, kept by triggers. */
export interface PortalWeeksTable {
  portal_id: number;
  week: string;
  sign_ups: number;
  enrolments: number;
  completions: number;
  active_learners: number;
}

/** Which learners were active in a week (kept by triggers; each learner counts once per week). */
export interface PortalWeekLearnersTable {
  portal_id: number;
  week: string;
  account_id: number;
}

/** Per portal: whether page views are counted (decision 072); on without a row. */
export interface AnalyticsSettingsTable {
  portal_id: number;
  enabled: Generated<number>;
  updated_at: string;
}

/** Page views per portal, day (UTC, YYYY-MM-DD) and route pattern (decision 072). */
export interface AnalyticsPageViewsTable {
  portal_id: number;
  day: string;
  route: string;
  views: number;
}

export interface Database
  extends
    LearningTables,
    AccountTables,
    SupportTables,
    SettingsTables,
    XapiTables,
    CommerceTables,
    CertificationTables,
    CoachingTables,
    PortfolioTables,
    TransferTables,
    ScormTables,
    Cmi5Tables,
    LtiTables {
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  registrations: RegistrationsTable;
  feedback_projects: FeedbackProjectsTable;
  feedback_notes: FeedbackNotesTable;
  feedback_upvotes: FeedbackUpvotesTable;
  portals: PortalsTable;
  portal_domains: PortalDomainsTable;
  portal_parameters: PortalParametersTable;
  portal_languages: PortalLanguagesTable;
  portal_features: PortalFeaturesTable;
  entities: EntitiesTable;
  contracts: ContractsTable;
  accounts: AccountsTable;
  account_roles: AccountRolesTable;
  account_preferences: AccountPreferencesTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  subscriptions: SubscriptionsTable;
  subscription_promotions: SubscriptionPromotionsTable;
  notifications: NotificationsTable;
  audit_events: AuditEventsTable;
  portal_weeks: PortalWeeksTable;
  portal_week_learners: PortalWeekLearnersTable;
  analytics_settings: AnalyticsSettingsTable;
  analytics_page_views: AnalyticsPageViewsTable;
}

export type PortalRow = Selectable<PortalsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;

/**
 * A portal id as the tenant of a query. Only the portal resolution of a request (context/portal.ts)
 * makes one (lint refuses `as PortalScope` elsewhere; tests resolve portals through the directory
 * too), so a query on a tenant table cannot be written without the request's portal in hand.
 */
export type PortalScope = number & { readonly __brand: 'PortalScope' };

/** A row of a tenant table found within a scope: its portal is that scope, for the writes that follow. */
export type InPortal<Row extends { portal_id: number }> = Row & { portal_id: PortalScope };

/** A connection or an open transaction: queries that may run inside a caller's transaction take either. */
export type Executor = Kysely<Database> | Transaction<Database>;
