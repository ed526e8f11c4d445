import type { Services } from '../http/context';
import type { JobPayload, RetryPolicy } from './job-queue';

/** A module's background job: its name, how often to retry, and the work (idempotent on its records). */
export interface JobDefinition {
  name: string;
  retry?: Partial<RetryPolicy>;
  run(services: Services, payload: JobPayload): Promise<void>;
  /** Runs when the app starts, after the queue: for jobs that queue their own next run. */
  onStart?(services: Services): Promise<void>;
}

export function defineJob(definition: JobDefinition): JobDefinition {
  return definition;
}
