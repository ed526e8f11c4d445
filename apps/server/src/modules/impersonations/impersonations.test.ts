import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let studentId: number;
let adminId: number;
let supportId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  studentId = await t.accountId('student@leerpad.test');
  adminId = await t.accountId('admin@leerpad.test');
  supportId = await t.accountId('support@leerpad.test');
});
afterAll(() => t.close());

const start = (cookie: string, accountId: number, reason = 'The student cannot find the quiz') =>
  r.post('/api/v1/impersonations', cookie, {
    data: {
      type: 'impersonations',
      attributes: { reason },
      relationships: { account: { data: { type: 'accounts', id: String(accountId) } } },
    },
  });

const lastOnline = async (id: number) =>
  (
    await t.services.db
      .selectFrom('accounts')
      .select('last_online')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).last_online;

describe('acting as a user', () => {
  it('makes the session act as the student until it stops, and /me says so', async () => {
    const support = await t.login('support@leerpad.test');
    const started = await start(support, studentId);
    expect(started.status).toBe(201);
    expect(started.body.data.attributes).toMatchObject({ active: true, ended_at: null });

    const me = await r.get('/api/v1/me', support);
    expect(me.body.data.id).toBe(String(studentId));
    expect(me.body.meta.acting).toMatchObject({
      actor_id: String(supportId),
      actor_name: expect.any(String),
    });
    expect(me.body.data.attributes.roles).toEqual(['student']);

    const stopped = await r.del('/api/v1/impersonations/current', support);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data.attributes.active).toBe(false);
    const after = await r.get('/api/v1/me', support);
    expect(after.body.data.id).toBe(String(supportId));
    expect(after.body.meta.acting).toBeNull();
  });

  it('needs a reason, pointing at it', async () => {
    const support = await t.login('support@leerpad.test');
    const { status, body } = await start(support, studentId, '   ');
    expect(status).toBe(422);
    expect(body.errors[0].source.pointer).toBe('/data/attributes/reason');
  });

  it('is written as it is read: the account is a relationship, not an account_id attribute', async () => {
    const support = await t.login('support@leerpad.test');
    const own = await start(support, supportId);
    expect(own.status).toBe(422);
    expect(own.body.errors[0].source.pointer).toBe('/data/relationships/account/data');
    const old = await r.post('/api/v1/impersonations', support, {
      account_id: studentId,
      reason: 'Old shape',
    });
    expect(old.status).toBe(422);
    expect(old.body.errors[0].source.pointer).toBe('/account');
    const plain = await r.post('/api/v1/impersonations', support, {
      account: { type: 'accounts', id: String(studentId) },
      reason: 'The flat shape the web app sends',
    });
    expect(plain.status).toBe(201);
    expect(plain.body.data.relationships.account.data).toEqual({ type: 'accounts', id: String(studentId) });
    await r.del('/api/v1/impersonations/current', support);
  });

  it('refuses acting as someone with a role above your own, and refuses non-support roles', async () => {
    const support = await t.login('support@leerpad.test');
    expect((await start(support, adminId)).status).toBe(403);
    const admin = await t.login('admin@leerpad.test');
    expect((await start(admin, studentId)).status).toBe(403);
    expect((await r.get('/api/v1/me', support)).body.meta.acting).toBeNull();
  });

  it('refuses password, e-mail and sign-in changes while acting', async () => {
    const support = await t.login('support@leerpad.test');
    await start(support, studentId);
    const password = await r.patch(`/api/v1/accounts/${studentId}`, support, { password: 'a-new-secret-1' });
    expect(password.status).toBe(403);
    expect(password.body.errors[0].code).toBe('ACTING_FORBIDDEN');
    const email = await r.patch(`/api/v1/accounts/${studentId}`, support, {
      data: {
        type: 'accounts',
        id: String(studentId),
        attributes: { email_address: 'taken-over@example.test' },
      },
    });
    expect(email.status).toBe(403);
    const reset = await r.post('/api/auth/password/reset', support, { token: 'x', password: 'y' });
    expect(reset.status).toBe(403);
    // Other changes go through, as the student.
    const name = await r.patch(`/api/v1/accounts/${studentId}`, support, { phone_number: '0612345678' });
    expect(name.status).toBe(200);
    await r.del('/api/v1/impersonations/current', support);
  });

  it('ends by itself after 60 minutes', async () => {
    const support = await t.login('support@leerpad.test');
    const started = await start(support, studentId);
    expect(
      Date.parse(started.body.data.attributes.expires_at) -
        Date.parse(started.body.data.attributes.started_at),
    ).toBe(60 * 60_000);
    expect((await r.get('/api/v1/me', support)).body.data.id).toBe(String(studentId));
    // An hour and a minute later:
    const past = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await t.services.db
      .updateTable('impersonations')
      .set({ started_at: past(61), expires_at: past(1) })
      .where('id', '=', Number(started.body.data.id))
      .execute();
    const me = await r.get('/api/v1/me', support);
    expect(me.body.data.id).toBe(String(supportId));
    expect(me.body.meta.acting).toBeNull();
    const list = await r.get(`/api/v1/accounts/${studentId}/impersonations`, support);
    const act = list.body.data.find((row: { id: string }) => row.id === started.body.data.id);
    expect(act.attributes).toMatchObject({
      active: false,
      ended_at: past(1).slice(0, 0) + act.attributes.expires_at,
    });
  });

  it('records the start, every write and the stop in the audit log with both accounts', async () => {
    const support = await t.login('support@leerpad.test');
    const started = await start(support, studentId, 'Resetting the language for the student');
    await r.patch(`/api/v1/accounts/${studentId}`, support, { locale: 'en' });
    await r.del(`/api/v1/impersonations/${started.body.data.id}`, support);
    const rows = await t.services.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'acting_for_id', 'details'])
      .where('actor_id', '=', supportId)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(rows.reverse().map((row) => [row.action, row.actor_id, row.acting_for_id])).toEqual([
      ['impersonation.started', supportId, studentId],
      ['impersonation.write', supportId, studentId],
      ['impersonation.stopped', supportId, studentId],
    ]);
    expect(JSON.parse(rows[0]!.details)).toMatchObject({ reason: 'Resetting the language for the student' });
    expect(JSON.parse(rows[1]!.details)).toMatchObject({
      method: 'PATCH',
      route: '/api/v1/accounts/:account',
    });
  });

  it("never touches the student's last-online", async () => {
    await t.services.db
      .updateTable('accounts')
      .set({ last_online: null })
      .where('id', '=', studentId)
      .execute();
    const support = await t.login('support@leerpad.test');
    await start(support, studentId);
    await r.get('/api/v1/me', support);
    await r.get('/api/v1/enrollments', support);
    expect(await lastOnline(studentId)).toBeNull();
    expect(await lastOnline(supportId)).not.toBeNull();
    await r.del('/api/v1/impersonations/current', support);
  });

  it('shows the student when support acted for them and why; others do not see it', async () => {
    const support = await t.login('support@leerpad.test');
    await start(support, studentId, 'Looking at the certificate page');
    await r.del('/api/v1/impersonations/current', support);
    const student = await t.login('student@leerpad.test');
    const own = await r.get(`/api/v1/accounts/${studentId}/impersonations`, student);
    expect(own.status).toBe(200);
    expect(own.body.data[0].attributes).toMatchObject({
      reason: 'Looking at the certificate page',
      actor_name: expect.any(String),
      active: false,
    });
    const classmate = await t.login('classmate@leerpad.test');
    expect((await r.get(`/api/v1/accounts/${studentId}/impersonations`, classmate)).status).toBe(404);
  });

  it('opens one act per session when two start at once, and only the acting user stops it', async () => {
    const support = await t.login('support@leerpad.test');
    const classmateId = await t.accountId('classmate@leerpad.test');
    const [a, b] = await Promise.all([start(support, studentId), start(support, classmateId)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const open = await t.services.db
      .selectFrom('impersonations')
      .select('id')
      .where('actor_id', '=', supportId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', new Date().toISOString())
      .execute();
    expect(open).toHaveLength(1);
    const student = await t.login('student@leerpad.test');
    expect((await r.del(`/api/v1/impersonations/${open[0]!.id}`, student)).status).toBe(404);
    expect((await r.del('/api/v1/impersonations/current', support)).status).toBe(200);
  });
});
