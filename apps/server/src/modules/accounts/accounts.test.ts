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

describe("changing a student's details", () => {
  const patch = (id: number, cookie: string, payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${id}`,
      headers: { ...XHR, cookie, host: 'localhost' },
      payload,
    });

  it('refuses an author, academy sales and the coach who may only read the student', async () => {
    const id = await t.accountId('student@leerpad.test');
    for (const email of ['author@leerpad.test', 'sales@leerpad.test', 'coach@leerpad.test']) {
      const reader = await t.login(email);
      // They see the account …
      expect((await get(`/api/v1/accounts/${id}`, reader)).statusCode, email).toBe(200);
      // … and may not rename it or change its phone number or language.
      for (const change of [
        { full_name: 'Renamed' },
        { phone_number: '+31 6 0000 0000' },
        { locale: 'ro' },
      ]) {
        const refused = await patch(id, reader, change);
        expect(refused.statusCode, `${email} ${JSON.stringify(change)}`).toBe(403);
        expect(refused.json().errors[0].code).toBe('FORBIDDEN');
      }
    }
    const after = (await get(`/api/v1/accounts/${id}`, admin)).json().data.attributes;
    expect(after.full_name).toBe('Sam Student');
    expect(after.phone_number).not.toBe('+31 6 0000 0000');
  });

  it("hides a classmate's account from a student who tries to rename it", async () => {
    const id = await t.accountId('classmate@leerpad.test');
    expect((await patch(id, student, { full_name: 'Renamed' })).statusCode).toBe(404);
  });

  it('lets the student change their own name and phone number, and staff who manage accounts too', async () => {
    const id = await t.accountId('student@leerpad.test');
    const own = await patch(id, student, { full_name: 'Sam S. Student', phone_number: '+31 6 1234 5678' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.attributes).toMatchObject({
      full_name: 'Sam S. Student',
      phone_number: '+31 6 1234 5678',
    });
    const support = await t.login('support@leerpad.test');
    const bySupport = await patch(id, support, { full_name: 'Sam Student' });
    expect(bySupport.statusCode).toBe(200);
    expect(bySupport.json().data.attributes.full_name).toBe('Sam Student');
    expect((await patch(id, admin, { phone_number: null })).statusCode).toBe(200);
  });

  it("refuses those who only read an account its preferences and notifications' read state", async () => {
    const id = await t.accountId('student@leerpad.test');
    const author = await t.login('author@leerpad.test');
    const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, cookie: string, payload: object) =>
      t.app.inject({ method, url, headers: { ...XHR, cookie, host: 'localhost' }, payload });
    const preference = { property: 'onboarding-features', payload: 'main-menu@9' };
    expect((await get(`/api/v1/accounts/${id}/preferences`, author)).statusCode).toBe(200);
    expect((await send('PUT', `/api/v1/accounts/${id}/preferences`, author, preference)).statusCode).toBe(
      403,
    );
    expect((await send('POST', `/api/v1/accounts/${id}/preferences`, author, preference)).statusCode).toBe(
      403,
    );
    expect((await get(`/api/v1/accounts/${id}/notifications`, author)).statusCode).toBe(200);
    const markAll = { operation: 'mark_all_as_read' };
    expect((await send('PATCH', `/api/v1/accounts/${id}/notifications`, author, markAll)).statusCode).toBe(
      403,
    );
    const unread = (await get(`/api/v1/accounts/${id}/notifications?filter[status]=unread`, student)).json();
    expect(unread.meta.unread).toBeGreaterThan(0);
    const one = unread.data[0].id;
    const read = { read_at: new Date().toISOString() };
    expect(
      (await send('PATCH', `/api/v1/accounts/${id}/notifications/${one}`, author, read)).statusCode,
    ).toBe(403);
    const still = (await get(`/api/v1/accounts/${id}/notifications?filter[status]=unread`, student)).json();
    expect(still.meta.unread).toBe(unread.meta.unread);
    expect((await send('PATCH', `/api/v1/accounts/${id}/notifications`, student, markAll)).statusCode).toBe(
      200,
    );
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
