import { defineJob } from '../../jobs/job-definition';
import { runCertificationSweep } from './sweep';

export const CERTIFICATION_SWEEP = 'certification_sweep';

/**
 * Every few seconds: award the certificates people have earned, remind holders whose certificate
 * nears its end and people whose assignment is overdue, and expire what ran out. Each step is
 * idempotent on its rows (unique constraints), so overlapping runs on several instances are harmless.
 */
export const certificationJobs = [
  defineJob({
    name: CERTIFICATION_SWEEP,
    retry: { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 60 },
    everySeconds: 5,
    async run(services) {
      await runCertificationSweep(services);
    },
  }),
];
