import { isPermission } from '@leerpad/core';
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

function mayPass(identity: Identity, route: RouteSummary): boolean {
  if (route.permission === 'public') return true;
  if (!identity.cookie) return false;
  return route.permission === 'signed-in' || identity.abilities.has(route.permission);
}

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
        const foreign = identity.relation === 'other-portal' && route.url.includes(':');
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
