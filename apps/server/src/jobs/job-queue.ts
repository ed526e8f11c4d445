/**
 * Background jobs: reminders, announcements, webhook deliveries, renewals and imports run through
 * this one interface, never through setTimeout. Jobs are stored, so they survive a restart; a failed
 * run is retried with exponential backoff; a job runs once even with several instances; and a job
 * can wait for a given time. pg-boss carries it on PostgreSQL, a small table-backed runner on SQLite
 * (docs/decisions/016-jobs-events-and-limits.md).
 */
export type JobPayload = Record<string, unknown>;

export interface JobContext {
  id: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

export type JobHandler = (payload: JobPayload, job: JobContext) => Promise<void>;

export interface RetryPolicy {
  /** Runs after the first one before the job is given up as failed. */
  retryLimit: number;
  /** Wait before the first retry; each next retry waits twice as long. */
  retryDelaySeconds: number;
  /**
   * A run that has not ended after this long is taken for dead (its process was killed) and the job
   * is retried: a few times the longest a run of it takes, so that a kill delays it by little.
   */
  expireInSeconds?: number;
}

/** The expiry of a job that does not state its own. */
export const DEFAULT_EXPIRE_SECONDS = 5 * 60;

export interface EnqueueOptions extends Partial<RetryPolicy> {
  /** Not before this time (a reminder at its due time). */
  runAt?: Date;
  /**
   * Idempotency key: while a job of this name and key is kept (waiting, running, or finished within
   * the retention time), enqueueing it again does nothing and answers null.
   */
  singletonKey?: string;
}

export const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 10 };

export interface JobQueue {
  readonly engine: 'embedded' | 'pg-boss';
  /** Registers the handler for a job name; define every name before start(). */
  define(name: string, handler: JobHandler, retry?: Partial<RetryPolicy>): void;
  /** Stores a job; answers its id, or null when a job with the same singleton key is already kept. */
  enqueue(name: string, payload: JobPayload, options?: EnqueueOptions): Promise<string | null>;
  /** Starts working the queue in this process. */
  start(): Promise<void>;
  /** Stops taking new jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
  /** Jobs waiting to run (due or scheduled), for /metrics and tests. */
  depth(): Promise<number>;
}

/** Seconds to wait before retry number `retry` (1-based): the delay doubles each time. */
export function backoffSeconds(policy: RetryPolicy, retry: number): number {
  return policy.retryDelaySeconds * 2 ** (retry - 1);
}

/** The policy a job runs under: the defaults, then its definition's, then the enqueue call's own. */
export function retryPolicy(
  defined: Partial<RetryPolicy> | undefined,
  options: EnqueueOptions = {},
): RetryPolicy {
  return {
    retryLimit: options.retryLimit ?? defined?.retryLimit ?? DEFAULT_RETRY.retryLimit,
    retryDelaySeconds:
      options.retryDelaySeconds ?? defined?.retryDelaySeconds ?? DEFAULT_RETRY.retryDelaySeconds,
    expireInSeconds: options.expireInSeconds ?? defined?.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
  };
}
