import { orderTotals, periodEnd } from '@leerpad/core';
import { findInPortal } from '../../db/find-in-portal';
import type { PlanInterval } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/dialect';
import type { Database, Executor, PortalScope } from '../../db/schema';
import type { Services } from '../../context/services';
import { Conflict } from '../../domain/errors';
import { notify } from '../notifications/service';
import { markPaid } from './order-service';
import { paymentProviderFor } from './provider';
import { commerceSettings } from './settings';

/** Renewals a past-due subscription gets before it expires. */
export const RENEWAL_ATTEMPTS = 3;

export const findSubscription = (db: Executor, scope: PortalScope, id: number) =>
  findInPortal(db, 'subscriptions', scope, id);

/** An account's subscriptions, newest first. */
export function subscriptionsOf(db: Executor, scope: PortalScope, accountId: number) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .execute();
}

/** Cancel (runs to the end of the period) or resume (renews again) a subscription. */
export async function setCancelled(db: Kysely<Database>, scope: PortalScope, id: number, cancelled: boolean) {
  const current = await findSubscription(db, scope, id);
  const allowed = cancelled
    ? current.state === 'active' || current.state === 'past_due'
    : current.state === 'cancelled';
  if (!allowed && current.state !== (cancelled ? 'cancelled' : 'active')) {
    throw new Conflict({
      code: 'SUBSCRIPTION_STATE',
      title: 'Conflict',
      detail: `A ${current.state} subscription cannot be changed.`,
    });
  }
  await db
    .updateTable('subscriptions')
    .set(
      cancelled
        ? { state: 'cancelled', is_active: current.state === 'past_due' ? 0 : current.is_active }
        : { state: 'active', is_active: 1 },
    )
    .where('id', '=', current.id)
    .where('portal_id', '=', scope)
    .execute();
  return findSubscription(db, scope, id);
}

/**
 * Subscriptions whose period ended: cancelled ones expire; active and past-due ones are charged for
 * the next period (an order with its invoice when paid); a failed charge makes them past due, and
 * after RENEWAL_ATTEMPTS failures they expire.
 */
export async function renewDueSubscriptions(services: Services, now = new Date()): Promise<number> {
  const db = services.db;
  const due = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('state', 'in', ['active', 'past_due', 'cancelled'])
    .where('ends_at', 'is not', null)
    .where('ends_at', '<=', now.toISOString())
    .limit(500)
    .execute();
  let handled = 0;
  for (const subscription of due) {
    const portal = await services.portals.findById(subscription.portal_id);
    if (!portal) continue;
    handled += 1;
    if (subscription.state === 'cancelled' || subscription.product_id === null) {
      await db
        .updateTable('subscriptions')
        .set({ state: 'expired', is_active: 0 })
        .where('id', '=', subscription.id)
        .where('state', '=', subscription.state)
        .execute();
      continue;
    }
    const product = await db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', subscription.product_id)
      .executeTakeFirst();
    const account = await db
      .selectFrom('accounts')
      .select(['id', 'full_name', 'email'])
      .where('id', '=', subscription.account_id)
      .executeTakeFirst();
    if (!product || !account) continue;
    const provider = await paymentProviderFor(db, services.config, portal, commerceSettings(portal));
    // One order per period, one charge per attempt: a sweep killed after charging asks the provider
    // again with the same key and is not charged twice; a failed attempt is retried with a new key.
    const idempotencyKey = `renewal-${subscription.id}-${subscription.ends_at}`;
    const outcome = await provider.chargeRenewal({
      amountCents: product.price_cents,
      idempotencyKey: `${idempotencyKey}-attempt-${subscription.renewal_failures + 1}`,
    });
    await db.transaction().execute(async (trx) => {
      if (outcome === 'failed') {
        const failures = subscription.renewal_failures + 1;
        const expired = failures >= RENEWAL_ATTEMPTS;
        await trx
          .updateTable('subscriptions')
          .set({ state: expired ? 'expired' : 'past_due', is_active: 0, renewal_failures: failures })
          .where('id', '=', subscription.id)
          .execute();
        await notify(trx, {
          scope: portal.id,
          accountId: account.id,
          key: expired ? 'subscription_expired' : 'subscription_renewal_failed',
          params: { plan: product.name },
          link: '/account/orders',
        });
        return;
      }
      const totals = orderTotals(
        [
          {
            productId: product.id,
            unitPriceCents: product.price_cents,
            quantity: 1,
            vatRate: product.vat_rate,
            discountable: false,
          },
        ],
        null,
      );
      const stamp = nowIso();
      const order = await trx
        .insertInto('orders')
        .values({
          portal_id: portal.id,
          account_id: account.id,
          state: 'pending',
          payment_method: 'renewal',
          currency: product.currency,
          subtotal_cents: totals.subtotalCents,
          discount_cents: 0,
          vat_cents: totals.vatCents,
          total_cents: totals.totalCents,
          promotion_id: null,
          promotion_code: null,
          buyer_name: account.full_name,
          buyer_email: account.email,
          buyer_country: null,
          buyer_vat_id: null,
          reverse_charge: 0,
          idempotency_key: idempotencyKey,
          created_by: null,
          paid_at: null,
          // Renewal orders grant by extending the subscription here, not through fulfilment.
          fulfilled_at: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((oc) => oc.columns(['portal_id', 'account_id', 'idempotency_key']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!order) return;
      await trx
        .insertInto('order_lines')
        .values({
          portal_id: portal.id,
          order_id: order.id,
          product_id: product.id,
          description: product.name,
          quantity: 1,
          unit_price_cents: product.price_cents,
          discount_cents: 0,
          net_cents: totals.lines[0]!.netCents,
          vat_rate: product.vat_rate,
          vat_cents: totals.lines[0]!.vatCents,
          total_cents: totals.lines[0]!.totalCents,
        })
        .execute();
      const endsAt = periodEnd(
        new Date(subscription.ends_at!),
        (product.plan_interval ?? 'month') as PlanInterval,
      );
      await trx
        .updateTable('subscriptions')
        .set({
          state: 'active',
          is_active: 1,
          ends_at: endsAt.toISOString(),
          renewal_failures: 0,
          order_id: order.id,
        })
        .where('id', '=', subscription.id)
        .execute();
      await markPaid(trx, portal, order.id, null);
    });
  }
  return handled;
}
