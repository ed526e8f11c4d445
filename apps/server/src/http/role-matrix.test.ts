import { isPermission, namesChange } from '@leerpad/core';
import type { Permission } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillRoute, seededRouteIds } from '../test/route-ids';
import { ACADEMY_HOST, createTestApp, SECOND_HOST, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import type { RouteSummary } from './route';

/**
 * The role matrix: every registered route, as every demo identity. What each identity may do comes
 * from the route's declared permission and the abilities `/me` reports for that identity; every
 * record id in the address belongs to the demo student of Leerpad Academy.
 */
interface Identity {
  name: string;
  host: string;
  cookie: string | null;
  abilities: Set<Permission>;
  /** Another account of the student's own portal, or someone on another portal. */
  relation: 'guest' | 'owner' | 'same-portal' | 'other-portal';
}

const SIGNED_IN: Array<{ email: string; relation: Identity['relation']; host?: string }> = [
  { email: 'student@leerpad.test', relation: 'owner' },
  { email: 'classmate@leerpad.test', relation: 'same-portal' },
  { email: 'nosub-student@leerpad.test', relation: 'same-portal' },
  { email: 'coach@leerpad.test', relation: 'same-portal' },
  { email: 'author@leerpad.test', relation: 'same-portal' },
  { email: 'sales@leerpad.test', relation: 'same-portal' },
  { email: 'support@leerpad.test', relation: 'same-portal' },
  { email: 'admin@leerpad.test', relation: 'same-portal' },
  { email: 'second-student@leerpad.test', relation: 'other-portal', host: SECOND_HOST },
  { email: 'second-admin@leerpad.test', relation: 'other-portal', host: SECOND_HOST },
];

/** Records that belong to one student: nobody else but staff and their coach may touch them. */
const PRIVATE_RECORD = /:(account|notification|answer|enrollment|quiz_attempt)\b/;

let t: TestApp;
let ids: Record<string, string>;
const identities: Identity[] = [];

beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerIp: 10_000, loginFailuresPerAccount: 10_000 });
  identities.push({
    name: 'guest',
    host: ACADEMY_HOST,
    cookie: null,
    abilities: new Set(),
    relation: 'guest',
  });
  for (const { email, relation, host = ACADEMY_HOST } of SIGNED_IN) {
    const cookie = await t.login(email, host);
    const me = await t.app.inject({ url: '/api/v1/me', headers: { host, cookie } });
    const abilities: unknown[] = me.json().meta.abilities;
    expect(abilities.every(isPermission), email).toBe(true);
    identities.push({ name: email, host, cookie, abilities: new Set(abilities as Permission[]), relation });
  }
  ids = await seededRouteIds(t, identities[1]!.cookie!);
}, 120_000);

afterAll(() => t.close());

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routeKey = (route: RouteSummary) => `${route.method} ${route.url}`;

/**
 * Writes that declare no change permission, and why (decision 048). Every other POST, PUT, PATCH
 * and DELETE declares one whose action changes something (`namesChange` in core: manage, update,
 * plan, keep, …); a write declared with `signed-in` or a read permission fails the sweep unless it
 * is listed here.
 * - `public`: reachable without an account by design.
 * - `own`: writes only the caller's own rows (their order, enrolment, answer, consent); nobody
 *   else's record can be named.
 * - `record(by, body)`: names someone's record; its policy lets in the record's owner and holders of
 *   `by`, and the write check proves that everyone else gets 403 (404 where they may not see it).
 *   `body` is valid, so the refusal seen is the policy's and not a 422.
 */
type WriteException =
  { kind: 'public' | 'own' } | { kind: 'record'; by?: Permission; body?: Record<string, unknown> };
const pub: WriteException = { kind: 'public' };
const own: WriteException = { kind: 'own' };
const record = (by?: Permission, body?: Record<string, unknown>): WriteException => ({
  kind: 'record',
  by,
  body,
});
const preference = { property: 'matrix', payload: 'x' };

const WRITE_EXCEPTIONS: Record<string, WriteException> = {
  // Signing in, up and out, a forgotten password, the browser's error reports, a feedback link's rating
  // (its token is the key) and the payment provider's signed webhook.
  'POST /auth/login': pub,
  'POST /auth/logout': pub,
  'POST /auth/register': pub,
  'POST /auth/register/confirm': pub,
  'POST /auth/password/forgot': pub,
  'POST /auth/password/reset': pub,
  'POST /v1/client_errors': pub,
  // Page views: counted per route and day, nobody's own data (decision 072).
  'POST /v1/analytics/events': pub,
  'POST /v1/rate/:token': pub,
  'POST /v1/payment_webhooks/stripe': pub,
  // The caller's own rows (orders and quotes for someone else need manage:order in the handler).
  'POST /v1/files': own,
  // Only the uploader deletes a file; files.test.ts shows others get 403 (who may see it) or 404.
  'DELETE /v1/files/:file': own,
  'POST /v1/orders': own,
  'POST /v1/orders/quote': own,
  'POST /feedback/note': own,
  'POST /feedback/upvote': own,
  'POST /v1/enrollments': own,
  'POST /v1/courses/:course/enrollments': own,
  'POST /v1/approval_requests': own,
  'PUT /v1/me/mailing_list_consent': own,
  'DELETE /v1/impersonations/current': own,
  'POST /v1/agreements/:agreement/acceptances': own,
  'PATCH /v1/announcements/:announcement/state': own,
  'PUT /v1/learning_objects/:learning_object/answer': own,
  'POST /v1/learning_objects/:learning_object/answer/submit': own,
  'PUT /v1/learning_objects/:learning_object/progress': own,
  'POST /v1/learning_objects/:learning_object/quiz_attempts': own,
  'POST /v1/learning_objects/:learning_object/content_issues': own,
  // A learner's own SCORM launch and runtime data (another learner's attempt is a 404, scorm.test.ts).
  'POST /v1/learning_objects/:learning_object/scorm_launches': own,
  'PATCH /v1/scorm_attempts/:scorm_attempt': own,
  // A learner's own cmi5 launch: their registration, their session (cmi5.test.ts).
  'POST /v1/learning_objects/:learning_object/cmi5_launches': own,
  // A learner's own LTI launch: enrolled learners only (lti.test.ts).
  'POST /v1/learning_objects/:learning_object/lti_launches': own,
  // Someone's record in the address, checked by the module's policy.
  'PATCH /v1/accounts/:account': record('update:account', { full_name: 'Renamed' }),
  'POST /v1/accounts/:account/preferences': record('update:account', preference),
  'PUT /v1/accounts/:account/preferences': record('update:account', preference),
  'PATCH /v1/accounts/:account/notifications': record('update:account', { operation: 'mark_all_as_read' }),
  'PATCH /v1/accounts/:account/notifications/:notification': record('update:account', { read_at: null }),
  'PUT /v1/accounts/:account/notifications/:notification': record('update:account', { read_at: null }),
  'PATCH /v1/tickets/:ticket': record('answer:ticket', { state: 'closed' }),
  'POST /v1/tickets/:ticket/messages': record('answer:ticket', { body: 'Hello' }),
  'PATCH /v1/subscriptions/:subscription': record(undefined, { cancelled: true }),
  'PATCH /v1/quiz_attempts/:quiz_attempt': record(undefined, {}),
  'PUT /v1/quiz_attempts/:quiz_attempt/answers/:quiz_question': record(undefined, { option_ids: ['1'] }),
  'POST /v1/answers/:answer/invitation': record(undefined, { decision: 'decline' }),
  'POST /v1/orders/:order/payments': record('manage:order'),
  'POST /v1/payments/:payment/test_outcome': record('manage:order', { outcome: 'failed' }),
  'DELETE /v1/impersonations/:impersonation': record('act-as:account'),
};

const isWrite = (route: RouteSummary) => WRITE_METHODS.has(route.method);
const declaresChange = (route: RouteSummary) =>
  route.permission !== 'public' && route.permission !== 'signed-in' && namesChange(route.permission);

function mayPass(identity: Identity, route: RouteSummary): boolean {
  if (route.permission === 'public') return true;
  if (!identity.cookie) return false;
  return route.permission === 'signed-in' || identity.abilities.has(route.permission);
}

describe('writes', () => {
  it('declare a permission that changes something, or are a listed public, own or owner-checked write', () => {
    const writes = t.routes.filter(isWrite);
    expect(writes.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of writes) {
      const exception = WRITE_EXCEPTIONS[routeKey(route)];
      if (declaresChange(route)) {
        if (exception)
          problems.push(`${routeKey(route)} declares ${route.permission}: drop it from the list`);
        continue;
      }
      if (!exception) problems.push(`${routeKey(route)} writes with ${route.permission}, which only looks`);
      else if ((exception.kind === 'public') !== (route.permission === 'public'))
        problems.push(`${routeKey(route)} is listed as ${exception.kind} but declares ${route.permission}`);
    }
    for (const listed of Object.keys(WRITE_EXCEPTIONS)) {
      if (!writes.some((route) => routeKey(route) === listed)) problems.push(`${listed} is no route`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses every write to whoever may only read: 403, or 404 for a record they may not see', async () => {
    const gets = new Map(
      t.routes.filter((route) => route.method === 'GET').map((route) => [route.url, route]),
    );
    const send = (identity: Identity, method: RouteSummary['method'], url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api${fillRoute(url, ids)}`,
        headers: { ...XHR, host: identity.host, cookie: identity.cookie! },
        payload,
      });
    const unexpected: string[] = [];
    let readersRefused = 0;
    for (const route of t.routes.filter(isWrite)) {
      const exception = WRITE_EXCEPTIONS[routeKey(route)];
      // Signing out would end the sessions the rest of the sweep uses.
      if ((exception && exception.kind !== 'record') || route.url === '/auth/logout') continue;
      const writer = exception ? exception.by : (route.permission as Permission);
      const checked = identities.filter(
        (identity) =>
          identity.cookie &&
          !(writer && identity.abilities.has(writer)) &&
          !(exception && identity.relation === 'owner'),
      );
      if (checked.length === 0) unexpected.push(`${routeKey(route)}: nobody to refuse`);
      for (const identity of checked) {
        const sibling = gets.get(route.url);
        const reads = sibling ? (await send(identity, 'GET', sibling.url)).statusCode < 300 : false;
        const response = await send(
          identity,
          route.method,
          route.url,
          route.hasBody ? ((exception?.kind === 'record' ? exception.body : undefined) ?? {}) : undefined,
        );
        const status = response.statusCode;
        // Without subscription access some routes answer 402 before they look at the record.
        const refused = [403, ...(reads ? [] : [404]), ...(route.subscription ? [402] : [])];
        if (!refused.includes(status))
          unexpected.push(
            `${routeKey(route)} as ${identity.name}${reads ? ', who reads it,' : ''}: ${status}, expected ${refused.join(' or ')}`,
          );
        else if (reads) readersRefused += 1;
      }
    }
    console.log(`write check: ${readersRefused} refusals of readers, ${unexpected.length} unexpected`);
    expect(unexpected).toEqual([]);
  }, 300_000);
});

describe('the role matrix', () => {
  it('answers every route as every identity as its permission says', async () => {
    // Deletions last, so every other route still finds its rows; signing out would end the sessions.
    const routes = t.routes
      .filter((route) => route.url !== '/auth/logout')
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const unexpected: string[] = [];
    const reached = new Set<RouteSummary>();
    for (const route of routes) {
      for (const identity of identities) {
        const response = await t.app.inject({
          method: route.method,
          url: `/api${fillRoute(route.url, ids)}`,
          headers: { ...XHR, host: identity.host, ...(identity.cookie ? { cookie: identity.cookie } : {}) },
          payload: route.hasBody ? {} : undefined,
        });
        const status = response.statusCode;
        const where = `${route.method} ${route.url} as ${identity.name}: ${status}`;
        const success = status >= 200 && status < 300;
        if (status >= 500) unexpected.push(`${where} (server error)`);
        if (!mayPass(identity, route)) {
          if (success) unexpected.push(`${where} (permission ${route.permission} not held)`);
          else if (status !== (identity.cookie ? 403 : 401)) unexpected.push(`${where} (expected a refusal)`);
          continue;
        }
        if (status !== 401 && status !== 403) reached.add(route);
        // Shared resources (SPEC §7) are what every portal may read of another.
        const foreign =
          identity.relation === 'other-portal' &&
          route.url.includes(':') &&
          !route.url.startsWith('/v1/shared/');
        const someoneElses =
          identity.relation === 'same-portal' &&
          PRIVATE_RECORD.test(route.url) &&
          !identity.abilities.has('follow:student');
        if (success && (foreign || someoneElses)) unexpected.push(`${where} (someone else's record)`);
      }
    }
    const unreachable = routes.filter((route) => !reached.has(route));
    for (const route of unreachable) unexpected.push(`${route.method} ${route.url}: no identity reaches it`);
    console.log(
      `role matrix: ${routes.length} routes × ${identities.length} identities, ${unexpected.length} unexpected`,
    );
    expect(unexpected).toEqual([]);
  }, 300_000);

  it('refuses a student every staff route of their own portal', async () => {
    const student = identities.find((identity) => identity.name === 'student@leerpad.test')!;
    const staffRoutes = t.routes.filter(
      (route) =>
        route.permission !== 'public' &&
        route.permission !== 'signed-in' &&
        !student.abilities.has(route.permission),
    );
    expect(staffRoutes.length).toBeGreaterThan(20);
    for (const route of staffRoutes) {
      const response = await t.app.inject({
        method: route.method,
        url: `/api${fillRoute(route.url, ids)}`,
        headers: { ...XHR, host: ACADEMY_HOST, cookie: student.cookie! },
        payload: route.hasBody ? { title: 'x' } : undefined,
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json().errors[0].code).toBe('FORBIDDEN');
    }
  });

  it("gives the second portal's academy admin a 404 for every Leerpad Academy record", async () => {
    const admin = identities.find((identity) => identity.name === 'second-admin@leerpad.test')!;
    const me = await t.app.inject({
      url: '/api/v1/me',
      headers: { host: SECOND_HOST, cookie: admin.cookie! },
    });
    const features = new Set<string>(me.json().meta.features);
    // A feature the second portal has switched off answers 403 FEATURE_DISABLED before any lookup.
    const recordRoutes = t.routes.filter(
      (route) =>
        route.url.includes(':') &&
        !route.url.startsWith('/v1/shared/') &&
        route.method === 'GET' &&
        mayPass(admin, route) &&
        (!route.feature || features.has(route.feature)),
    );
    expect(recordRoutes.length).toBeGreaterThan(10);
    for (const route of recordRoutes) {
      const response = await t.app.inject({
        url: `/api${fillRoute(route.url, ids)}`,
        headers: { host: SECOND_HOST, cookie: admin.cookie! },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });
});
