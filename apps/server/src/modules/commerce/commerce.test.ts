import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests } from '../../test/requests';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_COURSES, ACADEMY_PRODUCTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let nosub: string;
let student: string;
let classmate: string;
let admin: string;
let sales: string;
let nosubId: number;

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - started > 15_000) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const productId = async (name: string, portal = 'localhost') => {
  const row = await t.services.db
    .selectFrom('products')
    .innerJoin('portal_domains', 'portal_domains.portal_id', 'products.portal_id')
    .select('products.id')
    .where('products.name', '=', name)
    .where('portal_domains.domain', '=', portal)
    .executeTakeFirstOrThrow();
  return row.id;
};

const orderBody = (products: number[], attributes: Record<string, unknown> = {}) => ({
  data: {
    type: 'orders',
    attributes,
    relationships: { products: { data: products.map((id) => ({ type: 'products', id: String(id) })) } },
  },
});

const enrolled = async (accountId: number, course: number) =>
  (
    await t.services.db
      .selectFrom('enrollments')
      .select('id')
      .where('account_id', '=', accountId)
      .where('course_id', '=', course)
      .execute()
  ).length;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  [nosub, student, classmate, admin, sales] = await Promise.all([
    t.login('nosub-student@leerpad.test'),
    t.login('student@leerpad.test'),
    t.login('classmate@leerpad.test'),
    t.login('admin@leerpad.test'),
    t.login('sales@leerpad.test'),
  ]);
  nosubId = await t.accountId('nosub-student@leerpad.test');
});
afterAll(() => t.close());

describe('products and catalogs', () => {
  it('points at a negative or fractional price and an unknown VAT rate', async () => {
    const { status, body } = await r.post('/api/v1/products', sales, {
      data: {
        type: 'products',
        attributes: { name: 'Odd', kind: 'course', price_cents: 12.5, vat_rate: 19 },
      },
    });
    expect(status).toBe(422);
    expect(body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/data/attributes/price_cents',
      '/data/attributes/vat_rate',
    ]);
    const negative = await r.post('/api/v1/products', sales, {
      name: 'Neg',
      kind: 'plan',
      price_cents: -1,
      vat_rate: 21,
    });
    expect(negative.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual(
      ['/plan_interval', '/price_cents'],
    );
  });

  it('creates a product and shows a new catalog to students instead of the old one', async () => {
    const created = await r.post('/api/v1/products', sales, {
      name: 'Kwartaalbundel',
      kind: 'bundle',
      price_cents: 9900,
      vat_rate: 9,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      price_cents: 9900,
      vat_cents: 891,
      price_with_vat_cents: 10791,
      currency: 'EUR',
    });
    const catalog = await r.post('/api/v1/sales_catalogs', sales, {
      name: 'Actie',
      shown_to_students: true,
      products: [{ type: 'products', id: created.body.data.id }],
    });
    expect(catalog.status).toBe(201);
    const pricing = await r.get('/api/v1/sales_catalogs/current', nosub);
    expect(pricing.body.data.attributes.name).toBe('Actie');
    expect(pricing.body.included.map((p: { attributes: { name: string } }) => p.attributes.name)).toEqual([
      'Kwartaalbundel',
    ]);
    const list = await r.get('/api/v1/sales_catalogs', sales);
    expect(
      list.body.data.filter(
        (c: { attributes: { shown_to_students: boolean } }) => c.attributes.shown_to_students,
      ),
    ).toHaveLength(1);
    // Back to the demo catalog for the other tests.
    const demo = list.body.data.find(
      (c: { attributes: { name: string } }) => c.attributes.name === 'Prijzen',
    );
    await r.patch(`/api/v1/sales_catalogs/${demo.id}`, sales, {
      name: 'Prijzen',
      shown_to_students: true,
      products: demo.relationships.products.data,
    });
    expect((await r.get('/api/v1/sales_catalogs/current', nosub)).body.data.attributes.name).toBe('Prijzen');
  });

  it('tells on the portal whether it has a price list, as soon as the shown catalog changes', async () => {
    const hasPriceList = async () =>
      (await r.get('/api/v1/portals/current', nosub)).body.data.attributes.has_price_list;
    expect(await hasPriceList()).toBe(true);
    const list = await r.get('/api/v1/sales_catalogs', sales);
    const shown = list.body.data.find(
      (c: { attributes: { shown_to_students: boolean } }) => c.attributes.shown_to_students,
    );
    const hide = { name: shown.attributes.name, products: shown.relationships.products.data };
    await r.patch(`/api/v1/sales_catalogs/${shown.id}`, sales, { ...hide, shown_to_students: false });
    expect(await hasPriceList()).toBe(false);
    expect((await r.get('/api/v1/sales_catalogs/current', nosub)).status).toBe(404);
    await r.patch(`/api/v1/sales_catalogs/${shown.id}`, sales, { ...hide, shown_to_students: true });
    expect(await hasPriceList()).toBe(true);
  });

  it('is staff work: a student may not list products', async () => {
    expect((await r.get('/api/v1/products', nosub)).status).toBe(403);
  });
});

describe('checkout with the test provider', () => {
  it('totals a promotion and VAT to the cent, answers the same order for the same key, and pays once', async () => {
    const plan = await productId('Maandabonnement');
    const firstAid = await productId(ACADEMY_PRODUCTS.firstAid);
    const headers = { ...XHR, host: 'localhost', cookie: nosub, 'idempotency-key': 'checkout-1' };
    const payload = orderBody([plan, firstAid], { promotion_code: 'welcome10' });
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers, payload });
    expect(first.statusCode).toBe(201);
    const order = first.json().data;
    // 1999 − 200 = 1799 at 21% → 377.79 → 378; 3900 − 390 = 3510 at 9% → 315.9 → 316.
    expect(order.attributes).toMatchObject({
      state: 'pending',
      subtotal_cents: 5899,
      discount_cents: 590,
      vat_cents: 694,
      total_cents: 6003,
      currency: 'EUR',
      promotion_code: 'WELCOME10',
    });
    expect(order.attributes.order_lines.map((l: { vat_cents: number }) => l.vat_cents)).toEqual([378, 316]);
    const payment = first.json().included.find((item: { type: string }) => item.type === 'payments');
    expect(payment.attributes.checkout_url).toBe(`/checkout/test/${payment.id}`);

    const again = await t.app.inject({ method: 'POST', url: '/api/v1/orders', headers, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(order.id);

    const outcomes = await Promise.all([
      r.post(`/api/v1/payments/${payment.id}/test_outcome`, nosub, { outcome: 'paid' }),
      r.post(`/api/v1/payments/${payment.id}/test_outcome`, nosub, { outcome: 'paid' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
    await r.post(`/api/v1/payments/${payment.id}/test_outcome`, nosub, { outcome: 'failed' });
    const paid = await eventually(
      () => r.get(`/api/v1/orders/${order.id}`, nosub),
      (res) => res.body.data.attributes.fulfilled_at !== null,
      'fulfilment',
    );
    expect(paid.body.data.attributes.state).toBe('paid');
    const invoices = paid.body.included.filter((item: { type: string }) => item.type === 'invoices');
    expect(invoices).toHaveLength(1);
    expect(invoices[0].attributes).toMatchObject({ kind: 'invoice', total_cents: 6003, vat_cents: 694 });
    expect(await enrolled(nosubId, await courseId(t, ACADEMY_COURSES.firstAid))).toBe(1);
    await t.settle();
    const me = await r.get('/api/v1/me', nosub);
    const subscription = me.body.included.find((item: { type: string }) => item.type === 'subscriptions');
    expect(subscription.attributes.is_active).toBe(true);

    const pdf = await t.app.inject({
      url: invoices[0].attributes.pdf_url,
      headers: { host: 'localhost', cookie: nosub },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // WELCOME10 is once per account.
    const reuse = await r.post(
      '/api/v1/orders',
      nosub,
      orderBody([firstAid], { promotion_code: 'WELCOME10' }),
    );
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors[0].source.pointer).toBe('/data/attributes/promotion_code');
    expect(reuse.body.errors[0].meta.rule).toBe('used_by_account');
    // The student reads the portal's language (Dutch): the detail follows it.
    expect(reuse.body.errors[0].detail).toBe('Je hebt deze kortingscode al gebruikt.');
  });

  it('grants nothing for a failed payment, and a retry on the same order succeeds', async () => {
    const lifting = await productId(ACADEMY_PRODUCTS.sample);
    const course = await courseId(t, ACADEMY_COURSES.sample);
    const created = await r.post('/api/v1/orders', nosub, orderBody([lifting]));
    const paymentId = created.body.included[0].id;
    await r.post(`/api/v1/payments/${paymentId}/test_outcome`, nosub, { outcome: 'failed' });
    const failed = await r.get(`/api/v1/orders/${created.body.data.id}`, nosub);
    expect(failed.body.data.attributes.state).toBe('failed');
    expect(failed.body.included.filter((item: { type: string }) => item.type === 'invoices')).toHaveLength(0);
    expect(await enrolled(nosubId, course)).toBe(0);

    const retry = await r.post(`/api/v1/orders/${created.body.data.id}/payments`, nosub);
    expect(retry.status).toBe(201);
    await r.post(`/api/v1/payments/${retry.body.data.id}/test_outcome`, nosub, { outcome: 'paid' });
    await eventually(
      () => enrolled(nosubId, course),
      (count) => count === 1,
      'the enrolment',
    );
  });

  it('charges no VAT to an EU business abroad with a VAT id (reverse charge)', async () => {
    const yearly = await productId('Jaarabonnement');
    const { body } = await r.post(
      '/api/v1/orders/quote',
      student,
      orderBody([yearly], { buyer_country: 'be', buyer_vat_id: 'BE0123456789' }),
    );
    expect(body.meta).toMatchObject({ reverse_charge: true, vat_cents: 0, total_cents: 19900 });
    const home = await r.post(
      '/api/v1/orders/quote',
      student,
      orderBody([yearly], { buyer_country: 'NL', buyer_vat_id: 'NL123456789B01' }),
    );
    expect(home.body.meta).toMatchObject({ reverse_charge: false, vat_cents: 4179, total_cents: 24079 });
  });

  it("answers 404 for another student's order, payment and invoice", async () => {
    const mine = await r.get('/api/v1/orders', student);
    const order = mine.body.data[0];
    const invoice = order.relationships.invoices.data[0].id;
    const payment = order.relationships.payments.data[0].id;
    expect((await r.get(`/api/v1/orders/${order.id}`, classmate)).status).toBe(404);
    expect((await r.get(`/api/v1/payments/${payment}`, classmate)).status).toBe(404);
    expect((await r.get(`/api/v1/invoices/${invoice}`, classmate)).status).toBe(404);
    expect((await r.get(`/api/v1/invoices/${invoice}/pdf`, classmate)).status).toBe(404);
    expect((await r.get(`/api/v1/orders/${order.id}`, sales)).status).toBe(200);
    const theirs = await r.get('/api/v1/orders', classmate);
    expect(
      theirs.body.data.every(
        (o: { relationships: { account: { data: { id: string } } } }) =>
          o.relationships.account.data.id !== mine.body.data[0].relationships.account.data.id,
      ),
    ).toBe(true);
  });
});

describe('promotions', () => {
  it('refuses an end before the start, and says why a code cannot be used', async () => {
    const bad = await r.post('/api/v1/promotions', sales, {
      code: 'BACKWARDS',
      kind: 'percentage',
      value: 10,
      starts_at: '2026-05-01T00:00:00Z',
      ends_at: '2026-04-01T00:00:00Z',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/ends_at');
    const expired = await r.post('/api/v1/promotions', sales, {
      code: 'OLDNEWS',
      kind: 'fixed',
      value: 500,
      ends_at: '2020-01-01T00:00:00Z',
    });
    expect(expired.status).toBe(201);
    const usedUp = await r.post('/api/v1/promotions', sales, {
      code: 'GONE',
      kind: 'fixed',
      value: 500,
      max_redemptions: 1,
    });
    await t.services.db
      .updateTable('promotions')
      .set({ redemptions: 1 })
      .where('id', '=', Number(usedUp.body.data.id))
      .execute();
    const plan = await productId('Maandabonnement');
    const attempt = async (code: string, host?: string) =>
      (
        await r.post(
          '/api/v1/orders/quote',
          host ? await t.login('second-student@leerpad.test', SECOND_HOST) : student,
          orderBody([host ? await productId('Monthly plan', SECOND_HOST) : plan], { promotion_code: code }),
          host,
        )
      ).body.errors[0];
    expect((await attempt('OLDNEWS')).meta.rule).toBe('expired');
    expect((await attempt('GONE')).meta.rule).toBe('used_up');
    expect((await attempt('NOSUCHCODE')).meta.rule).toBe('unknown');
    // A code of Leerpad Academy does not exist on the second portal (whose student reads English).
    expect((await attempt('GONE', SECOND_HOST)).detail).toMatch(/does not exist/);
  });

  it("gives a fixed amount the portal's currency, and refuses another or an unknown one", async () => {
    const fixed = await r.post('/api/v1/promotions', sales, { code: 'FIVEOFF', kind: 'fixed', value: 500 });
    expect(fixed.status).toBe(201);
    expect(fixed.body.data.attributes).toMatchObject({ value: 500, currency: 'EUR' });
    const percentage = await r.post('/api/v1/promotions', sales, {
      code: 'TENPCT',
      kind: 'percentage',
      value: 10,
      currency: 'USD',
    });
    expect(percentage.body.data.attributes.currency).toBeNull();
    const dollars = await r.post('/api/v1/promotions', sales, {
      code: 'DOLLARS',
      kind: 'fixed',
      value: 500,
      currency: 'USD',
    });
    expect(dollars.status).toBe(422);
    expect(dollars.body.errors[0]).toMatchObject({
      code: 'PROMOTION_CURRENCY_MISMATCH',
      source: { pointer: '/currency' },
    });
    const unknown = await r.post('/api/v1/promotions', sales, {
      code: 'DOUBLOONS',
      kind: 'fixed',
      value: 500,
      currency: 'XYZ',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({
      code: 'CURRENCY_UNKNOWN',
      source: { pointer: '/currency' },
    });
    const quote = await r.post(
      '/api/v1/orders/quote',
      student,
      orderBody([await productId('Maandabonnement')], { promotion_code: 'FIVEOFF' }),
    );
    expect(quote.body.meta).toMatchObject({ currency: 'EUR', discount_cents: 500 });
  });
});

describe('staff orders, refunds and automations', () => {
  it("previews an order's lines and totals for the buyer, whose own promotion limits apply", async () => {
    const firstAid = await productId(ACADEMY_PRODUCTS.firstAid);
    const preview = (cookie: string, code: string | null) =>
      r.post('/api/v1/orders/quote', cookie, {
        data: {
          type: 'orders',
          attributes: { promotion_code: code },
          relationships: {
            products: { data: [{ type: 'products', id: String(firstAid) }] },
            account: { data: { type: 'accounts', id: String(nosubId) } },
          },
        },
      });
    const plain = await preview(sales, null);
    expect(plain.status).toBe(200);
    // 3900 at 9% → 351 VAT.
    expect(plain.body.meta).toMatchObject({ subtotal_cents: 3900, vat_cents: 351, total_cents: 4251 });
    expect(plain.body.meta.lines).toEqual([
      expect.objectContaining({ description: ACADEMY_PRODUCTS.firstAid, net_cents: 3900, vat_rate: 9 }),
    ]);
    // nosub used WELCOME10 at checkout already; the staff member has not.
    const used = await preview(sales, 'WELCOME10');
    expect(used.status).toBe(422);
    expect(used.body.errors[0].meta.rule).toBe('used_by_account');
    expect((await preview(student, null)).status).toBe(403);
  });

  it('creates an invoice-later order; marking it paid runs the automation that enrols the buyer', async () => {
    const lifting = await productId(ACADEMY_PRODUCTS.sample);
    const classmateId = await t.accountId('classmate@leerpad.test');
    const course = await courseId(t, ACADEMY_COURSES.sample);
    await t.services.db
      .deleteFrom('enrollments')
      .where('account_id', '=', classmateId)
      .where('course_id', '=', course)
      .execute();
    const created = await r.post('/api/v1/orders', sales, {
      data: {
        type: 'orders',
        attributes: { payment_method: 'invoice_later' },
        relationships: {
          products: { data: [{ type: 'products', id: String(lifting) }] },
          account: { data: { type: 'accounts', id: String(classmateId) } },
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      state: 'pending',
      payment_method: 'invoice_later',
      buyer_email: 'classmate@leerpad.test',
    });
    const marked = await r.post(`/api/v1/orders/${created.body.data.id}/mark_paid`, sales);
    expect(marked.body.data.attributes.state).toBe('paid');
    expect((await r.post(`/api/v1/orders/${created.body.data.id}/mark_paid`, sales)).status).toBe(409);
    await eventually(
      () => enrolled(classmateId, course),
      (count) => count === 1,
      'the enrolment',
    );
    // The demo has runs of its own: wait for the one of this order, which the job writes after the enrolment.
    type Run = { attributes: { outcome: string }; relationships: { order: { data: { id: string } | null } } };
    const ofThisOrder = (res: { body: { data: Run[] } }) =>
      res.body.data.filter((run) => run.relationships.order.data?.id === created.body.data.id);
    const runs = await eventually(
      () => r.get('/api/v1/automation_runs', admin),
      (res) => ofThisOrder(res).some((run) => run.attributes.outcome === 'succeeded'),
      'the automation run',
    );
    expect(ofThisOrder(runs).map((run) => run.attributes.outcome)).toEqual(['succeeded']);
    expect(runs.body.data[0].relationships.order.data.id).toBe(created.body.data.id);
  });

  it('refunds part and then the rest with credit notes of their own numbers', async () => {
    const orders = await r.get('/api/v1/orders?filter[state]=paid', sales);
    const order = orders.body.data[0];
    const partial = await r.post(`/api/v1/orders/${order.id}/refunds`, sales, { amount_cents: 100 });
    expect(partial.status).toBe(201);
    expect(partial.body.data.attributes).toMatchObject({ kind: 'credit_note', total_cents: -100 });
    const tooMuch = await r.post(`/api/v1/orders/${order.id}/refunds`, sales, {
      amount_cents: order.attributes.total_cents,
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0].source.pointer).toBe('/amount_cents');
    const rest = await r.post(`/api/v1/orders/${order.id}/refunds`, sales, { reverse_access: true });
    expect(rest.body.data.attributes.total_cents).toBe(100 - order.attributes.total_cents);
    expect(rest.body.data.attributes.number).not.toBe(partial.body.data.attributes.number);
    const after = await r.get(`/api/v1/orders/${order.id}`, sales);
    expect(after.body.data.attributes).toMatchObject({
      state: 'refunded',
      refunded_cents: order.attributes.total_cents,
    });
    expect((await r.post(`/api/v1/orders/${order.id}/refunds`, student, {})).status).toBe(403);
  });

  it('sorts the staff order list by total or date, and refuses an unknown sort', async () => {
    const byTotal = await r.get('/api/v1/orders?sort=-total_cents&page[size]=20', sales);
    expect(byTotal.status).toBe(200);
    const totals = byTotal.body.data.map(
      (order: { attributes: { total_cents: number } }) => order.attributes.total_cents,
    );
    expect(totals.length).toBeGreaterThan(1);
    expect(totals).toEqual([...totals].sort((a: number, b: number) => b - a));
    const oldest = await r.get('/api/v1/orders?sort=created_at&page[size]=20', sales);
    const dates = oldest.body.data.map(
      (order: { attributes: { created_at: string } }) => order.attributes.created_at,
    );
    expect(dates).toEqual([...dates].sort());
    const refused = await r.get('/api/v1/orders?sort=buyer_email', sales);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].source.parameter).toBe('sort');
  });

  it('exports orders as CSV for accounting', async () => {
    const response = await t.app.inject({
      url: '/api/v1/orders/export?filter[state]=refunded',
      headers: { host: 'localhost', cookie: sales },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = response.body.trim().split('\n');
    expect(header).toMatch(/^order,date,state,buyer/);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.split(',')[2] === 'refunded')).toBe(true);
  });
});

describe('the staff order list total', () => {
  it('counts every order, and the orders in the chosen states, as they are now', async () => {
    const count = async (states?: string[]) => {
      let query = t.services.db
        .selectFrom('orders')
        .innerJoin('portal_domains', 'portal_domains.portal_id', 'orders.portal_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('portal_domains.domain', '=', 'localhost');
      if (states) query = query.where('orders.state', 'in', states);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const all = await r.get('/api/v1/orders', sales);
    expect(all.body.meta.total).toBe(await count());
    const some = await r.get('/api/v1/orders?filter[state]=paid,refunded', sales);
    expect(some.body.meta.total).toBe(await count(['paid', 'refunded']));
    // A buyer's own list counts only theirs.
    const own = await r.get('/api/v1/orders', nosub);
    expect(own.body.meta.total).toBe(own.body.data.length);
  });
});

describe('subscriptions', () => {
  it('cancels to the end of the period and resumes', async () => {
    const list = await r.get('/api/v1/subscriptions', student);
    const subscription = list.body.data[0];
    expect(subscription.attributes).toMatchObject({
      state: 'active',
      is_active: true,
      plan_name: 'Maandabonnement',
    });
    const cancelled = await r.patch(`/api/v1/subscriptions/${subscription.id}`, student, { cancelled: true });
    expect(cancelled.body.data.attributes).toMatchObject({
      state: 'cancelled',
      is_active: true,
      renews: false,
    });
    expect(
      (await r.patch(`/api/v1/subscriptions/${subscription.id}`, classmate, { cancelled: false })).status,
    ).toBe(404);
    const resumed = await r.patch(`/api/v1/subscriptions/${subscription.id}`, student, { cancelled: false });
    expect(resumed.body.data.attributes).toMatchObject({ state: 'active', renews: true });
  });
});
