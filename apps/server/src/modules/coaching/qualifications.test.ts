import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFeaturesOff } from '../../test/features';
import { courseId, requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let coach: string;
let student: string;
let studentId: number;
let classmateId: number;
let otherStudentId: number;
let otherCoachId: number;
let coachId: number;

interface Cell {
  certification_id: string;
  status: string;
  expires_at: string | null;
  due_date: string | null;
  percent: number;
}
interface Row {
  id: string;
  attributes: { full_name: string; cells: Cell[] };
}

const DAY = 86_400_000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function certificationId(name: string) {
  const row = await t.services.db
    .selectFrom('certifications')
    .select('id')
    .where('portal_id', '=', 1)
    .where((eb) => eb.or([eb('name', '=', name), eb('translations', 'like', `%"${name}"%`)]))
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** An account of the academy with one role (and a primary coach), made straight in the database. */
async function account(name: string, role: string, primaryCoachId: number | null = null) {
  const now = new Date().toISOString();
  const { id } = await t.services.db
    .insertInto('accounts')
    .values({
      portal_id: 1,
      entity_id: null,
      primary_coach_id: primaryCoachId,
      full_name: name,
      email: `${name.toLowerCase().replace(/ /g, '.')}@leerpad.test`,
      password_hash: null,
      locale: 'en',
      avatar_url: null,
      phone_number: null,
      last_online: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.services.db.insertInto('account_roles').values({ account_id: id, role }).execute();
  return id;
}

/** Puts an enrolment in the given state whatever it was. */
async function enrol(accountId: number, course: number, completed: boolean) {
  const now = new Date().toISOString();
  await t.services.db
    .insertInto('enrollments')
    .values({
      portal_id: 1,
      course_id: course,
      account_id: accountId,
      status: completed ? 'completed' : 'active',
      enrolled_at: now,
      last_activity_at: now,
      completed_at: completed ? now : null,
    })
    .onConflict((oc) =>
      oc.columns(['course_id', 'account_id']).doUpdateSet({
        status: completed ? 'completed' : 'active',
        completed_at: completed ? now : null,
      }),
    )
    .execute();
}

const cellOf = (rows: Row[], accountId: number, certification: string) =>
  rows
    .find((row) => row.id === String(accountId))
    ?.attributes.cells.find((cell) => cell.certification_id === certification);

let phoneReady: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  classmateId = await t.accountId('classmate@leerpad.test');
  coachId = await t.accountId('coach@leerpad.test');
  otherCoachId = await account('Other Coach', 'coach');
  otherStudentId = await account('Olga Other', 'student', otherCoachId);
  // A certification of two courses: the student is assigned it with a due date ahead and has not
  // started; the classmate completed one of the two courses and is working on the other.
  const phone = await courseId(t, ACADEMY_COURSES.phone);
  const firstAid = await courseId(t, ACADEMY_COURSES.firstAid);
  const created = await r.post('/api/v1/certifications', admin, {
    name: 'Phone ready',
    courses: [phone, firstAid].map((id) => ({ type: 'courses', id: String(id) })),
    validity_months: 12,
  });
  expect(created.status).toBe(201);
  phoneReady = created.body.data.id;
  const assigned = await r.post(`/api/v1/certifications/${phoneReady}/assignments`, admin, {
    accounts: [studentId].map((id) => ({ type: 'accounts', id: String(id) })),
    due_date: dateIn(30),
  });
  expect(assigned.status).toBe(200);
  await t.services.db
    .deleteFrom('enrollments')
    .where('account_id', '=', studentId)
    .where('course_id', 'in', [phone, firstAid])
    .execute();
  await enrol(classmateId, phone, true);
  await enrol(classmateId, firstAid, false);
  await enrol(otherStudentId, phone, false);
});
afterAll(() => t.close());

describe('the qualifications report', () => {
  it('shows each status: achieved with its expiry, expired, overdue, in progress with a percentage, due', async () => {
    const { status, body } = await r.get('/api/v1/qualifications?page[size]=100', admin);
    expect(status, JSON.stringify(body)).toBe(200);
    const rows = body.data as Row[];
    const lifting = await certificationId('Safe lifting certified');
    const firstAid = await certificationId('First aid qualified');
    expect(body.meta.certifications.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining([lifting, firstAid, phoneReady]),
    );
    // Achieved, and the first-aid certificate runs out within 30 days.
    expect(cellOf(rows, studentId, lifting)?.status).toBe('achieved');
    const expiring = cellOf(rows, studentId, firstAid)!;
    expect(expiring.status).toBe('achieved');
    expect(Date.parse(expiring.expires_at!) - Date.now()).toBeLessThan(30 * DAY);
    // Expired for the classmate; first aid was due ten days ago.
    expect(cellOf(rows, classmateId, lifting)?.status).toBe('expired');
    expect(cellOf(rows, classmateId, firstAid)).toMatchObject({ status: 'overdue', due_date: dateIn(-10) });
    // One of two required courses done; assigned and not started yet.
    expect(cellOf(rows, classmateId, phoneReady)).toMatchObject({ status: 'in_progress', percent: 50 });
    expect(cellOf(rows, studentId, phoneReady)).toMatchObject({ status: 'due', due_date: dateIn(30) });
  });

  it('counts the statuses per certification for the charts, as many as the matrix shows', async () => {
    const { status, body } = await r.get(
      `/api/v1/qualification_summaries?filter[certification]=${phoneReady}`,
      admin,
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    const matrix = await r.get(
      `/api/v1/qualifications?filter[certification]=${phoneReady}&page[size]=100`,
      admin,
    );
    const statuses = (matrix.body.data as Row[]).flatMap((row) =>
      row.attributes.cells.map((cell) => cell.status),
    );
    const count = (name: string) => statuses.filter((one) => one === name).length;
    expect(count('in_progress')).toBeGreaterThanOrEqual(2);
    expect(body.data[0].attributes).toEqual({
      name: 'Phone ready',
      counts: { achieved: 0, in_progress: count('in_progress'), due: 1, overdue: 0, expired: 0 },
    });
  });

  it('shows a coach only their own students; staff filter by coach', async () => {
    const mine = await r.get('/api/v1/qualifications?page[size]=100', coach);
    expect(mine.status).toBe(200);
    const ids = (mine.body.data as Row[]).map((row) => row.id);
    expect(ids).toContain(String(studentId));
    expect(ids).toContain(String(classmateId));
    expect(ids).not.toContain(String(otherStudentId));
    const counts = await r.get(`/api/v1/qualification_summaries?filter[certification]=${phoneReady}`, coach);
    const everyone = await r.get(
      `/api/v1/qualification_summaries?filter[certification]=${phoneReady}`,
      admin,
    );
    // The other coach's student is working on it too, but not counted for this coach.
    expect(counts.body.data[0].attributes.counts.in_progress).toBe(
      everyone.body.data[0].attributes.counts.in_progress - 1,
    );

    const theirs = await r.get(`/api/v1/qualifications?filter[coach]=${otherCoachId}`, admin);
    expect((theirs.body.data as Row[]).map((row) => row.id)).toEqual([String(otherStudentId)]);
    const mentees = await r.get(`/api/v1/qualifications?filter[coach]=${coachId}&page[size]=100`, coach);
    const menteeRows = mentees.body.data as Array<Row & { attributes: { primary_coach_id: string } }>;
    expect(menteeRows.map((row) => row.id)).toContain(String(studentId));
    expect(menteeRows.map((row) => row.id)).not.toContain(String(classmateId));
    expect(new Set(menteeRows.map((row) => row.attributes.primary_coach_id))).toEqual(
      new Set([String(coachId)]),
    );
  });

  it('filters to students with an overdue certification, and by course', async () => {
    const overdue = await r.get('/api/v1/qualifications?filter[status]=overdue', coach);
    expect(overdue.status).toBe(200);
    const rows = overdue.body.data as Row[];
    // The classmate (enrolled, no coach of their own) and the demo coach's overdue mentee.
    expect(rows.map((row) => row.attributes.full_name).sort()).toEqual(['Casper Classmate', 'Daan Bakker']);
    expect(overdue.body.meta.total).toBe(2);
    for (const row of rows) expect(row.attributes.cells.map((cell) => cell.status)).toContain('overdue');
    const phone = await courseId(t, ACADEMY_COURSES.phone);
    const enrolled = await r.get(`/api/v1/qualifications?filter[course]=${phone}&page[size]=100`, admin);
    expect((enrolled.body.data as Row[]).map((row) => row.id).sort()).toEqual(
      [String(classmateId), String(otherStudentId)].sort(),
    );
  });

  it("exports every matching row as CSV with a header row, in the reader's language", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/qualifications?filter[status]=overdue',
      headers: { cookie: coach, accept: 'text/csv' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    // The coach reads Dutch (the portal's language): certification names and status words in Dutch.
    expect(lines[0]).toMatch(/^Student,E-mail,/);
    expect(lines[0]).toContain('EHBO-bevoegdheid');
    expect(lines).toHaveLength(3);
    const classmate = lines.find((line) => line.includes('classmate@leerpad.test'))!;
    expect(classmate).toContain(`Te laat (${dateIn(-10)})`);
    expect(classmate).toContain('Verlopen (');
  });

  it('answers a bad filter with a 422 naming it', async () => {
    const word = await r.get('/api/v1/qualifications?filter[status]=lost', admin);
    expect(word.status).toBe(422);
    expect(word.body.errors[0].source.pointer).toBe('/filter[status]');
    const unknown = await r.get('/api/v1/qualifications?filter[certification]=999999', admin);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source.pointer).toBe('/filter[certification]');
    const notCoach = await r.get(`/api/v1/qualifications?filter[coach]=${studentId}`, admin);
    expect(notCoach.body.errors[0].source.pointer).toBe('/filter[coach]');
    const malformed = await r.get('/api/v1/qualification_summaries?filter[course]=abc', admin);
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors[0].source.pointer).toBe('/filter[course]');
  });

  it('is refused to students, off with the flag, and never shows another portal', async () => {
    expect((await r.get('/api/v1/qualifications', student)).status).toBe(403);
    await withFeaturesOff(t, 1, ['qualifications-report'], async () => {
      const off = await r.get('/api/v1/qualifications', coach);
      expect(off.status).toBe(403);
      expect(off.body.errors[0].code).toBe('FEATURE_DISABLED');
    });
    const second = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const foreign = await r.get('/api/v1/qualifications?page[size]=100', second, SECOND_HOST);
    expect(foreign.status).toBe(200);
    const ids = (foreign.body.data as Row[]).map((row) => row.id);
    expect(ids).not.toContain(String(studentId));
    expect(ids).not.toContain(String(classmateId));
    expect(foreign.body.meta.certifications).toEqual([]);
    const theirs = await r.get(
      `/api/v1/qualifications?filter[certification]=${phoneReady}`,
      second,
      SECOND_HOST,
    );
    expect(theirs.status).toBe(422);
  });
});
