import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { fillRoute, seededRouteIds } from '../test/route-ids';
import type { RouteSummary } from './route';
import { ACADEMY_COURSES, ACADEMY_OBJECTS } from '../db/seed/academy-titles';

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
  ACADEMY_COURSES.sample,
  ACADEMY_OBJECTS.quiz,
];

beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerIp: 10_000, loginFailuresPerAccount: 10_000 });
  sessions = {
    student: await t.login('student@leerpad.test'),
    admin: await t.login('admin@leerpad.test'),
    otherPortal: await t.login('second-student@leerpad.test', SECOND_HOST),
  };
  ids = await seededRouteIds(t, sessions.student);
}, 60_000);

afterAll(() => t.close());

const fill = fillRoute;

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
  'filter[search]=%00',
  'filter[name]=a%00b&filter[status]=%00',
  'include=%00',
  'page[number]=2147483648',
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
  {
    payload: JSON.stringify({
      email: 'a\u0000@leerpad.test',
      password: 'leerpad-demo\u0000',
      full_name: '\u0000',
      title: 'A\u0000',
      text: '\u0000',
      name: '\u0000',
      property: 'x\u0000',
      payload: { '\u0000': 1 },
      feedback: '\u0000',
    }),
  },
  {
    payload: JSON.stringify({
      project_id: 2_147_483_648,
      course_id: 2_147_483_648,
      catalog_category: { type: 'catalog_categories', id: 2_147_483_648 },
      content_labels: [{ type: 'content_labels', id: 2_147_483_648 }],
      cover_file: { type: 'files', id: 2_147_483_648 },
      courses: [{ type: 'courses', id: 2_147_483_648 }],
      course: { type: 'courses', id: 2_147_483_648 },
      accounts: [{ type: 'accounts', id: 2_147_483_648 }],
      project: { type: 'feedback_projects', id: 2_147_483_648 },
      learning_object_id: 99_999_999_999,
      position: 2_147_483_648,
      grade: 2_147_483_648,
      file_id: 2_147_483_648,
      members: [2_147_483_648],
      account_ids: [2_147_483_648],
    }),
  },
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
      if (route.permission !== 'public')
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
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
          for (const secret of route.url.startsWith('/v1/shared/') ? [] : ACADEMY_SECRETS) {
            expect(response.body, `${route.method} ${route.url} leaked "${secret}"`).not.toContain(secret);
          }
          // Shared resources (SPEC §7) are what every portal may read of another: its name and theme.
          if (route.url.startsWith('/v1/shared/')) continue;
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

describe('every route, signed in', () => {
  // Fresh sessions: the suite above signs its own out when it reaches GET /auth/logout.
  const LEARNING_PARAMS =
    /:(course|section|learning_object|quiz_question|quiz_attempt|enrollment|answer|catalog_category|content_label|content_issue|file)\b/;
  let signedIn: { student: string; admin: string; otherPortal: string };
  beforeAll(async () => {
    signedIn = {
      student: await t.login('student@leerpad.test'),
      admin: await t.login('admin@leerpad.test'),
      otherPortal: await t.login('second-student@leerpad.test', SECOND_HOST),
    };
  });
  // Deletions last, so every other route still finds its rows.
  const ordered = () =>
    t.routes
      .filter((route) => !route.url.startsWith('/auth'))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
  const sane = (
    route: RouteSummary,
    label: string,
    response: { statusCode: number; headers: Record<string, unknown> },
  ) => {
    expect(response.statusCode, `${route.method} ${route.url} ${label}`).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(String(response.headers['content-type']), `${route.method} ${route.url} ${label}`).toContain(
        'application/json',
      );
    }
  };

  it("keeps another portal's account away from every learning row", async () => {
    for (const route of ordered().filter((r) => LEARNING_PARAMS.test(r.url))) {
      const response = await t.app.inject({
        method: route.method,
        url: `/api${fill(route.url, ids)}`,
        headers: { ...XHR, host: SECOND_HOST, cookie: signedIn.otherPortal },
        payload: route.hasBody
          ? { title: 'x', text: 'x', outcome: 'approved', status: 'resolved' }
          : undefined,
      });
      sane(route, 'other portal', response);
      // 422: the body was refused before any row was looked up.
      expect([403, 404, 422], `${route.method} ${route.url}`).toContain(response.statusCode);
      for (const secret of ACADEMY_SECRETS)
        expect(response.body, `${route.method} ${route.url}`).not.toContain(secret);
    }
  });

  it('answers hostile query strings and bodies without failing', async () => {
    for (const route of ordered()) {
      for (const cookie of [signedIn.student, signedIn.admin]) {
        for (const query of HOSTILE_QUERIES) {
          const response = await t.app.inject({
            method: route.method,
            url: `/api${fill(route.url, ids)}?${query}`,
            headers: { ...XHR, host: 'localhost', cookie },
            payload: route.hasBody ? {} : undefined,
          });
          sane(route, `query ${query.slice(0, 40)}`, response);
        }
        if (!route.hasBody) continue;
        for (const body of HOSTILE_BODIES) {
          const response = await t.app.inject({
            method: route.method,
            url: `/api${fill(route.url, ids)}`,
            headers: {
              ...XHR,
              host: 'localhost',
              cookie,
              'content-type': body.contentType ?? 'application/json',
            },
            payload: body.payload,
          });
          sane(route, `body ${body.payload.slice(0, 40)}`, response);
        }
      }
    }
  }, 180_000);
});

describe('NUL characters', () => {
  it('are refused with a 400 in the address, headers, cookies and body, signed in or not', async () => {
    const cookie = await t.login('student@leerpad.test');
    const attempts = [
      { url: '/api/v1/courses?filter[search]=%00', headers: {} },
      { url: '/api/v1/courses/%00', headers: {} },
      { url: '/api/ping', headers: { cookie: 'portal_domain=second.localhost%00' } },
      { url: '/api/ping', headers: { cookie: 'leerpad_session=abc%00def' } },
      { url: '/api/ping', headers: { 'accept-language': 'nl\u0000' } },
      { url: '/api/v1/me', headers: { cookie: `${cookie}; portal_domain=%00` } },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({
        url: attempt.url,
        headers: { host: 'localhost', ...attempt.headers },
      });
      expect(response.statusCode, attempt.url).toBe(400);
      expect(response.json().errors[0].code, attempt.url).toBe('NUL_CHARACTER');
    }
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...XHR, host: 'localhost' },
      payload: { email: 'student@leerpad.test', password: 'leerpad-demo\u0000' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors[0].source).toEqual({ pointer: '/password' });
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
