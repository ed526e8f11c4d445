import { nowIso } from '../../db/dialect';
import { defineJob } from '../../jobs/job-definition';
import type { Services } from '../../context/services';
import { AUTOMATION_RETRIES, AUTOMATION_RUN, fulfilOrder, runAutomation } from './fulfilment';
import { ORDER_FULFILMENT, queueFulfilment } from './order-service';
import { renewDueSubscriptions } from './subscription-service';

export const COMMERCE_SWEEP = 'commerce_sweep';
/** How often the sweep runs: renewals, expired payments, paid orders not yet fulfilled. */
export const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The sweep: renews subscriptions whose period ended, expires checkout payments left open, and
 * queues the fulfilment of paid orders that have none yet (the server stopped between payment and
 * fulfilment). It queues its own next run.
 */
export async function sweepCommerce(services: Services, now = new Date()): Promise<void> {
  await renewDueSubscriptions(services, now);
  const db = services.db;
  const cutoff = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const stale = await db
    .selectFrom('payments')
    .select(['id', 'order_id'])
    .where('state', '=', 'open')
    .where('created_at', '<', cutoff)
    .limit(500)
    .execute();
  for (const payment of stale) {
    await db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('payments')
        .set({ state: 'expired', updated_at: nowIso() })
        .where('id', '=', payment.id)
        .where('state', '=', 'open')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return;
      await trx
        .updateTable('orders')
        .set({ state: 'expired', updated_at: nowIso() })
        .where('id', '=', payment.order_id)
        .where('state', '=', 'pending')
        .where('payment_method', '=', 'checkout')
        .execute();
    });
  }
  const unfulfilled = await db
    .selectFrom('orders')
    .select('id')
    .where('state', '=', 'paid')
    .where('fulfilled_at', 'is', null)
    .limit(500)
    .execute();
  for (const order of unfulfilled) await queueFulfilment(services, order.id);
}

export const commerceJobs = [
  defineJob({
    name: ORDER_FULFILMENT,
    retry: { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 60 },
    async run(services, payload) {
      await fulfilOrder(services, Number(payload.orderId));
    },
  }),
  defineJob({
    name: AUTOMATION_RUN,
    retry: { retryLimit: AUTOMATION_RETRIES, retryDelaySeconds: 30, expireInSeconds: 60 },
    async run(services, payload) {
      await runAutomation(services, Number(payload.automationId), Number(payload.orderId));
    },
  }),
  defineJob({
    name: COMMERCE_SWEEP,
    retry: { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 120 },
    async run(services) {
      try {
        await sweepCommerce(services);
      } finally {
        const next = new Date(Math.ceil((Date.now() + 1) / SWEEP_INTERVAL_MS) * SWEEP_INTERVAL_MS);
        await services.jobs.enqueue(
          COMMERCE_SWEEP,
          {},
          { runAt: next, singletonKey: `sweep-${next.toISOString()}` },
        );
      }
    },
    async onStart(services) {
      await services.jobs.enqueue(
        COMMERCE_SWEEP,
        {},
        { singletonKey: `sweep-start-${new Date().toISOString().slice(0, 15)}` },
      );
    },
  }),
];
