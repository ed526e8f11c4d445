import type { Services } from '../context/services';
import type { JobPayload, RetryPolicy } from './job-queue';

/** A module's background job: its name, how often to retry, and the work (idempotent on its records). */
export interface JobDefinition {
  name: string;
  retry?: Partial<RetryPolicy>;
  /**
   * Enqueued again every this many seconds while the app runs (a sweep). Each period's run has one
   * singleton key, so several instances store it once.
   */
  everySeconds?: number;
  run(services: Services, payload: JobPayload): Promise<void>;
  /** Runs when the app starts, after the queue: for jobs that queue their own next run. */
  onStart?(services: Services): Promise<void>;
}

export function defineJob(definition: JobDefinition): JobDefinition {
  return definition;
}
