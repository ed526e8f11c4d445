import { parseCsv } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@leerpad.test');
  support = await t.login('support@leerpad.test');
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  cookie: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...XHR, cookie, host: 'localhost' },
    ...(payload ? { payload } : {}),
  });
const pointers = (response: { json(): { errors: Array<{ source?: { pointer: string } }> } }) =>
  response.json().errors.map((error) => error.source?.pointer);
const tokenOf = (text: string) => decodeURIComponent(/token=([^\s]+)/.exec(text)![1]!);

describe('the accounts list', () => {
  it('filters on role and status, sorts, and exports the same list as CSV', async () => {
    const coaches = (await send('GET', '/api/v1/accounts?filter[role]=coach&sort=-created_at', admin)).json();
    expect(coaches.data.length).toBeGreaterThan(0);
    for (const account of coaches.data) expect(account.attributes.roles).toContain('coach');
    expect(coaches.data[0].attributes).toHaveProperty('active', true);

    const exported = await send('GET', '/api/v1/accounts/export?filter[role]=coach', admin);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const table = parseCsv(exported.body);
    expect(table.header).toContain('email');
    expect(table.rows).toHaveLength(coaches.meta.total);
  });

  it('refuses an unknown filter value and sort', async () => {
    expect((await send('GET', '/api/v1/accounts?filter[role]=wizard', admin)).statusCode).toBe(400);
    expect((await send('GET', '/api/v1/accounts?sort=password', admin)).statusCode).toBe(400);
  });
});

describe('creating an account', () => {
  it('makes the account, mails a set-password link in its language, and audits it', async () => {
    const sent = t.mail.length;
    const created = await send('POST', '/api/v1/accounts', admin, {
      full_name: 'Noor Nieuw',
      email_address: 'Noor.Nieuw@Leerpad.test',
      roles: ['student'],
      locale: 'nl',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.attributes).toMatchObject({
      email_address: 'noor.nieuw@leerpad.test',
      roles: ['student'],
      active: true,
    });
    const mail = await t.mailAfter(sent);
    expect(mail.subject).toContain('je account staat klaar');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      headers: { ...XHR, host: 'localhost' },
      payload: { token: tokenOf(mail.text), password: 'a fresh password' },
    });
    expect(reset.statusCode).toBe(200);
    const audit = (
      await send('GET', `/api/v1/audit_events?filter[entity_type]=account&filter[entity_id]=${id}`, admin)
    ).json();
    expect(audit.data[0].attributes).toMatchObject({
      action: 'account.created',
      actor_name: expect.any(String),
    });
  });

  it('refuses a taken address in any case, a malformed address and an unknown role, with pointers', async () => {
    const taken = await send('POST', '/api/v1/accounts', admin, {
      full_name: 'Sam Again',
      email_address: 'STUDENT@leerpad.test',
      roles: ['student'],
    });
    expect(taken.statusCode).toBe(422);
    expect(pointers(taken)).toEqual(['/email_address']);
    const bad = await send('POST', '/api/v1/accounts', admin, {
      full_name: '',
      email_address: 'not-an-address',
      roles: ['student', 'wizard'],
      locale: 'xx',
    });
    expect(bad.statusCode).toBe(422);
    expect(pointers(bad).sort()).toEqual(['/email_address', '/full_name', '/locale', '/roles/1']);
  });

  it('lets support give only roles within its own powers', async () => {
    const escalate = await send('POST', '/api/v1/accounts', support, {
      full_name: 'Would Be Admin',
      email_address: 'wouldbe@leerpad.test',
      roles: ['student', 'admin'],
    });
    expect(escalate.statusCode).toBe(422);
    expect(escalate.json().errors[0]).toMatchObject({
      code: 'ROLE_NOT_GRANTABLE',
      source: { pointer: '/roles/1' },
    });
    const studentId = await t.accountId('classmate@leerpad.test');
    const promote = await send('PATCH', `/api/v1/accounts/${studentId}`, support, {
      roles: ['student', 'admin'],
    });
    expect(promote.statusCode).toBe(422);
  });

  it('is written in the shape it is read in: email_address and the primary coach as a relationship', async () => {
    const coachId = String(await t.accountId('coach@leerpad.test'));
    const created = await send('POST', '/api/v1/accounts', admin, {
      data: {
        type: 'accounts',
        attributes: { full_name: 'Rel Ationship', email_address: 'rel@leerpad.test', roles: ['student'] },
        relationships: { primary_coach: { data: { type: 'accounts', id: coachId } } },
      },
    });
    expect(created.statusCode).toBe(201);
    const account = created.json().data;
    expect(account.attributes.email_address).toBe('rel@leerpad.test');
    expect(account.relationships.primary_coach.data).toEqual({ type: 'accounts', id: coachId });

    const notACoach = await send('PATCH', `/api/v1/accounts/${account.id}`, admin, {
      data: {
        type: 'accounts',
        id: account.id,
        relationships: { primary_coach: { data: { type: 'accounts', id: account.id } } },
      },
    });
    expect(notACoach.statusCode).toBe(422);
    expect(pointers(notACoach)).toEqual(['/data/relationships/primary_coach/data']);
    const cleared = await send('PATCH', `/api/v1/accounts/${account.id}`, admin, {
      data: { type: 'accounts', id: account.id, relationships: { primary_coach: { data: null } } },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data.relationships.primary_coach.data).toBeNull();

    // A student sends back the whole account they read, roles and all, with one change: no staff power needed.
    const studentId = await t.accountId('student@leerpad.test');
    const student = await t.login('student@leerpad.test');
    const own = (await send('GET', `/api/v1/accounts/${studentId}`, student)).json().data;
    const edited = await send('PATCH', `/api/v1/accounts/${studentId}`, student, {
      data: { ...own, attributes: { ...own.attributes, phone_number: '+31 6 1234 5678' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.attributes.phone_number).toBe('+31 6 1234 5678');
    const promoted = await send('PATCH', `/api/v1/accounts/${studentId}`, student, {
      data: { ...own, attributes: { ...own.attributes, roles: ['student', 'admin'] } },
    });
    expect(promoted.statusCode).toBe(403);
  });

  it('makes one account of two creates at once', async () => {
    const body = { full_name: 'Twin', email_address: 'twin@leerpad.test', roles: ['student'] };
    const answers = await Promise.all([
      send('POST', '/api/v1/accounts', admin, body),
      send('POST', '/api/v1/accounts', admin, { ...body, email_address: 'TWIN@leerpad.test' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
  });
});

describe('deactivating an account', () => {
  it('ends its sessions and refuses sign-in until it is reactivated; its data stays', async () => {
    const cookie = await t.login('nosub-student@leerpad.test');
    const id = await t.accountId('nosub-student@leerpad.test');
    expect((await send('GET', '/api/v1/me', cookie)).statusCode).toBe(200);
    const off = await send('PATCH', `/api/v1/accounts/${id}`, admin, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.attributes.active).toBe(false);
    await t.settle();
    expect((await send('GET', '/api/v1/me', cookie)).statusCode).toBe(401);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...XHR, host: 'localhost' },
        payload: { email: 'nosub-student@leerpad.test', password: 'leerpad-demo' },
      });
    expect((await login()).statusCode).toBe(422);
    const deactivated = (await send('GET', '/api/v1/accounts?filter[status]=deactivated', admin)).json();
    expect(deactivated.data.map((account: { id: string }) => account.id)).toContain(String(id));
    expect((await send('PATCH', `/api/v1/accounts/${id}`, admin, { active: true })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const actions = (
      await send('GET', `/api/v1/audit_events?filter[entity_id]=${id}&filter[entity_type]=account`, admin)
    )
      .json()
      .data.map((event: { attributes: { action: string } }) => event.attributes.action);
    expect(actions.slice(0, 2)).toEqual(['account.reactivated', 'account.deactivated']);
  });

  it('refuses to deactivate oneself, and a student changing roles', async () => {
    const adminId = await t.accountId('admin@leerpad.test');
    const self = await send('PATCH', `/api/v1/accounts/${adminId}`, admin, { active: false });
    expect(self.statusCode).toBe(422);
    expect(pointers(self)).toEqual(['/active']);
    const student = await t.login('student@leerpad.test');
    const studentId = await t.accountId('student@leerpad.test');
    expect(
      (await send('PATCH', `/api/v1/accounts/${studentId}`, student, { roles: ['admin'] })).statusCode,
    ).toBe(403);
  });

  it("answers 404 for another portal's account", async () => {
    const foreign = await t.accountId('second-student@leerpad.test');
    expect((await send('PATCH', `/api/v1/accounts/${foreign}`, admin, { active: false })).statusCode).toBe(
      404,
    );
    expect((await send('GET', `/api/v1/accounts/${foreign}/notes`, admin)).statusCode).toBe(404);
  });
});

describe('notes and sign-ins', () => {
  it('keeps staff notes and the sign-in history of an account', async () => {
    const id = await t.accountId('student@leerpad.test');
    const note = await send('POST', `/api/v1/accounts/${id}/notes`, support, {
      body: 'Called about the invoice.',
    });
    expect(note.statusCode).toBe(201);
    const notes = (await send('GET', `/api/v1/accounts/${id}/notes`, admin)).json();
    expect(notes.data[0].attributes).toMatchObject({
      body: 'Called about the invoice.',
      author_name: expect.any(String),
    });
    expect(pointers(await send('POST', `/api/v1/accounts/${id}/notes`, admin, { body: ' ' }))).toEqual([
      '/body',
    ]);
    await t.login('student@leerpad.test');
    const signIns = (await send('GET', `/api/v1/accounts/${id}/sign_ins`, admin)).json();
    expect(signIns.data.length).toBeGreaterThan(0);
  });
});

describe('the audit log', () => {
  it('filters, exports and is read-only', async () => {
    const all = (await send('GET', '/api/v1/audit_events?filter[action]=account.created', admin)).json();
    expect(all.data.length).toBeGreaterThan(0);
    for (const event of all.data) expect(event.attributes.action).toBe('account.created');
    const csv = await send('GET', '/api/v1/audit_events/export?filter[action]=account.created', support);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(parseCsv(csv.body).rows).toHaveLength(all.meta.total);
    const id = all.data[0].id;
    for (const method of ['PATCH', 'DELETE', 'PUT'] as const) {
      expect([404, 405]).toContain((await send(method, `/api/v1/audit_events/${id}`, admin, {})).statusCode);
    }
    const sales = await t.login('sales@leerpad.test');
    expect((await send('GET', '/api/v1/audit_events', sales)).statusCode).toBe(403);
    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const foreign = await t.app.inject({
      url: '/api/v1/audit_events?filter[action]=account.created',
      headers: { cookie: secondAdmin, host: SECOND_HOST },
    });
    expect(foreign.json().data).toEqual([]);
    expect((await send('GET', '/api/v1/audit_events?filter[from]=yesterday', admin)).statusCode).toBe(400);
  });
});
