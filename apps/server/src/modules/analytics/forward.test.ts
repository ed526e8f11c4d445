import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { until } from '../../test/wait';

/**
 * Page views forwarded to a Plausible- or Umami-compatible collector (decision 075), here a local
 * receiver: after the answer, in the collector's own format, with the client's address and browser,
 * and nothing that names the person.
 */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** How the receiver answers: at once, with a failure, or not at all. */
let mode: 'ok' | 'fail' | 'hang' = 'ok';
const received: Received[] = [];
const hanging: ServerResponse[] = [];
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(body) as Record<string, unknown>,
      });
      if (mode === 'hang') hanging.push(response);
      else if (mode === 'fail') response.writeHead(500).end('down');
      else response.writeHead(202, { 'set-cookie': 'tracker=1' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of hanging) response.destroy();
  await new Promise((resolve) => receiver.close(resolve));
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0';

const view = (t: TestApp, route: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/events',
    remoteAddress: '203.0.113.7',
    headers: { ...XHR, host: 'localhost', 'user-agent': BROWSER, ...(cookie ? { cookie } : {}) },
    payload: { route },
  });

/** Waits for the receiver to have heard of `count` views in all. */
const heard = (count: number) => until(() => received.length >= count, 10_000, `${count} forwarded views`);

describe('page views forwarded to Plausible', () => {
  let t: TestApp;
  let student: string;
  let studentId: string;
  beforeAll(async () => {
    t = await createTestApp({ analyticsForward: { kind: 'plausible', url: receiverUrl, site: undefined } });
    student = await t.login('student@leerpad.test');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { ...XHR, cookie: student } });
    studentId = String(me.json().data.id);
  });
  afterAll(() => t.close());

  it('sends a pageview event with the route, the client address and browser, and no cookie or account', async () => {
    received.length = 0;
    mode = 'ok';
    const answer = await view(t, '/courses/12', student);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['set-cookie']).toBeUndefined();
    await heard(1);
    const [event] = received;
    expect(event!.method).toBe('POST');
    expect(event!.url).toBe('/api/event');
    expect(event!.body).toEqual({
      name: 'pageview',
      url: 'http://localhost/courses/:id',
      domain: 'localhost',
    });
    expect(event!.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(event!.headers['user-agent']).toBe(BROWSER);
    expect(event!.headers['content-type']).toBe('application/json');
    expect(event!.headers.cookie).toBeUndefined();
    const sent = JSON.stringify(event);
    expect(sent).not.toContain('student@leerpad.test');
    expect(sent).not.toContain(`"${studentId}"`);
    expect(sent).not.toContain(student.split('=')[1]!);
  });

  it('a collector that fails or does not answer costs the page view nothing, and it is still counted', async () => {
    const admin = await t.login('admin@leerpad.test');
    const total = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/analytics/page_views?days=1',
          headers: { ...XHR, cookie: admin },
        })
      ).json().data.attributes.total as number;
    const before = await total();
    received.length = 0;
    mode = 'fail';
    expect((await view(t, '/catalog')).statusCode).toBe(204);
    await heard(1);
    mode = 'hang';
    expect((await view(t, '/catalog')).statusCode).toBe(204);
    await heard(2);
    // The view answered while the collector still holds the event.
    expect(hanging.length).toBe(1);
    expect(await total()).toBe(before + 2);
    mode = 'ok';
  });

  it('sends nothing for a portal with analytics off', async () => {
    const admin = await t.login('admin@leerpad.test');
    const setEnabled = (enabled: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/analytics/settings',
        headers: { ...XHR, cookie: admin },
        payload: { data: { type: 'analytics_settings', attributes: { enabled } } },
      });
    expect((await setEnabled(false)).statusCode).toBe(200);
    received.length = 0;
    expect((await view(t, '/catalog/private')).statusCode).toBe(204);
    expect((await setEnabled(true)).statusCode).toBe(200);
    // The next view is forwarded; the one before it, with analytics off, never was.
    expect((await view(t, '/catalog/public')).statusCode).toBe(204);
    await heard(1);
    await t.services.analyticsForward.flush();
    expect(received.map((event) => event.body.url)).toEqual(['http://localhost/catalog/public']);
  });
});

describe('page views forwarded to Umami', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      analyticsForward: {
        kind: 'umami',
        url: `${receiverUrl}/`,
        site: '4f1c2d9e-1111-4a2b-9c3d-0123456789ab',
      },
    });
  });
  afterAll(() => t.close());

  it('sends an event for the website id, with the client address and browser', async () => {
    received.length = 0;
    mode = 'ok';
    expect((await view(t, '/profiles/:handle')).statusCode).toBe(204);
    await heard(1);
    const [event] = received;
    expect(event!.url).toBe('/api/send');
    expect(event!.body).toEqual({
      type: 'event',
      payload: {
        website: '4f1c2d9e-1111-4a2b-9c3d-0123456789ab',
        hostname: 'localhost',
        url: '/profiles/:handle',
      },
    });
    expect(event!.headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(event!.headers['user-agent']).toBe(BROWSER);
  });
});
