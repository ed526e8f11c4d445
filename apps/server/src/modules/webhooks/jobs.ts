import { defineJob } from '../../jobs/job-definition';
import { attemptDelivery, WEBHOOK_RETRY_LIMIT } from './delivery';
import { WEBHOOK_DELIVERY_JOB } from './outbox';

export const webhookJobs = [
  defineJob({
    name: WEBHOOK_DELIVERY_JOB,
    // A delivery waits at most WEBHOOK_TIMEOUT_MS for the receiver: one killed mid-way is retried
    // within seconds, and the receiver drops the repeat by its X-Leerpad-Delivery id.
    retry: { retryLimit: WEBHOOK_RETRY_LIMIT, retryDelaySeconds: 10, expireInSeconds: 30 },
    async run(services, payload) {
      await attemptDelivery(services, Number(payload.deliveryId));
    },
  }),
];
