import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie, host: 'localhost' } });

describe('accounts', () => {
  it('lets staff search the accounts of their own portal only', async () => {
    const body = (await get('/api/v1/accounts?filter[search]=STUD', admin)).json();
    const emails = body.data.map(
      (a: { attributes: { email_address: string } }) => a.attributes.email_address,
    );
    expect(emails).toEqual(expect.arrayContaining(['student@leerpad.test', 'nosub-student@leerpad.test']));
    expect(emails).not.toContain('second-student@leerpad.test');
    expect(body.meta.per_page).toBe(20);
  });

  it('refuses account search to a student', async () => {
    expect((await get('/api/v1/accounts', student)).statusCode).toBe(403);
  });

  it('shows an account with its entity included', async () => {
    const id = await t.accountId('student@leerpad.test');
    const body = (await get(`/api/v1/accounts/${id}?include=entity`, admin)).json();
    expect(body.data.attributes.full_name).toBe('Sam Student');
    expect(body.included[0]).toMatchObject({ type: 'entities', attributes: { name: 'Demo Logistics B.V.' } });
    expect((await get(`/api/v1/accounts/${id}?include=secrets`, admin)).statusCode).toBe(400);
  });

  it("hides another portal's account", async () => {
    const id = await t.accountId('second-student@leerpad.test');
    expect((await get(`/api/v1/accounts/${id}`, admin)).statusCode).toBe(404);
  });

  it('saves the language an account chooses, and refuses an unknown one', async () => {
    const id = await t.accountId('student@leerpad.test');
    const patch = (locale: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/accounts/${id}`,
        headers: { ...XHR, cookie: student, host: 'localhost' },
        payload: { locale },
      });
    expect((await patch('ro')).json().data.attributes.locale).toBe('ro');
    const bad = await patch('xx');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].source.pointer).toBe('/locale');
  });
});

describe('preferences', () => {
  it('stores a preference, replaces it by property and reads it back', async () => {
    const id = await t.accountId('student@leerpad.test');
    const put = (payload: string, method: 'POST' | 'PUT') =>
      t.app.inject({
        method,
        url: `/api/v1/accounts/${id}/preferences`,
        headers: { ...XHR, cookie: student, host: 'localhost' },
        payload: { property: 'onboarding-features', payload },
      });
    expect((await put('main-menu@1', 'POST')).statusCode).toBe(201);
    expect((await put('main-menu@2', 'PUT')).statusCode).toBe(200);
    const body = (
      await get(`/api/v1/accounts/${id}/preferences?filter[property]=onboarding-features`, student)
    ).json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0].attributes.payload).toBe('main-menu@2');
    const coach = await t.login('coach@leerpad.test');
    expect((await get(`/api/v1/accounts/${id}/preferences`, coach)).statusCode).toBe(404);
  });
});

describe('subscription promotions', () => {
  it('filters on redeemed', async () => {
    const id = await t.accountId('student@leerpad.test');
    const redeemed = (
      await get(`/api/v1/accounts/${id}/subscription_promotions?filter[redeemed]=true`, student)
    ).json();
    expect(redeemed.data.map((p: { attributes: { code: string } }) => p.attributes.code)).toEqual([
      'WELCOME2026',
    ]);
    const open = (
      await get(`/api/v1/accounts/${id}/subscription_promotions?filter[redeemed]=false`, student)
    ).json();
    expect(open.data.map((p: { attributes: { code: string } }) => p.attributes.code)).toEqual(['FRIEND10']);
  });
});
