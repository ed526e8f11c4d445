import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeBuyers } from '../../test/buyers';
import { requests } from '../../test/requests';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { FIRST_AID_DISCOUNTED, FIRST_AID_FULL, firstAidProduct, orderOf } from '../../test/first-aid-order';

const FULL = FIRST_AID_FULL;
const DISCOUNTED = FIRST_AID_DISCOUNTED;

let t: TestApp;
let r: ReturnType<typeof requests>;
let sales: string;
let product: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  sales = await t.login('sales@leerpad.test');
  product = await firstAidProduct(t);
});
afterAll(() => t.close());

const orderBody = (code: string | null) => orderOf(product, code);

type Included = Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
const openPayment = (included: Included) =>
  included.find((item) => item.type === 'payments' && item.attributes.state === 'open')!.id;

/** Orders with the code and, when the order is made, pays it at once: one buyer's checkout. */
async function checkout(cookie: string, code: string | null) {
  const placed = await r.post('/api/v1/orders', cookie, orderBody(code));
  if (placed.status !== 201) return { status: placed.status, body: placed.body, paid: null };
  const paid = await r.post(`/api/v1/payments/${openPayment(placed.body.included)}/test_outcome`, cookie, {
    outcome: 'paid',
  });
  return { status: placed.status, body: placed.body, paid: paid.status };
}

async function invoiceTotals(orderIds: string[]): Promise<number[]> {
  const rows = await t.services.db
    .selectFrom('invoices')
    .select(['total_cents'])
    .where('order_id', 'in', orderIds.map(Number))
    .where('kind', '=', 'invoice')
    .orderBy('total_cents')
    .execute();
  return rows.map((row) => row.total_cents);
}

async function redemptions(code: string) {
  const promotion = await t.services.db
    .selectFrom('promotions')
    .select(['id', 'redemptions'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  const rows = await t.services.db
    .selectFrom('promotion_redemptions')
    .select('state')
    .where('promotion_id', '=', promotion.id)
    .execute();
  return { counter: promotion.redemptions, redeemed: rows.filter((row) => row.state === 'redeemed').length };
}

it('redeems a code limited to 10 exactly 10 times when 30 buyers order and pay at once', async () => {
  expect(
    (
      await r.post('/api/v1/promotions', sales, {
        code: 'TENONLY',
        kind: 'percentage',
        value: 10,
        max_redemptions: 10,
      })
    ).status,
  ).toBe(201);
  const buyers = await makeBuyers(t, 'rush', 30);
  const results = await Promise.all(buyers.map((buyer) => checkout(buyer.cookie, 'TENONLY')));

  expect(results.every((result) => result.status < 500 && (result.paid ?? 200) < 500)).toBe(true);
  const placed = results.filter((result) => result.status === 201);
  const refused = results.filter((result) => result.status === 422);
  expect(placed).toHaveLength(10);
  expect(refused).toHaveLength(20);
  for (const result of refused) {
    expect(result.body.errors[0]).toMatchObject({
      code: 'PROMOTION_NOT_USABLE',
      source: { pointer: '/data/attributes/promotion_code' },
      meta: { rule: 'used_up' },
    });
  }
  expect(placed.every((result) => result.paid === 200)).toBe(true);

  // The twenty refused buyers order without the code, all at once, and pay the full price.
  const refusedBuyers = buyers.filter((_, index) => results[index]!.status === 422);
  const fullPrice = await Promise.all(refusedBuyers.map((buyer) => checkout(buyer.cookie, null)));
  expect(fullPrice.every((result) => result.status === 201 && result.paid === 200)).toBe(true);

  const discounted = await invoiceTotals(placed.map((result) => result.body.data.id));
  expect(discounted).toEqual(Array.from({ length: 10 }, () => DISCOUNTED));
  const full = await invoiceTotals(fullPrice.map((result) => result.body.data.id));
  expect(full).toEqual(Array.from({ length: 20 }, () => FULL));
  expect(await redemptions('TENONLY')).toEqual({ counter: 10, redeemed: 10 });
}, 120_000);

it('gives one account one order with a once-per-account code when it sends ten at once', async () => {
  expect(
    (
      await r.post('/api/v1/promotions', sales, {
        code: 'ONEEACH',
        kind: 'percentage',
        value: 10,
        max_per_account: 1,
      })
    ).status,
  ).toBe(201);
  const [buyer] = await makeBuyers(t, 'eager', 1);
  const results = await Promise.all(
    Array.from({ length: 10 }, (_, index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/orders',
        headers: { ...XHR, host: 'localhost', cookie: buyer!.cookie, 'idempotency-key': `eager-${index}` },
        payload: orderBody('ONEEACH'),
      }),
    ),
  );
  const statuses = results.map((result) => result.statusCode).sort();
  expect(statuses).toEqual([201, ...Array.from({ length: 9 }, () => 422)]);
}, 60_000);

it('keeps the limit when lapsed orders are paid again while new buyers order the same code', async () => {
  expect(
    (
      await r.post('/api/v1/promotions', sales, {
        code: 'FIVEONLY',
        kind: 'percentage',
        value: 10,
        max_redemptions: 5,
      })
    ).status,
  ).toBe(201);
  const early = await makeBuyers(t, 'lapsed', 5);
  const late = await makeBuyers(t, 'newcomer', 5);
  // Five orders take the five places, and their payments fail: the places are free again.
  const lapsed = [];
  for (const buyer of early) {
    const placed = await r.post('/api/v1/orders', buyer.cookie, orderBody('FIVEONLY'));
    expect(placed.status).toBe(201);
    await r.post(`/api/v1/payments/${openPayment(placed.body.included)}/test_outcome`, buyer.cookie, {
      outcome: 'failed',
    });
    lapsed.push({ buyer, orderId: placed.body.data.id as string });
  }
  // At once: the five try again and pay, and five newcomers order the code and pay.
  const [retried, newcomers] = await Promise.all([
    Promise.all(
      lapsed.map(async ({ buyer, orderId }) => {
        const payment = await r.post(`/api/v1/orders/${orderId}/payments`, buyer.cookie);
        const paid = await r.post(`/api/v1/payments/${payment.body.data.id}/test_outcome`, buyer.cookie, {
          outcome: 'paid',
        });
        return { status: payment.status, paid: paid.status, orderId };
      }),
    ),
    Promise.all(late.map((buyer) => checkout(buyer.cookie, 'FIVEONLY'))),
  ]);
  expect(retried.every((result) => result.status === 201 && result.paid === 200)).toBe(true);
  expect(newcomers.every((result) => [201, 422].includes(result.status))).toBe(true);
  const newOrders = newcomers.filter((result) => result.status === 201).map((result) => result.body.data.id);
  const totals = await invoiceTotals([...retried.map((result) => result.orderId), ...newOrders]);
  // Exactly five discounted invoices, whoever got there first; every other lapsed order in full.
  expect(totals.filter((total) => total === DISCOUNTED)).toHaveLength(5);
  expect(totals.filter((total) => total !== DISCOUNTED).every((total) => total === FULL)).toBe(true);
  expect(totals).toHaveLength(5 + newOrders.length);
  expect(await redemptions('FIVEONLY')).toEqual({ counter: 5, redeemed: 5 });
}, 120_000);
