import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACADEMY_COURSES, ACADEMY_PRODUCTS } from '../../db/seed/academy-titles';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

/**
 * Stripe is replaced by a small fake of its API served here: it answers Checkout Session creation
 * as Stripe does (form-encoded in, JSON out) and records each call, so the tests see what the
 * adapter sent.
 */
interface FakeCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}
const calls: FakeCall[] = [];
let fake: Server;
let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let nosub: string;
let nosubId: number;

const SECRET_KEY = 'sk_test_51FakeKeyForLeerpadTests0001';
const WEBHOOK_SECRET = 'whsec_leerpadTestSigningSecret0001';
const signer = new Stripe(SECRET_KEY);

function startFake(): Promise<string> {
  fake = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, form });
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const id = `cs_test_${calls.length}`;
        response.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: 'payment',
            payment_status: 'unpaid',
            status: 'open',
            amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]'),
            client_reference_id: form.get('client_reference_id'),
            metadata: { payment_id: form.get('metadata[payment_id]') },
            url: `https://checkout.stripe.test/c/pay/${id}`,
          }),
        );
        return;
      }
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unknown route' } }));
    });
  });
  return new Promise((resolve) =>
    fake.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(fake.address() as AddressInfo).port}`)),
  );
}

const productId = async (name: string) =>
  (
    await t.services.db
      .selectFrom('products')
      .innerJoin('portal_domains', 'portal_domains.portal_id', 'products.portal_id')
      .select('products.id')
      .where('products.name', '=', name)
      .where('portal_domains.domain', '=', 'localhost')
      .executeTakeFirstOrThrow()
  ).id;

const orderBody = (products: number[]) => ({
  data: {
    type: 'orders',
    attributes: {},
    relationships: { products: { data: products.map((id) => ({ type: 'products', id: String(id) })) } },
  },
});

/** A Stripe event for a Checkout Session, signed as Stripe signs it (or with another secret). */
function stripeEvent(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

const deliver = (event: { payload: string; signature: string | null }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment_webhooks/stripe',
    headers: {
      host: 'localhost',
      'content-type': 'application/json; charset=utf-8',
      ...(event.signature ? { 'stripe-signature': event.signature } : {}),
    },
    payload: event.payload,
  });

async function checkout(product: string) {
  const created = await r.post('/api/v1/orders', nosub, orderBody([await productId(product)]));
  expect(created.status).toBe(201);
  const payment = created.body.included.find((item: { type: string }) => item.type === 'payments');
  const row = await t.services.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', Number(payment.id))
    .executeTakeFirstOrThrow();
  return { order: created.body.data, payment, row };
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > 15_000) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  const url = await startFake();
  t = await createTestApp({ stripeApiUrl: url });
  r = requests(t);
  [admin, nosub] = await Promise.all([t.login('admin@leerpad.test'), t.login('nosub-student@leerpad.test')]);
  nosubId = await t.accountId('nosub-student@leerpad.test');
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => fake.close(resolve));
});

describe('Stripe as the payment provider', () => {
  it('takes the keys in the settings, refuses malformed ones and never answers them in full', async () => {
    const bad = await r.patch('/api/v1/payment_provider', admin, {
      provider: 'stripe',
      secret_key: 'pk_live_public',
      webhook_secret: 'nope',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/secret_key',
      '/webhook_secret',
    ]);
    const saved = await r.patch('/api/v1/payment_provider', admin, {
      provider: 'stripe',
      secret_key: SECRET_KEY,
      webhook_secret: WEBHOOK_SECRET,
    });
    expect(saved.status).toBe(200);
    const read = await r.get('/api/v1/payment_provider', admin);
    expect(read.body.data.attributes).toMatchObject({
      provider: 'stripe',
      secret_key_hint: 'sk_test_…0001',
      webhook_url: expect.stringMatching(/\/api\/v1\/payment_webhooks\/stripe$/),
    });
    for (const answer of [saved, read]) {
      expect(JSON.stringify(answer.body)).not.toContain(SECRET_KEY);
      expect(JSON.stringify(answer.body)).not.toContain(WEBHOOK_SECRET);
    }
    // Nor through the public portal document.
    const portal = await r.get('/api/v1/portals/current', '');
    expect(JSON.stringify(portal.body)).not.toContain(SECRET_KEY);
    expect((await r.get('/api/v1/payment_provider', nosub)).status).toBe(403);
  });

  it('opens a Stripe Checkout Session for the order total and answers its address', async () => {
    const before = calls.length;
    const { order, payment, row } = await checkout(ACADEMY_PRODUCTS.firstAid);
    const sent = calls.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/checkout/sessions');
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent[0]!.headers['idempotency-key']).toBe(`leerpad-payment-${row.portal_id}-${payment.id}`);
    expect(sent[0]!.form.get('mode')).toBe('payment');
    expect(sent[0]!.form.get('line_items[0][price_data][unit_amount]')).toBe(
      String(order.attributes.total_cents),
    );
    expect(sent[0]!.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(sent[0]!.form.get('metadata[payment_id]')).toBe(payment.id);
    expect(payment.attributes.provider).toBe('stripe');
    expect(payment.attributes.checkout_url).toBe(`https://checkout.stripe.test/c/pay/${row.provider_ref}`);
  });

  it('has no test outcome route while the portal uses Stripe', async () => {
    const { payment } = await checkout(ACADEMY_PRODUCTS.firstAid);
    const outcome = await r.post(`/api/v1/payments/${payment.id}/test_outcome`, nosub, { outcome: 'paid' });
    expect(outcome.status).toBe(404);
    const order = await t.services.db
      .selectFrom('payments')
      .select('state')
      .where('id', '=', Number(payment.id))
      .executeTakeFirstOrThrow();
    expect(order.state).toBe('open');
  });

  it('marks the order paid once when a signed event arrives twice, and enrols once', async () => {
    const course = await t.services.db
      .selectFrom('courses')
      .select('id')
      .where('title', '=', ACADEMY_COURSES.sample)
      .executeTakeFirstOrThrow();
    const { order, payment, row } = await checkout(ACADEMY_PRODUCTS.sample);
    const event = stripeEvent('checkout.session.completed', {
      id: row.provider_ref,
      payment_status: 'paid',
      client_reference_id: payment.id,
      metadata: { payment_id: payment.id },
    });
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await deliver(event)).statusCode).toBe(200);
    const paid = await until(
      () => r.get(`/api/v1/orders/${order.id}`, nosub),
      (res) => res.body.data.attributes.fulfilled_at !== null,
    );
    expect(paid.body.data.attributes.state).toBe('paid');
    expect(paid.body.included.filter((item: { type: string }) => item.type === 'invoices')).toHaveLength(1);
    const enrolments = await t.services.db
      .selectFrom('enrollments')
      .select('id')
      .where('account_id', '=', nosubId)
      .where('course_id', '=', course.id)
      .execute();
    expect(enrolments).toHaveLength(1);
  });

  it('refuses an event with a forged or missing signature and changes nothing', async () => {
    const { order, payment, row } = await checkout(ACADEMY_PRODUCTS.firstAid);
    const session = {
      id: row.provider_ref,
      payment_status: 'paid',
      client_reference_id: payment.id,
      metadata: { payment_id: payment.id },
    };
    const forged = await deliver(stripeEvent('checkout.session.completed', session, 'whsec_someoneElse000'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().errors[0].code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unsigned = await deliver({
      ...stripeEvent('checkout.session.completed', session),
      signature: null,
    });
    expect(unsigned.statusCode).toBe(400);
    // A signed body changed afterwards (the amount, the payment) no longer matches its signature.
    const genuine = stripeEvent('checkout.session.completed', session);
    const tampered = await deliver({
      payload: genuine.payload.replace('"paid"', '"paid" '),
      signature: genuine.signature,
    });
    expect(tampered.statusCode).toBe(400);
    const after = await r.get(`/api/v1/orders/${order.id}`, nosub);
    expect(after.body.data.attributes.state).toBe('pending');
    expect(after.body.included.filter((item: { type: string }) => item.type === 'invoices')).toHaveLength(0);
  });

  it('leaves the order expired when the Checkout Session expires, and a retry opens a new session', async () => {
    const { order, payment, row } = await checkout(ACADEMY_PRODUCTS.firstAid);
    const expired = await deliver(
      stripeEvent('checkout.session.expired', {
        id: row.provider_ref,
        payment_status: 'unpaid',
        metadata: { payment_id: payment.id },
      }),
    );
    expect(expired.statusCode).toBe(200);
    expect((await r.get(`/api/v1/orders/${order.id}`, nosub)).body.data.attributes.state).toBe('expired');
    const retry = await r.post(`/api/v1/orders/${order.id}/payments`, nosub);
    expect(retry.status).toBe(201);
    expect(retry.body.data.attributes.checkout_url).toMatch(
      /^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/,
    );
    expect(retry.body.data.attributes.checkout_url).not.toContain(String(row.provider_ref));
  });

  it('goes back to the test provider when staff choose it', async () => {
    const back = await r.patch('/api/v1/payment_provider', admin, { provider: 'test' });
    expect(back.body.data.attributes).toMatchObject({ provider: 'test', secret_key_hint: null });
    const { payment } = await checkout(ACADEMY_PRODUCTS.firstAid);
    expect(payment.attributes.checkout_url).toBe(`/checkout/test/${payment.id}`);
    expect((await deliver(stripeEvent('checkout.session.completed', { id: 'cs_x' }))).statusCode).toBe(404);
  });
});
