/**
 * Who counts as a student and each student's overall progress are kept on the account by the
 * database (decision 046). The coach screens follow a change of roles made by staff at once, every
 * coach or staff role of core keeps an account out of the students, and enrolments written at the
 * same time all count.
 */
import { rolesGranting } from '@leerpad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_STUDENT_ROLES } from '../../db/migrations/20261129050000_student_figures';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
});
afterAll(() => t.close());

/** The names in the staff's student list found by a search. */
async function studentsNamed(search: string): Promise<string[]> {
  const { status, body } = await r.get(
    `/api/v1/students?filter[search]=${encodeURIComponent(search)}&page[size]=100`,
    admin,
  );
  expect(status).toBe(200);
  return (body.data as Array<{ attributes: { full_name: string } }>).map((row) => row.attributes.full_name);
}

async function createAccount(name: string, roles: string[]): Promise<string> {
  const created = await r.post('/api/v1/accounts', admin, {
    full_name: name,
    email_address: `${name.toLowerCase().replace(/\W+/g, '.')}@leerpad.test`,
    roles,
  });
  expect(created.status).toBe(201);
  return created.body.data.id as string;
}

describe('who counts as a student', () => {
  it('leaves the students list when given a coach role, and comes back when it is taken away', async () => {
    const id = await createAccount('Roos Rolwissel', ['student']);
    expect(await studentsNamed('Rolwissel')).toEqual(['Roos Rolwissel']);

    expect((await r.patch(`/api/v1/accounts/${id}`, admin, { roles: ['student', 'coach'] })).status).toBe(
      200,
    );
    expect(await studentsNamed('Rolwissel')).toEqual([]);

    expect((await r.patch(`/api/v1/accounts/${id}`, admin, { roles: ['student'] })).status).toBe(200);
    expect(await studentsNamed('Rolwissel')).toEqual(['Roos Rolwissel']);

    expect((await r.patch(`/api/v1/accounts/${id}`, admin, { roles: ['coach'] })).status).toBe(200);
    expect(await studentsNamed('Rolwissel')).toEqual([]);
  });

  it('keeps out an account with any role of the coach or staff environments, as core names them today', async () => {
    expect([...NOT_STUDENT_ROLES].sort()).toEqual(
      [...new Set([...rolesGranting('enter:coach'), ...rolesGranting('enter:admin')])].sort(),
    );
    const db = t.services.db;
    for (const role of NOT_STUDENT_ROLES) {
      const name = `Dubbel ${role}`;
      const account = await db
        .insertInto('accounts')
        .values({
          portal_id: 1,
          full_name: name,
          email: `dubbel.${role}@leerpad.test`,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('account_roles')
        .values([
          { account_id: account.id, role: 'student' },
          { account_id: account.id, role },
        ])
        .execute();
      expect(await studentsNamed(name), role).toEqual([]);
      await db
        .deleteFrom('account_roles')
        .where('account_id', '=', account.id)
        .where('role', '=', role)
        .execute();
      expect(await studentsNamed(name), role).toEqual([name]);
    }
  });
});

describe("a student's overall progress", () => {
  it('counts every enrolment written at the same time, and their progress', async () => {
    const id = Number(await createAccount('Petra Parallel', ['student']));
    const db = t.services.db;
    const courses = await db
      .selectFrom('courses')
      .select('id')
      .where('portal_id', '=', 1)
      .orderBy('id')
      .limit(6)
      .execute();
    expect(courses.length).toBe(6);
    const now = new Date().toISOString();
    // Each enrolment in its own transaction, all at once (on PostgreSQL, on separate connections).
    await Promise.all(
      courses.map((course, index) =>
        db.transaction().execute((trx) =>
          trx
            .insertInto('enrollments')
            .values({
              portal_id: 1,
              account_id: id,
              course_id: course.id,
              enrolled_at: now,
              last_activity_at: now,
              progress_percent: (index + 1) * 10,
            })
            .execute(),
        ),
      ),
    );
    const stored = async () =>
      db
        .selectFrom('accounts')
        .select(['enrolment_count', 'progress_sum', 'progress_percent'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    // 10 + 20 + … + 60 = 210 over 6 enrolments: 35.
    expect(await stored()).toEqual({ enrolment_count: 6, progress_sum: 210, progress_percent: 35 });
    const { body } = await r.get(`/api/v1/students/${id}`, admin);
    expect(body.data.attributes.progress).toBe(35);

    // Progress moving on two enrolments at once, then one enrolment removed.
    await Promise.all(
      courses
        .slice(0, 2)
        .map((course) =>
          db
            .transaction()
            .execute((trx) =>
              trx
                .updateTable('enrollments')
                .set({ progress_percent: 100 })
                .where('account_id', '=', id)
                .where('course_id', '=', course.id)
                .execute(),
            ),
        ),
    );
    // 100 + 100 + 30 + 40 + 50 + 60 = 380 over 6: 63.
    expect(await stored()).toEqual({ enrolment_count: 6, progress_sum: 380, progress_percent: 63 });
    await db
      .deleteFrom('enrollments')
      .where('account_id', '=', id)
      .where('course_id', '=', courses[5]!.id)
      .execute();
    // 320 over 5: 64.
    expect(await stored()).toEqual({ enrolment_count: 5, progress_sum: 320, progress_percent: 64 });
  });
});
