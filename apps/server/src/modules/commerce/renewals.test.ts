import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { paymentProviderFor } from './provider';
import { commerceSettings } from './settings';
import { renewDueSubscriptions } from './subscription-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The demo student's monthly subscription on the first portal, as it is now. */
async function subscription() {
  return t.services.db
    .selectFrom('subscriptions')
    .innerJoin('accounts', 'accounts.id', 'subscriptions.account_id')
    .selectAll('subscriptions')
    .where('accounts.email', '=', 'student@leerpad.test')
    .executeTakeFirstOrThrow();
}

const chargesOf = async (id: number) =>
  t.services.db
    .selectFrom('test_provider_charges')
    .select(['idempotency_key', 'outcome', 'amount_cents'])
    .where('idempotency_key', 'like', `renewal-${id}-%`)
    .orderBy('id')
    .execute();

const renewalOrdersOf = async (accountId: number) =>
  t.services.db
    .selectFrom('orders')
    .select(['id', 'state'])
    .where('account_id', '=', accountId)
    .where('payment_method', '=', 'renewal')
    .execute();

async function setRenewalOutcome(portalId: number, outcome: 'paid' | 'failed') {
  const row = await t.services.db
    .selectFrom('portal_parameters')
    .select(['id', 'data'])
    .where('portal_id', '=', portalId)
    .where('type', '=', 'commerce')
    .executeTakeFirstOrThrow();
  const data = { ...(JSON.parse(row.data) as object), test_renewal_outcome: outcome };
  await t.services.db
    .updateTable('portal_parameters')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', row.id)
    .execute();
  t.services.portals.forget();
}

const after = (iso: string | null) => new Date(new Date(iso!).getTime() + 60_000);

describe('subscription renewals', () => {
  it('charges a period once when the sweep was stopped between the charge and its order', async () => {
    const before = await subscription();
    expect(before.state).toBe('active');
    const portal = (await t.services.portals.findById(before.portal_id))!;
    const product = await t.services.db
      .selectFrom('products')
      .select('price_cents')
      .where('id', '=', before.product_id!)
      .executeTakeFirstOrThrow();
    // A sweep charged the period and stopped (a kill) before it wrote the order.
    const provider = await paymentProviderFor(
      t.services.db,
      t.services.config,
      portal,
      commerceSettings(portal),
    );
    const key = `renewal-${before.id}-${before.ends_at}-attempt-1`;
    expect(await provider.chargeRenewal({ amountCents: product.price_cents, idempotencyKey: key })).toBe(
      'paid',
    );
    const ordersBefore = (await renewalOrdersOf(before.account_id)).length;

    // After the restart the sweep runs again, and again.
    await renewDueSubscriptions(t.services, after(before.ends_at));
    await renewDueSubscriptions(t.services, after(before.ends_at));

    expect(await chargesOf(before.id)).toEqual([
      { idempotency_key: key, outcome: 'paid', amount_cents: product.price_cents },
    ]);
    expect((await renewalOrdersOf(before.account_id)).length).toBe(ordersBefore + 1);
    const renewed = await subscription();
    expect(renewed.state).toBe('active');
    expect(new Date(renewed.ends_at!).getTime()).toBeGreaterThan(new Date(before.ends_at!).getTime());
  });

  it('retries a failed renewal as a new charge, and one order comes of the paid one', async () => {
    const before = await subscription();
    const ordersBefore = (await renewalOrdersOf(before.account_id)).length;
    await setRenewalOutcome(before.portal_id, 'failed');
    await renewDueSubscriptions(t.services, after(before.ends_at));
    expect((await subscription()).state).toBe('past_due');

    await setRenewalOutcome(before.portal_id, 'paid');
    await renewDueSubscriptions(t.services, after(before.ends_at));
    await renewDueSubscriptions(t.services, after(before.ends_at));

    const charges = (await chargesOf(before.id)).filter((charge) =>
      charge.idempotency_key.startsWith(`renewal-${before.id}-${before.ends_at}-`),
    );
    expect(charges.map((charge) => [charge.idempotency_key.split('-').pop(), charge.outcome])).toEqual([
      ['1', 'failed'],
      ['2', 'paid'],
    ]);
    expect((await renewalOrdersOf(before.account_id)).length).toBe(ordersBefore + 1);
    expect((await subscription()).state).toBe('active');
  });
});
