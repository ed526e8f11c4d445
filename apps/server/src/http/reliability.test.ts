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
  'Safe lifting at work',
  'Lifting quiz',
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
  ids = {
    account: String(studentId),
    notification: String(notification.id),
    portal: '1',
    language: '1',
    ...(await learningIds(studentId)),
  };
}, 60_000);

/** Real ids of the demo's learning data, so every learning route is reached with a valid id. */
async function learningIds(studentId: number): Promise<Record<string, string>> {
  const db = t.services.db;
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('title', '=', 'Safe lifting at work')
    .executeTakeFirstOrThrow();
  const first = async (
    table: 'course_sections' | 'catalog_categories' | 'content_labels' | 'content_issues' | 'files',
  ) =>
    String(
      (
        await db
          .selectFrom(table)
          .select('id')
          .where('portal_id', '=', 1)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  const quiz = await db
    .selectFrom('learning_objects')
    .select('id')
    .where('course_id', '=', course.id)
    .where('type', '=', 'quiz')
    .executeTakeFirstOrThrow();
  const question = await db
    .selectFrom('quiz_questions')
    .select('id')
    .where('learning_object_id', '=', quiz.id)
    .executeTakeFirstOrThrow();
  const enrollment = await db
    .selectFrom('enrollments')
    .select('id')
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const assignment = await db
    .selectFrom('learning_objects')
    .select('id')
    .where('course_id', '=', course.id)
    .where('type', '=', 'assignment')
    .executeTakeFirstOrThrow();
  const draft = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/learning_objects/${assignment.id}/answer`,
    headers: { ...XHR, host: 'localhost', cookie: sessions.student },
    payload: { text: 'A draft' },
  });
  const attempt = await t.app.inject({
    method: 'POST',
    url: `/api/v1/learning_objects/${quiz.id}/quiz_attempts`,
    headers: { ...XHR, host: 'localhost', cookie: sessions.student },
  });
  return {
    course: String(course.id),
    section: await first('course_sections'),
    learning_object: String(quiz.id),
    quiz_question: String(question.id),
    quiz_attempt: String(attempt.json().data.id),
    enrollment: String(enrollment.id),
    answer: String(draft.json().data.id),
    catalog_category: await first('catalog_categories'),
    content_label: await first('content_labels'),
    content_issue: await first('content_issues'),
    file: await first('files'),
  };
}
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
