import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyers } from '../../test/buyers';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { FIRST_AID_DISCOUNTED, FIRST_AID_FULL, firstAidProduct, orderOf } from '../../test/first-aid-order';
import { sweepCommerce } from './jobs';

const FULL = FIRST_AID_FULL;
const DISCOUNTED = FIRST_AID_DISCOUNTED;
const POINTER = '/data/attributes/promotion_code';

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

async function promotion(code: string, limits: { max_redemptions?: number; max_per_account?: number }) {
  const created = await r.post('/api/v1/promotions', sales, {
    code,
    kind: 'percentage',
    value: 10,
    ...limits,
  });
  expect(created.status).toBe(201);
}

async function redemptionsOf(code: string): Promise<number> {
  const list = await r.get('/api/v1/promotions?page[size]=100', sales);
  return list.body.data.find((item: { attributes: { code: string } }) => item.attributes.code === code)
    .attributes.redemptions;
}

const paymentOf = (order: { included: Array<{ type: string; id: string; attributes: { state: string } }> }) =>
  order.included.find((item) => item.type === 'payments' && item.attributes.state === 'open')!.id;

async function pay(cookie: string, paymentId: string, outcome: 'paid' | 'failed' = 'paid') {
  const answer = await r.post(`/api/v1/payments/${paymentId}/test_outcome`, cookie, { outcome });
  expect(answer.status).toBe(200);
}

async function order(cookie: string, id: string) {
  const answer = await r.get(`/api/v1/orders/${id}`, cookie);
  const invoices = answer.body.included.filter((item: { type: string }) => item.type === 'invoices');
  return {
    ...answer.body.data.attributes,
    invoices: invoices.map((i: { attributes: object }) => i.attributes),
  };
}

describe('promotion limits hold from the order to the payment', () => {
  it('gives one account one discount with a once-per-account code, though both its orders are paid', async () => {
    await promotion('ONCEEACH', { max_per_account: 1 });
    const [buyer] = await makeBuyers(t, 'once', 1);
    const first = await r.post('/api/v1/orders', buyer!.cookie, orderBody('onceeach'));
    expect(first.status).toBe(201);
    expect(first.body.data.attributes).toMatchObject({
      total_cents: DISCOUNTED,
      promotion_code: 'ONCEEACH',
      promotion_status: 'reserved',
    });

    // The first order, still waiting for its payment, holds the code: a second one is refused.
    const second = await r.post('/api/v1/orders', buyer!.cookie, orderBody('ONCEEACH'));
    expect(second.status).toBe(422);
    expect(second.body.errors[0]).toMatchObject({
      code: 'PROMOTION_NOT_USABLE',
      source: { pointer: POINTER },
      meta: { rule: 'used_by_account' },
    });
    const quote = await r.post('/api/v1/orders/quote', buyer!.cookie, orderBody('ONCEEACH'));
    expect(quote.status).toBe(422);

    // Its payment fails: the code is free again, and a new order takes it and is paid.
    await pay(buyer!.cookie, paymentOf(first.body), 'failed');
    expect((await order(buyer!.cookie, first.body.data.id)).promotion_status).toBe('released');
    const again = await r.post('/api/v1/orders', buyer!.cookie, orderBody('ONCEEACH'));
    expect(again.status).toBe(201);
    await pay(buyer!.cookie, paymentOf(again.body));
    const paidAgain = await order(buyer!.cookie, again.body.data.id);
    expect(paidAgain).toMatchObject({ state: 'paid', promotion_status: 'redeemed', total_cents: DISCOUNTED });
    expect(paidAgain.invoices.map((invoice: { total_cents: number }) => invoice.total_cents)).toEqual([
      DISCOUNTED,
    ]);

    // Paying the first order after all: the code is used, so the new payment asks the full price.
    const retry = await r.post(`/api/v1/orders/${first.body.data.id}/payments`, buyer!.cookie);
    expect(retry.status).toBe(201);
    expect(retry.body.data.attributes.amount_cents).toBe(FULL);
    await pay(buyer!.cookie, retry.body.data.id);
    const paidFirst = await order(buyer!.cookie, first.body.data.id);
    expect(paidFirst).toMatchObject({
      state: 'paid',
      promotion_status: 'withdrawn',
      discount_cents: 0,
      total_cents: FULL,
    });
    expect(paidFirst.order_lines[0]).toMatchObject({ discount_cents: 0, total_cents: FULL });
    expect(paidFirst.invoices.map((invoice: { total_cents: number }) => invoice.total_cents)).toEqual([FULL]);

    // The buyer is told, in the portal's language, and sees one redemption of the code.
    const notifications = await r.get(`/api/v1/accounts/${buyer!.id}/notifications`, buyer!.cookie);
    expect(
      notifications.body.data.map((n: { attributes: { message: string } }) => n.attributes.message),
    ).toContain(
      `Kortingscode ONCEEACH was niet meer beschikbaar voor bestelling ${first.body.data.id}: de bestelling staat nu op de volle prijs.`,
    );
    const redeemed = await r.get(`/api/v1/accounts/${buyer!.id}/subscription_promotions`, buyer!.cookie);
    expect(redeemed.body.data.map((p: { attributes: { code: string } }) => p.attributes.code)).toEqual([
      'ONCEEACH',
    ]);
    expect(await redemptionsOf('ONCEEACH')).toBe(1);
  });

  it('redeems a code for one buyer exactly once when five accounts order it and all pay', async () => {
    await promotion('JUSTONE', { max_redemptions: 1 });
    const buyers = await makeBuyers(t, 'five', 5);
    const totals: number[] = [];
    for (const [index, buyer] of buyers.entries()) {
      const attempt = await r.post('/api/v1/orders', buyer.cookie, orderBody('JUSTONE'));
      if (index === 0) expect(attempt.status).toBe(201);
      else {
        expect(attempt.status).toBe(422);
        expect(attempt.body.errors[0]).toMatchObject({
          source: { pointer: POINTER },
          meta: { rule: 'used_up' },
        });
        // The buyer reads the portal's language (Dutch).
        expect(attempt.body.errors[0].detail).toBe('Deze kortingscode is op.');
      }
      // Refused buyers order without the code.
      const placed =
        attempt.status === 201 ? attempt : await r.post('/api/v1/orders', buyer.cookie, orderBody(null));
      await pay(buyer.cookie, paymentOf(placed.body));
      const paid = await order(buyer.cookie, placed.body.data.id);
      expect(paid.state).toBe('paid');
      totals.push(paid.invoices[0].total_cents);
    }
    expect(totals).toEqual([DISCOUNTED, FULL, FULL, FULL, FULL]);
    expect(await redemptionsOf('JUSTONE')).toBe(1);
  });

  it('frees the reservation of an order whose payment expired; paid later, that order costs the full price', async () => {
    await promotion('LASTONE', { max_redemptions: 1 });
    const [early, late] = await makeBuyers(t, 'expiry', 2);
    const held = await r.post('/api/v1/orders', early!.cookie, orderBody('LASTONE'));
    expect(held.status).toBe(201);
    expect((await r.post('/api/v1/orders', late!.cookie, orderBody('LASTONE'))).status).toBe(422);

    // A day later the sweep expires the unpaid checkout, and with it the reservation.
    await sweepCommerce(t.services, new Date(Date.now() + 25 * 60 * 60 * 1000));
    expect(await order(early!.cookie, held.body.data.id)).toMatchObject({
      state: 'expired',
      promotion_status: 'released',
    });
    const taken = await r.post('/api/v1/orders', late!.cookie, orderBody('LASTONE'));
    expect(taken.status).toBe(201);
    expect(taken.body.data.attributes.total_cents).toBe(DISCOUNTED);

    // Staff record a payment of the expired order: the code is gone, so its invoice is in full.
    const marked = await r.post(`/api/v1/orders/${held.body.data.id}/mark_paid`, sales);
    expect(marked.status).toBe(200);
    expect(marked.body.data.attributes).toMatchObject({
      state: 'paid',
      promotion_status: 'withdrawn',
      total_cents: FULL,
    });
    const invoice = marked.body.included.find((item: { type: string }) => item.type === 'invoices');
    expect(invoice.attributes.total_cents).toBe(FULL);

    await pay(late!.cookie, paymentOf(taken.body));
    expect(await order(late!.cookie, taken.body.data.id)).toMatchObject({
      promotion_status: 'redeemed',
      total_cents: DISCOUNTED,
    });
    expect(await redemptionsOf('LASTONE')).toBe(1);
  });

  it('lets an order whose payment failed take its code back on a new payment while there is room', async () => {
    await promotion('ROOMY', { max_redemptions: 5 });
    const [buyer] = await makeBuyers(t, 'roomy', 1);
    const placed = await r.post('/api/v1/orders', buyer!.cookie, orderBody('ROOMY'));
    await pay(buyer!.cookie, paymentOf(placed.body), 'failed');
    const retry = await r.post(`/api/v1/orders/${placed.body.data.id}/payments`, buyer!.cookie);
    expect(retry.body.data.attributes.amount_cents).toBe(DISCOUNTED);
    expect((await order(buyer!.cookie, placed.body.data.id)).promotion_status).toBe('reserved');
    await pay(buyer!.cookie, retry.body.data.id);
    expect(await order(buyer!.cookie, placed.body.data.id)).toMatchObject({
      promotion_status: 'redeemed',
      total_cents: DISCOUNTED,
    });
    expect(await redemptionsOf('ROOMY')).toBe(1);
  });
});
