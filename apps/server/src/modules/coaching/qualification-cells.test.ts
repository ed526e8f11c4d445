import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatements } from '../../db/migrations/20261130090000_qualification_cells';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';
import { completeCourse, courseId, requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { runCertificationSweep } from '../certifications/sweep';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let classmate: string;
let classmateId: number;
let phone: number;
let firstAid: number;

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface Cell {
  certification_id: string;
  status: string;
  expires_at: string | null;
  due_date: string | null;
  percent: number;
}

/** The cells of one certification as the report shows them to staff, by account id. */
async function column(certification: string): Promise<Map<number, Cell>> {
  const { status, body } = await r.get(
    `/api/v1/qualifications?filter[certification]=${certification}&page[size]=100`,
    admin,
  );
  expect(status, JSON.stringify(body)).toBe(200);
  const cells = new Map<number, Cell>();
  for (const row of body.data as Array<{ id: string; attributes: { cells: Cell[] } }>) {
    const cell = row.attributes.cells.find((one) => one.certification_id === certification);
    if (cell) cells.set(Number(row.id), cell);
  }
  return cells;
}

const cellOf = async (certification: string, accountId: number) =>
  (await column(certification)).get(accountId);

/** The stored cells equal the ones computed again from certificates, assignments and enrolments. */
async function expectInStep() {
  const read = () =>
    t.services.db
      .selectFrom('qualification_cells')
      .selectAll()
      .orderBy('certification_id')
      .orderBy('account_id')
      .execute();
  const kept = await read();
  await t.services.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('qualification_cells').execute();
    for (const statement of refreshStatements(() => '1 = 1')) await sql.raw(statement).execute(trx);
  });
  expect(kept).toEqual(await read());
  expect(kept.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  classmateId = await t.accountId('classmate@leerpad.test');
  phone = await courseId(t, ACADEMY_COURSES.phone);
  firstAid = await courseId(t, ACADEMY_COURSES.firstAid);
  await t.services.db
    .deleteFrom('enrollments')
    .where('account_id', '=', classmateId)
    .where('course_id', 'in', [phone, firstAid])
    .execute();
});
afterAll(() => t.close());

describe('the qualifications report after each kind of write', () => {
  it('follows assignment, enrolment, completion, award, requirement edits, revocation and due dates', async () => {
    const created = await r.post('/api/v1/certifications', admin, {
      name: 'Cells in step',
      courses: [{ type: 'courses', id: String(phone) }],
      validity_months: 12,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    expect(await cellOf(id, classmateId)).toBeUndefined();

    // Assigned to the person: due.
    await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      accounts: [classmateId].map((id) => ({ type: 'accounts', id: String(id) })),
      due_date: dateIn(30),
    });
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'due', due_date: dateIn(30), percent: 0 });

    // Enrolled, then every object done: in progress, then achieved once the sweep awards it.
    const enrolled = await r.post(`/api/v1/courses/${phone}/enrollments`, classmate, {});
    expect([200, 201]).toContain(enrolled.status);
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'in_progress', percent: 0 });
    await completeCourse(t, classmate, phone);
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'in_progress', percent: 100 });
    await runCertificationSweep(t.services);
    const achieved = (await cellOf(id, classmateId))!;
    expect(achieved.status).toBe('achieved');
    expect(Date.parse(achieved.expires_at!) - Date.now()).toBeGreaterThan(300 * DAY);
    await expectInStep();

    // A second required course: still achieved, half the requirements done.
    const edited = await r.patch(`/api/v1/certifications/${id}`, admin, {
      courses: [phone, firstAid].map((id) => ({ type: 'courses', id: String(id) })),
    });
    expect(edited.status).toBe(200);
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'achieved', percent: 50 });

    // Revoked: no longer held; an assignment due in the past makes it overdue.
    const [certificate] = await t.services.db
      .selectFrom('certificates')
      .select('id')
      .where('certification_id', '=', Number(id))
      .where('account_id', '=', classmateId)
      .execute();
    const revoked = await r.post(`/api/v1/certificates/${certificate!.id}/revocation`, admin, {
      reason: 'Issued too early',
    });
    expect(revoked.status).toBe(200);
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'in_progress', percent: 50 });
    await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      accounts: [classmateId].map((id) => ({ type: 'accounts', id: String(id) })),
      due_date: dateIn(-5),
    });
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'overdue', due_date: dateIn(-5) });

    // Assigned to everyone in a course: each of them gets a cell, due by the certification's date.
    const enrolledInFirstAid = (
      await t.services.db
        .selectFrom('enrollments')
        .select('account_id')
        .where('course_id', '=', firstAid)
        .execute()
    ).map((row) => row.account_id);
    expect(enrolledInFirstAid.length).toBeGreaterThan(0);
    await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      course: { type: 'courses', id: String(firstAid) },
    });
    await r.patch(`/api/v1/certifications/${id}`, admin, { due_date: dateIn(60) });
    const cells = await column(id);
    for (const accountId of enrolledInFirstAid) {
      const cell = cells.get(accountId);
      if (!cell) continue; // not a student of the report (staff enrolled in the course)
      expect(cell.due_date).toBe(dateIn(60));
      expect(['in_progress', 'achieved', 'expired']).toContain(cell.status);
    }
    await expectInStep();

    // Unenrolled from the required course and unassigned from nothing: the cell keeps the assignment.
    await t.services.db
      .deleteFrom('enrollments')
      .where('account_id', '=', classmateId)
      .where('course_id', '=', phone)
      .execute();
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'overdue', percent: 0 });
    await expectInStep();
  });

  it('shows expired once the sweep expires a certificate, and reopens the course', async () => {
    const created = await r.post('/api/v1/certifications', admin, {
      name: 'Cells expire',
      courses: [{ type: 'courses', id: String(phone) }],
      validity_months: 1,
    });
    const id = created.body.data.id as string;
    await completeCourse(t, classmate, phone);
    await runCertificationSweep(t.services);
    expect(await cellOf(id, classmateId)).toMatchObject({ status: 'achieved' });
    await runCertificationSweep(t.services, new Date(Date.now() + 70 * DAY));
    const expired = (await cellOf(id, classmateId))!;
    expect(expired.status).toBe('expired');
    expect(expired.expires_at).not.toBeNull();
    const [certificate] = await t.services.db
      .selectFrom('certificates')
      .select(['status', 'expires_at'])
      .where('certification_id', '=', Number(id))
      .where('account_id', '=', classmateId)
      .execute();
    expect(certificate).toMatchObject({ status: 'expired', expires_at: expired.expires_at });
    await expectInStep();
  });

  it('keeps one cell per pair when writes for the same person run at once', async () => {
    const created = await r.post('/api/v1/certifications', admin, {
      name: 'Cells at once',
      courses: [phone, firstAid].map((id) => ({ type: 'courses', id: String(id) })),
    });
    const id = Number(created.body.data.id);
    const now = new Date().toISOString();
    const enrol = (course: number) =>
      t.services.db.transaction().execute((trx) =>
        trx
          .insertInto('enrollments')
          .values({
            portal_id: 1,
            course_id: course,
            account_id: classmateId,
            status: 'completed',
            enrolled_at: now,
            last_activity_at: now,
            completed_at: now,
          })
          .onConflict((oc) =>
            oc.columns(['course_id', 'account_id']).doUpdateSet({ status: 'completed', completed_at: now }),
          )
          .execute(),
      );
    await Promise.all([
      enrol(phone),
      enrol(firstAid),
      r.post(`/api/v1/certifications/${id}/assignments`, admin, {
        accounts: [classmateId].map((id) => ({ type: 'accounts', id: String(id) })),
      }),
      r.post(`/api/v1/certifications/${id}/assignments`, admin, {
        course: { type: 'courses', id: String(phone) },
      }),
    ]);
    const rows = await t.services.db
      .selectFrom('qualification_cells')
      .selectAll()
      .where('certification_id', '=', id)
      .where('account_id', '=', classmateId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ assigned: 1, enrolled: 2, percent: 100 });
    await expectInStep();
  });
});
