import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { hashToken } from '../../http/session';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = async (email: string, host = 'localhost') => {
  const cookie = await t.login(email, host);
  return (await t.app.inject({ url: '/api/v1/me', headers: { cookie, host } })).json();
};
const included = (doc: { included: Array<{ type: string }> }, type: string) =>
  doc.included.find((resource) => resource.type === type) as
    { attributes: Record<string, unknown> } | undefined;

describe('GET /api/v1/me', () => {
  it('answers 401 when signed out', async () => {
    const response = await t.app.inject({ url: '/api/v1/me', headers: { host: 'localhost' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors[0].code).toBe('UNAUTHENTICATED');
  });

  it('gives a student the account, entity, portal, subscription, contract, primary coach and profile', async () => {
    const doc = await me('student@leerpad.test');
    expect(doc.data.attributes.roles).toEqual(['student']);
    expect(doc.data.attributes.available_business_models).toEqual(['subscription']);
    expect(included(doc, 'subscriptions')?.attributes.is_active).toBe(true);
    expect(included(doc, 'primary_coaches')?.attributes).toMatchObject({
      full_name: 'Carla Coach',
      email_address: 'coach@leerpad.test',
    });
    expect(included(doc, 'entities')?.attributes.name).toBe('Demo Logistics B.V.');
    expect(included(doc, 'contracts')).toBeDefined();
    expect(included(doc, 'profiles')).toBeDefined();
    expect(included(doc, 'portals')?.attributes.name).toBe('Leerpad Academy');
    expect(doc.meta.features).toContain('portfolio_feature');
    expect(doc.meta.unread_notifications).toBe(42);
  });

  it("shows the second portal's own name, flags and business model", async () => {
    const doc = await me('second-student@leerpad.test', SECOND_HOST);
    expect(included(doc, 'portals')?.attributes.name).toBe('Second Portal');
    expect(doc.meta.feature_flags.portfolio_feature).toBe(false);
    expect(doc.meta.features).not.toContain('portfolio_feature');
    expect(doc.data.attributes.available_business_models).toEqual(['flat_fee']);
    expect(doc.data.attributes.theme.primary_color).toBe('#b4233c');
  });

  it('lists what the account may do on this portal as abilities', async () => {
    // A student enters the student environment, asks their coach and keeps a portfolio (flags on).
    expect((await me('student@leerpad.test')).meta.abilities).toEqual([
      'enter:student',
      'keep:portfolio',
      'ask:ticket',
    ]);
    const coach = (await me('coach@leerpad.test')).meta.abilities;
    expect(coach).toEqual(expect.arrayContaining(['enter:coach', 'review:answer', 'follow:student']));
    expect(coach).not.toContain('enter:admin');
    const sales = (await me('sales@leerpad.test')).meta.abilities;
    expect(sales).toEqual(expect.arrayContaining(['enter:admin', 'manage:order']));
    expect(sales).not.toContain('manage:course');
    expect((await me('support@leerpad.test')).meta.abilities).toContain('use:support-palette');
    // The second portal has the account-support feature off, and its academy admin manages one portal.
    const secondAdmin = (await me('second-admin@leerpad.test', SECOND_HOST)).meta.abilities;
    expect(secondAdmin).toEqual(expect.arrayContaining(['manage:course', 'manage:portal-settings']));
    expect(secondAdmin).not.toContain('manage:portal');
  });

  it('lets platform staff work on another portal, and keeps academy staff on their own', async () => {
    const secondCourse = await t.services.db
      .selectFrom('courses')
      .select('id')
      .where('portal_id', '=', 2)
      .executeTakeFirstOrThrow();
    const academyCourse = await t.services.db
      .selectFrom('courses')
      .select('id')
      .where('portal_id', '=', 1)
      .executeTakeFirstOrThrow();
    const admin = await t.login('admin@leerpad.test');
    const onSecond = await t.app.inject({
      url: `/api/v1/courses/${secondCourse.id}`,
      headers: { host: SECOND_HOST, cookie: admin },
    });
    expect(onSecond.statusCode).toBe(200);
    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    for (const host of [SECOND_HOST, 'localhost']) {
      const response = await t.app.inject({
        url: `/api/v1/courses/${academyCourse.id}`,
        headers: { host, cookie: secondAdmin },
      });
      expect([401, 404], host).toContain(response.statusCode);
    }
  });

  it('applies sparse fieldsets', async () => {
    const cookie = await t.login('coach@leerpad.test');
    const doc = (
      await t.app.inject({
        url: '/api/v1/me?fields[accounts]=full_name',
        headers: { cookie, host: 'localhost' },
      })
    ).json();
    expect(included(doc, 'accounts')?.attributes).toEqual({ full_name: 'Carla Coach' });
  });

  it('lists every role of an account that has several, and takes a role away on the next request', async () => {
    const db = t.services.db;
    const accountId = await t.accountId('admin@leerpad.test');
    await db.insertInto('account_roles').values({ account_id: accountId, role: 'coach' }).execute();
    const cookie = await t.login('admin@leerpad.test');
    const get = async () =>
      (await t.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'localhost' } })).json();
    expect((await get()).data.attributes.roles).toEqual(['admin', 'coach']);
    await db
      .deleteFrom('account_roles')
      .where('account_id', '=', accountId)
      .where('role', '=', 'coach')
      .execute();
    await t.settle();
    expect((await get()).data.attributes.roles).toEqual(['admin']);
  });

  it('includes the active subscription before a newer inactive one, and nothing for an account without', async () => {
    const db = t.services.db;
    const accountId = await t.accountId('student@leerpad.test');
    const active = await db
      .selectFrom('subscriptions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('is_active', '=', 1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subscriptions')
      .values({
        portal_id: (
          await db
            .selectFrom('accounts')
            .select('portal_id')
            .where('id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).portal_id,
        account_id: accountId,
        is_active: 0,
        starts_at: '2020-01-01T00:00:00.000Z',
        ends_at: '2020-12-31T00:00:00.000Z',
      })
      .execute();
    const doc = await me('student@leerpad.test');
    expect(doc.data.relationships.subscription.data).toEqual({
      type: 'subscriptions',
      id: String(active.id),
    });

    const coach = await me('coach@leerpad.test');
    expect(coach.data.relationships.subscription.data).toBeNull();
    expect(included(coach, 'subscriptions')).toBeUndefined();
  });

  it('sends API answers with headers that let them load nothing and be framed only by the app', async () => {
    const response = await t.app.inject({ url: '/api/v1/me', headers: { host: 'localhost' } });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends pages of the app with a policy that allows only our own scripts', async () => {
    const response = await t.app.inject({ url: '/catalog', headers: { host: 'localhost' } });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-src 'self' https:");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('GET /api/v1/me after a change', () => {
  const read = async (cookie: string) =>
    t.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'localhost' } });

  it('shows a renamed coach and entity, a new contract, profile text and subscription on the next request', async () => {
    const db = t.services.db;
    const cookie = await t.login('student@leerpad.test');
    const before = (await read(cookie)).json();
    expect((await read(cookie)).json()).toEqual(before);

    const coachId = Number(before.data.relationships.primary_coach.data.id);
    const entityId = Number(before.data.relationships.entity.data.id);
    const accountId = Number(before.data.id);
    await db.updateTable('accounts').set({ full_name: 'Carla de Coach' }).where('id', '=', coachId).execute();
    await db
      .updateTable('entities')
      .set({ name: 'Demo Transport B.V.' })
      .where('id', '=', entityId)
      .execute();
    await db
      .insertInto('contracts')
      .values({ portal_id: 1, entity_id: entityId, name: 'Framework 2027', starts_at: null, ends_at: null })
      .execute();
    await db
      .updateTable('profiles')
      .set({ headline: 'Planner' })
      .where('account_id', '=', accountId)
      .execute();
    await db.updateTable('subscriptions').set({ is_active: 0 }).where('account_id', '=', accountId).execute();

    await t.settle();
    const after = (await read(cookie)).json();
    expect(included(after, 'primary_coaches')?.attributes.full_name).toBe('Carla de Coach');
    expect(included(after, 'entities')?.attributes.name).toBe('Demo Transport B.V.');
    expect(included(after, 'contracts')?.attributes.name).toBe('Framework 2027');
    expect(included(after, 'profiles')?.attributes.headline).toBe('Planner');
    expect(included(after, 'subscriptions')?.attributes.is_active).toBe(false);
  });

  it('follows the unread badge as notifications are read', async () => {
    const cookie = await t.login('student@leerpad.test');
    const accountId = await t.accountId('student@leerpad.test');
    const unread = async () => (await read(cookie)).json().meta.unread_notifications as number;
    const start = await unread();
    expect(start).toBeGreaterThan(0);
    const list = await t.app.inject({
      url: `/api/v1/accounts/${accountId}/notifications?filter[status]=unread`,
      headers: { cookie, host: 'localhost' },
    });
    const first = list.json().data[0].id as string;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${accountId}/notifications/${first}`,
      headers: { cookie, host: 'localhost', 'x-requested-with': 'XMLHttpRequest' },
      payload: {
        data: { type: 'notifications', id: first, attributes: { read_at: new Date().toISOString() } },
      },
    });
    expect(await unread()).toBe(start - 1);
  });

  it('refuses a session once it is signed out or has expired', async () => {
    const db = t.services.db;
    const signedOut = await t.login('coach@leerpad.test');
    expect((await read(signedOut)).statusCode).toBe(200);
    await t.app.inject({
      url: '/api/auth/logout',
      headers: { ...XHR, cookie: signedOut, host: 'localhost' },
    });
    expect((await read(signedOut)).statusCode).toBe(401);

    const expiring = await t.login('coach@leerpad.test');
    expect((await read(expiring)).statusCode).toBe(200);
    const token = expiring.slice('leerpad_session='.length);
    await db
      .updateTable('sessions')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await t.settle();
    expect((await read(expiring)).statusCode).toBe(401);
  });
});
