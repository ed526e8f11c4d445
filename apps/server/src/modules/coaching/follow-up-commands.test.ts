import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalScope } from '../../db/schema';
import { NotFound } from '../../domain/errors';
import type { AccountContext } from '../../context/account';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { changeFollowUp, planFollowUp } from './follow-up-commands';

let t: TestApp;
let scope: PortalScope;
let coach: AccountContext;
let classmate: AccountContext;
let studentId: number;

async function accountContext(email: string): Promise<AccountContext> {
  const row = await t.services.db
    .selectFrom('accounts')
    .select(['id', 'portal_id', 'full_name', 'email', 'locale'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const roles = await t.services.db
    .selectFrom('account_roles')
    .select('role')
    .where('account_id', '=', row.id)
    .execute();
  return {
    id: row.id,
    portalId: row.portal_id,
    fullName: row.full_name,
    email: row.email,
    locale: row.locale,
    roles: roles.map((role) => role.role),
  };
}

const auditActions = (id: number) =>
  t.services.db
    .selectFrom('audit_events')
    .select('action')
    .where('entity_type', '=', 'follow_up')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  coach = await accountContext('coach@leerpad.test');
  classmate = await accountContext('classmate@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  scope = (await t.services.portals.findById(coach.portalId))!.id;
});
afterAll(() => t.close());

describe('follow-up commands', () => {
  it('plans a follow-up for the coach and records the plan in the audit log', async () => {
    const planned = await planFollowUp(t.services.db, scope, coach.id, {
      studentId,
      kind: 'call',
      note: 'Ask about the placement',
      dueAt: '2026-12-01T09:00:00.000Z',
    });
    expect(planned).toMatchObject({
      coach_id: coach.id,
      student_id: studentId,
      kind: 'call',
      done_at: null,
      reminded_at: null,
    });
    expect(await auditActions(planned.id)).toEqual([{ action: 'follow_up.create' }]);
  });

  it('marks it done once, keeps the first moment, and reminds again after a new due date', async () => {
    const planned = await planFollowUp(t.services.db, scope, coach.id, {
      studentId,
      kind: 'meeting',
      note: '',
      dueAt: '2026-12-02T09:00:00.000Z',
    });
    await t.services.db
      .updateTable('follow_ups')
      .set({ reminded_at: '2026-12-02T09:00:00.000Z' })
      .where('id', '=', planned.id)
      .execute();
    const done = await changeFollowUp(t.services.db, scope, coach, planned.id, {
      done: true,
      outcome: 'Went well',
    });
    expect(done.done_at).not.toBeNull();
    expect(done.outcome).toBe('Went well');
    const again = await changeFollowUp(t.services.db, scope, coach, planned.id, { done: true });
    expect(again.done_at).toBe(done.done_at);
    const moved = await changeFollowUp(t.services.db, scope, coach, planned.id, {
      due_at: '2026-12-09T09:00:00.000Z',
    });
    expect(moved).toMatchObject({ due_at: '2026-12-09T09:00:00.000Z', reminded_at: null });
    expect(await auditActions(planned.id)).toEqual([
      { action: 'follow_up.create' },
      { action: 'follow_up.done' },
      { action: 'follow_up.done' },
      { action: 'follow_up.update' },
    ]);
  });

  it('does not let someone else change a coach’s follow-up, and changes nothing', async () => {
    const planned = await planFollowUp(t.services.db, scope, coach.id, {
      studentId,
      kind: 'message',
      note: 'Send the checklist',
      dueAt: '2026-12-03T09:00:00.000Z',
    });
    await expect(
      changeFollowUp(t.services.db, scope, classmate, planned.id, { note: 'changed' }),
    ).rejects.toBeInstanceOf(NotFound);
    const stored = await t.services.db
      .selectFrom('follow_ups')
      .select('note')
      .where('id', '=', planned.id)
      .executeTakeFirstOrThrow();
    expect(stored.note).toBe('Send the checklist');
    expect(await auditActions(planned.id)).toEqual([{ action: 'follow_up.create' }]);
  });
});
