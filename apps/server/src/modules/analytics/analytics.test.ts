import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import { PAGE_VIEWS_PER_WINDOW } from './routes';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let student: string;
let secondAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
});
afterAll(() => t.close());

const view = (payload: unknown, cookie?: string, host = 'localhost') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/analytics/events',
    headers: { ...XHR, host, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

const report = async (cookie: string, host = 'localhost') => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/analytics/page_views?days=7',
    headers: { ...XHR, host, cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.attributes as {
    days: string[];
    total: number;
    routes: Array<{ route: string; total: number; per_day: number[] }>;
  };
};

const setEnabled = (enabled: boolean, cookie: string, host = 'localhost') =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/analytics/settings',
    headers: { ...XHR, host, cookie },
    payload: { data: { type: 'analytics_settings', attributes: { enabled } } },
  });

describe('page views', () => {
  it('counts views per route and day, signed in or not, and sets no cookie', async () => {
    const first = await view({ route: '/courses/:course' }, student);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await view({ route: '/courses/:course' })).statusCode).toBe(204);
    // A number left in a path counts under the route, not the record.
    expect((await view({ route: '/courses/12' }, student)).statusCode).toBe(204);
    expect((await view({ route: '/' }, student)).statusCode).toBe(204);

    const attributes = await report(admin);
    expect(attributes.days).toHaveLength(7);
    expect(attributes.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(attributes.routes).toEqual([
      { route: '/courses/:course', total: 2, per_day: [0, 0, 0, 0, 0, 0, 2] },
      { route: '/', total: 1, per_day: [0, 0, 0, 0, 0, 0, 1] },
      { route: '/courses/:id', total: 1, per_day: [0, 0, 0, 0, 0, 0, 1] },
    ]);
    expect(attributes.total).toBe(4);
  });

  it('answers 204 and stores nothing when the portal has analytics off', async () => {
    const off = await setEnabled(false, admin);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.attributes.enabled).toBe(false);
    const before = (await report(admin)).total;
    expect((await view({ route: '/catalog' }, student)).statusCode).toBe(204);
    expect((await report(admin)).total).toBe(before);
    const on = await setEnabled(true, admin);
    expect(on.json().data.attributes.enabled).toBe(true);
    expect((await view({ route: '/catalog' }, student)).statusCode).toBe(204);
    expect((await report(admin)).total).toBe(before + 1);
  });

  it('is off for the demo second portal, and never shows another portal its counts', async () => {
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/settings',
      headers: { ...XHR, host: SECOND_HOST, cookie: secondAdmin },
    });
    expect(settings.json().data.attributes.enabled).toBe(false);
    expect((await view({ route: '/second-only' }, undefined, SECOND_HOST)).statusCode).toBe(204);
    expect((await report(secondAdmin, SECOND_HOST)).total).toBe(0);

    expect((await setEnabled(true, secondAdmin, SECOND_HOST)).statusCode).toBe(200);
    expect((await view({ route: '/second-only' }, undefined, SECOND_HOST)).statusCode).toBe(204);
    const second = await report(secondAdmin, SECOND_HOST);
    expect(second.routes.map((row) => row.route)).toEqual(['/second-only']);
    expect((await report(admin)).routes.map((row) => row.route)).not.toContain('/second-only');
    await setEnabled(false, secondAdmin, SECOND_HOST);
  });

  it('refuses a URL, a query or an empty route on the field', async () => {
    for (const route of ['https://evil.example/x', '/courses?email=a@b.nl', '', 'courses', 'x'.repeat(300)]) {
      const response = await view({ route }, student);
      expect(response.statusCode, route).toBe(422);
      expect(response.json().errors[0].source.pointer).toBe('/route');
    }
    const wrongName = await view({ name: 'click', route: '/' }, student);
    expect(wrongName.statusCode).toBe(422);
    expect(wrongName.json().errors[0].source.pointer).toBe('/name');
  });

  it('shows the counts to admins only', async () => {
    const forStudent = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/page_views',
      headers: { ...XHR, host: 'localhost', cookie: student },
    });
    expect(forStudent.statusCode).toBe(403);
    expect((await setEnabled(false, student)).statusCode).toBe(403);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/page_views?days=400',
      headers: { ...XHR, host: 'localhost', cookie: admin },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].source.parameter).toBe('days');
  });
});

describe('one client', () => {
  it('cannot inflate the counts: past its share it is answered 204 and not counted', async () => {
    const ip = '203.0.113.77';
    const burst = (route: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/analytics/events',
        headers: { ...XHR, host: 'localhost' },
        remoteAddress: ip,
        payload: { route },
      });
    for (let sent = 0; sent < PAGE_VIEWS_PER_WINDOW; sent++)
      expect((await burst('/flooded/:page')).statusCode).toBe(204);
    const counted = async () =>
      (await report(admin)).routes.find((row) => row.route === '/flooded/:page')?.total ?? 0;
    expect(await counted()).toBe(PAGE_VIEWS_PER_WINDOW);
    expect((await burst('/flooded/:page')).statusCode).toBe(204);
    expect(await counted()).toBe(PAGE_VIEWS_PER_WINDOW);
  });
});
