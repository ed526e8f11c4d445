import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import type { RouteSummary } from './route';

/**
 * Every registered route — including routes added later — is sent hostile input with and without
 * sessions. No answer may be a 5xx, every answer is JSON, and no other portal's data leaks.
 */
let t: TestApp;
let sessions: { student: string; admin: string; otherPortal: string };
let ids: Record<string, string>;

// Strings that exist only in the academy portal's data.
const ACADEMY_SECRETS = [
  'Sam Student',
  '"student@leerpad.test"',
  'Demo Logistics',
  'WELCOME2026',
  'Leerpad Academy',
];

beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerIp: 10_000, loginFailuresPerAccount: 10_000 });
  sessions = {
    student: await t.login('student@leerpad.test'),
    admin: await t.login('admin@leerpad.test'),
    otherPortal: await t.login('second-student@leerpad.test', SECOND_HOST),
  };
  const studentId = await t.accountId('student@leerpad.test');
  const notification = await t.services.db
    .selectFrom('notifications')
    .select('id')
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  ids = { account: String(studentId), notification: String(notification.id), portal: '1', language: '1' };
}, 60_000);
afterAll(() => t.close());

const fill = (url: string, values: Record<string, string>) =>
  url.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));

const BAD_IDS = ['0', '-1', 'abc', '99999999999999999999', '1.5', "1' or '1'='1", '%00', '..', ' 1'];
const HOSTILE_QUERIES = [
  'page[size]=-1',
  'page[size]=0',
  'page[number]=1e999',
  'page[number]=99999999',
  'page[size]=abc&page[number]=',
  'include=../../etc/passwd',
  'include=entity,entity,entity',
  'include=a&include=b',
  'filter[search]=%25%27%22;--',
  'filter[status]=deleted',
  'filter[redeemed]=maybe',
  'filter[name][$gt]=',
  'sort=;drop table accounts',
  'fields[accounts]=',
  'fields[accounts][x]=1',
  'page[size][x]=1',
  '__proto__[admin]=1',
  'locale=xx'.repeat(500),
];
const HOSTILE_BODIES: Array<{ payload: string; contentType?: string }> = [
  { payload: '{bad json' },
  { payload: '' },
  { payload: 'null' },
  { payload: '[]' },
  { payload: '"a string"' },
  { payload: '12' },
  { payload: '{"data": null}' },
  { payload: '{"data": {"attributes": "x"}}' },
  { payload: '{"data": {"attributes": null}}' },
  { payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}' },
  {
    payload: JSON.stringify({
      email: { $gt: '' },
      password: ['a'],
      read_at: 5,
      operation: 7,
      property: {},
      payload: [],
    }),
  },
  {
    payload: JSON.stringify({
      email: 'a'.repeat(100_000),
      full_name: 'x'.repeat(100_000),
      password: 'p'.repeat(100_000),
    }),
  },
  { payload: JSON.stringify({ read_at: '9999-99-99T99:99:99Z', locale: 'nl\u0000', token: '\ud800' }) },
  { payload: '['.repeat(5000) + ']'.repeat(5000) },
  { payload: 'email=a&password=b', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', contentType: 'text/xml' },
];

function expectSane(
  route: RouteSummary,
  label: string,
  response: { statusCode: number; headers: Record<string, unknown> },
) {
  expect(response.statusCode, `${route.method} ${route.url} ${label}`).toBeLessThan(500);
  expect(String(response.headers['content-type']), `${route.method} ${route.url} ${label}`).toContain(
    'application/json',
  );
}

describe('every route', () => {
  it('has routes to test', () => {
    expect(t.routes.length).toBeGreaterThan(15);
  });

  it('refuses visitors without a session where an account is needed, and never fails', async () => {
    for (const route of t.routes) {
      const response = await t.app.inject({
        method: route.method,
        url: `/api${fill(route.url, ids)}`,
        headers: { ...XHR, host: 'localhost' },
        payload: route.hasBody ? {} : undefined,
      });
      expectSane(route, 'without session', response);
      if (route.access === 'account') expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("never shows one portal's data to another portal's account", async () => {
    for (const route of t.routes) {
      if (route.url.startsWith('/auth')) continue;
      for (const host of [SECOND_HOST, 'localhost']) {
        const response = await t.app.inject({
          method: route.method,
          url: `/api${fill(route.url, ids)}`,
          headers: { ...XHR, host, cookie: sessions.otherPortal },
          payload: route.hasBody
            ? { read_at: null, operation: 'mark_all_as_read', property: 'x', payload: 'y', locale: 'en' }
            : undefined,
        });
        expectSane(route, `other portal on ${host}`, response);
        if (host === SECOND_HOST) {
          for (const secret of ACADEMY_SECRETS) {
            expect(response.body, `${route.method} ${route.url} leaked "${secret}"`).not.toContain(secret);
          }
          if (route.url.includes(':account') || route.url.includes(':portal')) {
            expect([403, 404], `${route.method} ${route.url}`).toContain(response.statusCode);
          }
        }
      }
    }
  });

  it('answers bad ids with a 4xx', async () => {
    for (const route of t.routes.filter((r) => r.url.includes(':'))) {
      for (const bad of BAD_IDS) {
        const params = Object.fromEntries(Object.keys(ids).map((name) => [name, bad]));
        const response = await t.app.inject({
          method: route.method,
          url: `/api${route.url.replace(/:([a-z_]+)/g, () => encodeURIComponent(params.account ?? bad))}`,
          headers: { ...XHR, host: 'localhost', cookie: sessions.admin },
          payload: route.hasBody ? {} : undefined,
        });
        expectSane(route, `bad id ${bad}`, response);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('answers hostile query strings without failing', async () => {
    for (const route of t.routes) {
      for (const query of HOSTILE_QUERIES) {
        for (const cookie of [sessions.admin, sessions.student]) {
          const response = await t.app.inject({
            method: route.method,
            url: `/api${fill(route.url, ids)}?${query}`,
            headers: { ...XHR, host: 'localhost', cookie },
            payload: route.hasBody ? {} : undefined,
          });
          expectSane(route, `query ${query.slice(0, 40)}`, response);
        }
      }
    }
  });

  it('answers hostile bodies with a 4xx and a clear error', async () => {
    for (const route of t.routes.filter((r) => r.hasBody)) {
      for (const body of HOSTILE_BODIES) {
        const response = await t.app.inject({
          method: route.method,
          url: `/api${fill(route.url, ids)}`,
          headers: {
            ...XHR,
            host: 'localhost',
            cookie: sessions.admin,
            'content-type': body.contentType ?? 'application/json',
          },
          payload: body.payload,
        });
        expectSane(route, `body ${body.payload.slice(0, 40)}`, response);
        expect(
          response.statusCode,
          `${route.method} ${route.url} body ${body.payload.slice(0, 40)}`,
        ).toBeGreaterThanOrEqual(400);
        expect(response.json().errors[0].detail).toBeTruthy();
      }
    }
  });
});

describe('unknown addresses', () => {
  it('answers an unknown /api address with a JSON 404, never the web app', async () => {
    for (const url of [
      '/api/nope',
      '/api/v1/unknown/1',
      '/api/v1/accounts/1/secrets',
      '/api/../etc/passwd',
    ]) {
      const response = await t.app.inject({ url, headers: { host: 'localhost' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
    }
  });
});
