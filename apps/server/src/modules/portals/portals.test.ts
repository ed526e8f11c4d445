import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({ url, headers: { host: 'localhost', ...headers } });

describe('portals', () => {
  it('tells any visitor which portal this host serves, with its languages', async () => {
    const academy = (await get('/api/v1/portals/current?include=languages', {})).json();
    expect(academy.data.attributes.name).toBe('Leerpad Academy');
    const locales = academy.included.map((l: { attributes: { locale: string } }) => l.attributes.locale);
    expect(locales).toEqual(['nl', 'en', 'ro']);
    expect(academy.included[0].attributes.is_primary).toBe(true);
    const second = (await get('/api/v1/portals/current', { host: SECOND_HOST })).json();
    expect(second.data.attributes.name).toBe('Second Portal');
  });

  it('answers 404 for a host no portal serves', async () => {
    const response = await get('/api/v1/portals/current', { host: 'unknown.example' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors[0].code).toBe('UNKNOWN_PORTAL');
  });

  it('lists portals, five a page, only to accounts that may manage several', async () => {
    const support = await t.login('support@leerpad.test');
    const list = (
      await get('/api/v1/portals?include=portal_domains&filter[name]=portal', { cookie: support })
    ).json();
    expect(list.data.map((p: { attributes: { name: string } }) => p.attributes.name)).toEqual([
      'Second Portal',
    ]);
    expect(list.included.map((d: { attributes: { domain: string } }) => d.attributes.domain)).toEqual([
      'second.localhost',
    ]);
    expect(list.meta.per_page).toBe(5);
    const student = await t.login('student@leerpad.test');
    expect((await get('/api/v1/portals', { cookie: student })).statusCode).toBe(403);
    expect((await get('/api/v1/portals/2', { cookie: student })).statusCode).toBe(404);
  });

  it('honours the portal_domain cookie only for accounts that may manage several portals', async () => {
    const support = await t.login('support@leerpad.test');
    const switched = (
      await get('/api/v1/portals/current', { cookie: `${support}; portal_domain=second.localhost` })
    ).json();
    expect(switched.data.attributes.name).toBe('Second Portal');
    const student = await t.login('student@leerpad.test');
    const ignored = (
      await get('/api/v1/portals/current', { cookie: `${student}; portal_domain=second.localhost` })
    ).json();
    expect(ignored.data.attributes.name).toBe('Leerpad Academy');
  });

  it('serves the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json', {})).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/me');
  });
});
