import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import type { EventBus } from '../events/event-bus';
import type { JobQueue } from '../jobs/job-queue';
import type { MailAdapter } from '../mail/mailer';
import type { FileStorage } from '../storage/file-storage';
import type { AccountViews } from './account-views';
import type { PortalDirectory } from './portal';
import type { AttemptLimiter } from './limits';
import type { ErrorReporter } from '../observability/error-reports';
import type { AnalyticsForwarder } from '../observability/analytics-forward';

/** What every request handler can reach besides the request itself. */
export interface Services {
  config: Config;
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  portals: PortalDirectory;
  /** The session and `/me` of recent requests, dropped on every write they depend on. */
  views: AccountViews;
  mailer: MailAdapter;
  /** Uploaded files (local disk under the data directory by default). */
  storage: FileStorage;
  /** Failed sign-ins counted per client address and per account. */
  loginLimits: { ip: AttemptLimiter; account: AttemptLimiter };
  /** Error reports from the web app counted per client address. */
  clientErrorReports: AttemptLimiter;
  /** Page views counted per address and window, so that no one client can inflate the counts. */
  pageViews: AttemptLimiter;
  /** Page views passed on to a Plausible- or Umami-compatible collector when one is configured. */
  analyticsForward: AnalyticsForwarder;
  /** Exceptions sent to a Sentry-compatible collector when a DSN is configured. */
  errorReports: ErrorReporter;
  /** Background jobs: stored, retried with backoff, run once across instances. */
  jobs: JobQueue;
  /** Live events across instances (LISTEN/NOTIFY on PostgreSQL, in-process on SQLite). */
  events: EventBus;
}
