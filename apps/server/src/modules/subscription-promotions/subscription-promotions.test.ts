import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...XHR, cookie, host: 'localhost' } });

type Code = { attributes: { code: string; kind: string; redeemed: boolean } };

describe("an account's promotion and referral codes", () => {
  it('a student lists their own codes, each a promotion or a referral, unredeemed ones on request', async () => {
    const student = await t.login('student@leerpad.test');
    const id = await t.accountId('student@leerpad.test');
    const all = await get(`/api/v1/accounts/${id}/subscription_promotions`, student);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((code: Code) => [code.attributes.code, code.attributes.kind])).toEqual([
      ['FRIEND10', 'referral'],
      ['WELCOME2026', 'promotion'],
    ]);
    const open = await get(`/api/v1/accounts/${id}/subscription_promotions?filter[redeemed]=false`, student);
    expect(open.json().data.map((code: Code) => code.attributes.code)).toEqual(['FRIEND10']);
    expect(open.json().meta.total).toBe(1);
  });

  it("never shows one account's codes to another student or a coach (404), but does to staff", async () => {
    const id = await t.accountId('student@leerpad.test');
    for (const email of ['nosub-student@leerpad.test', 'coach@leerpad.test']) {
      const other = await t.login(email);
      const refused = await get(`/api/v1/accounts/${id}/subscription_promotions`, other);
      expect(refused.statusCode).toBe(404);
      expect(JSON.stringify(refused.json())).not.toContain('FRIEND10');
    }
    const admin = await t.login('admin@leerpad.test');
    expect((await get(`/api/v1/accounts/${id}/subscription_promotions`, admin)).statusCode).toBe(200);
  });

  it('refuses an unknown redeemed filter on its parameter', async () => {
    const student = await t.login('student@leerpad.test');
    const id = await t.accountId('student@leerpad.test');
    const refused = await get(
      `/api/v1/accounts/${id}/subscription_promotions?filter[redeemed]=maybe`,
      student,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].source.parameter).toBe('filter[redeemed]');
  });
});
