import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { until } from '../../test/wait';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;

/** A receiver that answers 500 to its first `failures` requests, then 200; it keeps what it got. */
const received: Array<{ body: string; headers: Record<string, unknown>; status: number }> = [];
let failures = 2;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const status = failures > 0 ? 500 : 200;
    failures--;
    received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: request.headers, status });
    response.writeHead(status).end();
  });
});
let receiverUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  t = await createTestApp({ webhookRetrySeconds: 1 });
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  // The demo webhook points at a demo server that is not running here.
  for (const hook of (await r.get('/api/v1/webhooks', admin)).body.data)
    await r.patch(`/api/v1/webhooks/${hook.id}`, admin, { active: false });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('webhooks', () => {
  it('refuse an address that is not http(s) and unknown events, pointing at each', async () => {
    const bad = await r.post('/api/v1/webhooks', admin, {
      url: 'ftp://example.test/x',
      events: ['order.paid'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/url');
    const script = await r.post('/api/v1/webhooks', admin, {
      url: 'javascript:alert(1)',
      events: ['order.paid'],
    });
    expect(script.body.errors[0].source.pointer).toBe('/url');
    const events = await r.post('/api/v1/webhooks', admin, {
      url: 'https://example.test',
      events: ['party'],
    });
    expect(events.body.errors[0].source.pointer).toBe('/events/0');
  });

  it('deliver an enrolment signed, retrying a failing receiver until it answers', async () => {
    const created = await r.post('/api/v1/webhooks', admin, {
      url: receiverUrl,
      events: ['enrollment.created'],
    });
    expect(created.status).toBe(201);
    const hook = created.body.data;
    const secret: string = hook.attributes.secret;

    const student = await t.login('student@leerpad.test');
    const course = await courseId(t, ACADEMY_COURSES.phone);
    expect((await r.post(`/api/v1/courses/${course}/enrollments`, student)).status).toBe(201);

    // Between the failures the log says that another attempt will follow.
    let failed = await r.get(`/api/v1/webhooks/${hook.id}/deliveries`, admin);
    for (let i = 0; i < 100 && failed.body.data[0]?.attributes.status !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      failed = await r.get(`/api/v1/webhooks/${hook.id}/deliveries`, admin);
    }
    expect(failed.body.data[0].attributes).toMatchObject({ status: 'failed', will_retry: true });
    expect(failed.body.data[0].attributes.attempt_log[0]).toMatchObject({
      succeeded: false,
      response_code: 500,
    });

    await until(() => received.some((request) => request.status === 200), 30_000, 'a delivered webhook');
    expect(received.map((request) => request.status)).toEqual([500, 500, 200]);
    const delivered = received[2]!;
    const body = JSON.parse(delivered.body);
    expect(body.event).toBe('enrollment.created');
    expect(body.data.course_id).toBe(String(course));
    const signature = `sha256=${createHmac('sha256', secret).update(delivered.body).digest('hex')}`;
    expect(delivered.headers['x-leerpad-signature']).toBe(signature);
    expect(Number(delivered.headers['x-leerpad-timestamp'])).toBeGreaterThan(0);
    // The same delivery every time: one id, retried.
    expect(new Set(received.map((request) => JSON.parse(request.body).id)).size).toBe(1);

    let log = await r.get(`/api/v1/webhooks/${hook.id}/deliveries`, admin);
    for (let i = 0; i < 50 && log.body.data[0].attributes.status !== 'delivered'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      log = await r.get(`/api/v1/webhooks/${hook.id}/deliveries`, admin);
    }
    const delivery = log.body.data[0];
    expect(delivery.attributes).toMatchObject({
      status: 'delivered',
      attempts: 3,
      response_code: 200,
      will_retry: false,
    });
    expect(
      delivery.attributes.attempt_log.map((attempt: { response_code: number }) => attempt.response_code),
    ).toEqual([500, 500, 200]);

    const again = await r.post(`/api/v1/webhook_deliveries/${delivery.id}/redelivery`, admin);
    expect(again.status).toBe(201);
    await until(() => received.length === 4, 15_000, 'the redelivery');
    expect(JSON.parse(received[3]!.body).data).toEqual(body.data);
  });

  it('hear of an account that staff create', async () => {
    const hook = (await r.post('/api/v1/webhooks', admin, { url: receiverUrl, events: ['account.created'] }))
      .body.data;
    const created = await r.post('/api/v1/accounts', admin, {
      full_name: 'Hook Test',
      email_address: 'hook-test@leerpad.test',
      roles: ['student'],
    });
    expect(created.status).toBe(201);
    const deliveries = (await r.get(`/api/v1/webhooks/${hook.id}/deliveries`, admin)).body.data;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].attributes.event).toBe('account.created');
    expect(JSON.parse(deliveries[0].attributes.body).data).toMatchObject({
      email: 'hook-test@leerpad.test',
      roles: ['student'],
    });
    await r.del(`/api/v1/webhooks/${hook.id}`, admin);
  });

  it('are changed, switched off and removed by staff of their own portal only', async () => {
    const hook = (
      await r.post('/api/v1/webhooks', admin, { url: 'https://crm.example.test/in', events: ['order.paid'] })
    ).body.data;
    const rotated = await r.patch(`/api/v1/webhooks/${hook.id}`, admin, {
      events: ['order.paid', 'ticket.created'],
      rotate_secret: true,
    });
    expect(rotated.body.data.attributes.events).toEqual(['order.paid', 'ticket.created']);
    expect(rotated.body.data.attributes.secret).toMatch(/./);
    expect(rotated.body.data.attributes.secret).not.toBe(hook.attributes.secret);
    const listed = (await r.get('/api/v1/webhooks', admin)).body.data.find(
      (one: { id: string }) => one.id === hook.id,
    );
    expect(listed.attributes.secret).toBeUndefined();
    const fresh: string = rotated.body.data.attributes.secret;
    expect(listed.attributes.secret_hint).toBe(`${fresh.slice(0, 6)}…${fresh.slice(-4)}`);
    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    expect(
      (await r.patch(`/api/v1/webhooks/${hook.id}`, secondAdmin, { active: false }, SECOND_HOST)).status,
    ).toBe(404);
    expect((await r.get(`/api/v1/webhooks/${hook.id}/deliveries`, secondAdmin, SECOND_HOST)).status).toBe(
      404,
    );
    const student = await t.login('student@leerpad.test');
    expect((await r.get('/api/v1/webhooks', student)).status).toBe(403);
    expect((await r.del(`/api/v1/webhooks/${hook.id}`, admin)).status).toBe(200);
    const audit = await t.services.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'webhook')
      .where('entity_id', '=', hook.id)
      .orderBy('id')
      .execute();
    expect(audit.map((event) => event.action)).toEqual([
      'webhook.created',
      'webhook.updated',
      'webhook.deleted',
    ]);
  });
});
