import { nowIso } from '../../db/dialect';
import type { Services } from '../../context/services';
import { WEBHOOK_RETRY_LIMIT } from './delivery';

export const WEBHOOK_DELIVERY_JOB = 'webhook_delivery';
const BATCH = 100;

/**
 * Hands deliveries written by `emitWebhookEvent` to the job queue. Deliveries are written in the
 * transaction of the change that caused them, so the job can only be queued after the commit: this
 * relay picks them up. The singleton key makes a delivery one job even when several instances relay
 * it at once.
 */
export async function relayWebhookOutbox(services: Services): Promise<number> {
  const waiting = await services.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('queued_at', 'is', null)
    .orderBy('id')
    .limit(BATCH)
    .execute();
  for (const { id } of waiting) {
    await services.jobs.enqueue(
      WEBHOOK_DELIVERY_JOB,
      { deliveryId: id },
      {
        singletonKey: `webhook-delivery-${id}`,
        retryLimit: WEBHOOK_RETRY_LIMIT,
        retryDelaySeconds: services.config.webhookRetrySeconds,
      },
    );
    await services.db
      .updateTable('webhook_deliveries')
      .set({ queued_at: nowIso() })
      .where('id', '=', id)
      .where('queued_at', 'is', null)
      .execute();
  }
  return waiting.length;
}

/** Relays the outbox every `intervalMs` until the returned function is called. */
export function startWebhookOutbox(services: Services, intervalMs: number, log: (message: string) => void) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    relayWebhookOutbox(services)
      .catch((error: unknown) =>
        log(`Webhook outbox: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
