import { defineJob } from '../../jobs/job-definition';
import { attemptDelivery, WEBHOOK_RETRY_LIMIT } from './delivery';
import { WEBHOOK_DELIVERY_JOB } from './outbox';

export const webhookJobs = [
  defineJob({
    name: WEBHOOK_DELIVERY_JOB,
    retry: { retryLimit: WEBHOOK_RETRY_LIMIT, retryDelaySeconds: 10 },
    async run(services, payload) {
      await attemptDelivery(services, Number(payload.deliveryId));
    },
  }),
];
