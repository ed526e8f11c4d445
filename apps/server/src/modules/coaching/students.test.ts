import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, learningObjectId, requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import { insertAccount } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_COURSES, ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let coach: string;
let admin: string;
let student: string;
let studentId: number;
let otherCoachId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  coach = await t.login('coach@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  // A student coached by someone else: not the demo coach's student.
  const db = t.services.db;
  const me = await db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', studentId)
    .executeTakeFirstOrThrow();
  otherCoachId = await insertAccount(db, {
    portalId: me.portal_id,
    fullName: 'Other Coach',
    email: 'other-coach@leerpad.test',
    role: 'coach',
  });
  await insertAccount(db, {
    portalId: me.portal_id,
    fullName: 'Zeno Elsewhere',
    email: 'zeno@leerpad.test',
    role: 'student',
    primaryCoachId: otherCoachId,
  });
});
afterAll(() => t.close());

const names = (body: { data: Array<{ attributes: { full_name: string } }> }) =>
  body.data.map((s) => s.attributes.full_name);

describe('the students of a coach', () => {
  it('lists their mentees and students without a coach, never those of another coach', async () => {
    const { status, body } = await r.get('/api/v1/students', coach);
    expect(status).toBe(200);
    expect(body.data.map((s: { id: string }) => s.id)).toContain(String(studentId));
    expect(names(body)).not.toContain('Zeno Elsewhere');
    expect(body.meta.total).toBe(body.data.length);
    const mine = body.data.find((s: { id: string }) => s.id === String(studentId));
    expect(mine.attributes.mentee).toBe(true);
  });

  it('lets staff see every student', async () => {
    const { body } = await r.get('/api/v1/students?page[size]=100', admin);
    expect(names(body)).toContain('Zeno Elsewhere');
  });

  it('filters mentees, search, course, inactivity and waiting work', async () => {
    const mentees = await r.get('/api/v1/students?filter[mentees]=true', coach);
    expect(mentees.body.data.every((s: { attributes: { mentee: boolean } }) => s.attributes.mentee)).toBe(
      true,
    );
    expect(mentees.body.data.length).toBeGreaterThan(0);
    const own = await t.services.db
      .selectFrom('accounts')
      .select('full_name')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    const search = await r.get(
      `/api/v1/students?filter[search]=${encodeURIComponent(own.full_name.slice(0, 4))}`,
      coach,
    );
    expect(names(search.body)).toContain(own.full_name);
    const nobody = await r.get('/api/v1/students?filter[search]=zzzzzz', coach);
    expect(nobody.body.data).toEqual([]);
    const course = await courseId(t, ACADEMY_COURSES.sample);
    const inCourse = await r.get(`/api/v1/students?filter[course]=${course}`, coach);
    expect(names(inCourse.body)).toContain(own.full_name);
    await t.services.db
      .updateTable('accounts')
      .set({ last_online: new Date().toISOString() })
      .where('id', '=', studentId)
      .execute();
    const inactive = await r.get('/api/v1/students?filter[inactive_days]=7', coach);
    expect(names(inactive.body)).not.toContain(own.full_name);
    const waiting = await r.get('/api/v1/students?filter[waiting]=true', coach);
    expect(
      waiting.body.data.every(
        (s: { attributes: { waiting_answers: number } }) => s.attributes.waiting_answers > 0,
      ),
    ).toBe(true);
    const sorted = await r.get('/api/v1/students?sort=-progress', coach);
    const progress = sorted.body.data.map((s: { attributes: { progress: number } }) => s.attributes.progress);
    expect(progress).toEqual([...progress].sort((a: number, b: number) => b - a));
  });

  it('refuses bad filters and sorts without a server error', async () => {
    expect((await r.get('/api/v1/students?filter[inactive_days]=soon', coach)).status).toBe(400);
    expect((await r.get('/api/v1/students?sort=email', coach)).status).toBe(400);
  });

  it('shows one student with enrolments and answers, and hides someone else’s student', async () => {
    const { status, body } = await r.get(`/api/v1/students/${studentId}?include=enrollments,answers`, coach);
    expect(status).toBe(200);
    const types = new Set(body.included.map((resource: { type: string }) => resource.type));
    expect(types.has('enrollments')).toBe(true);
    expect(types.has('courses')).toBe(true);
    const zeno = await t.accountId('zeno@leerpad.test');
    expect((await r.get(`/api/v1/students/${zeno}`, coach)).status).toBe(404);
    expect((await r.get(`/api/v1/students/${zeno}`, admin)).status).toBe(200);
    expect((await r.get(`/api/v1/students/${studentId}`, student)).status).toBe(403);
  });

  it('includes the student’s tickets that the caller may see, and only those', async () => {
    const db = t.services.db;
    const me = await db
      .selectFrom('accounts')
      .select('portal_id')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    // A question the student put to another coach: not the demo coach's to see.
    const elsewhere = await db
      .insertInto('tickets')
      .values({
        portal_id: me.portal_id,
        student_id: studentId,
        coach_id: otherCoachId,
        course_id: null,
        learning_object_id: null,
        subject: 'For my other coach',
        state: 'open',
        created_at: now,
        updated_at: now,
        closed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const coachId = await t.accountId('coach@leerpad.test');
    const visibleToCoach = await db
      .selectFrom('tickets')
      .select('id')
      .where('student_id', '=', studentId)
      .where((eb) => eb.or([eb('coach_id', '=', coachId), eb('coach_id', 'is', null)]))
      .execute();
    expect(visibleToCoach.length).toBeGreaterThan(0);

    const forCoach = await r.get(`/api/v1/students/${studentId}?include=tickets`, coach);
    expect(forCoach.status).toBe(200);
    const ticketIds = (body: { included: Array<{ type: string; id: string }> }) =>
      body.included
        .filter((resource) => resource.type === 'tickets')
        .map((resource) => resource.id)
        .sort();
    expect(ticketIds(forCoach.body)).toEqual(visibleToCoach.map((row) => String(row.id)).sort());
    expect(ticketIds(forCoach.body)).not.toContain(String(elsewhere.id));
    // The student links to exactly the tickets that came along.
    expect(
      forCoach.body.data.relationships.tickets.data.map((ticket: { id: string }) => ticket.id).sort(),
    ).toEqual(ticketIds(forCoach.body));

    const forAdmin = await r.get(`/api/v1/students/${studentId}?include=tickets`, admin);
    expect(ticketIds(forAdmin.body)).toContain(String(elsewhere.id));
    expect((await r.get(`/api/v1/students/${studentId}?include=tickets,secrets`, admin)).status).toBe(400);
  });

  it('gives the coach an overview of waiting work, inactivity and the weekly figures', async () => {
    // The coach's mentee hands in an answer this week.
    const plan = await learningObjectId(t, ACADEMY_OBJECTS.assignment);
    const handed = await r.post(`/api/v1/learning_objects/${plan}/answer/submit`, student, {
      text: '<p>I use a trolley and ask a colleague.</p>',
    });
    expect(handed.status).toBe(200);
    const { status, body } = await r.get('/api/v1/coach/overview?filter[inactive_days]=30', coach);
    expect(status).toBe(200);
    const overview = body.data.attributes;
    expect(overview.inactive_days).toBe(30);
    expect(overview.weekly.weeks).toHaveLength(12);
    expect(overview.weekly.submissions).toHaveLength(12);
    // The weekly figures count every answer of the coach's students handed in or reviewed since then.
    const mine = (await r.get('/api/v1/students?page[size]=100', coach)).body.data.map((s: { id: string }) =>
      Number(s.id),
    );
    const since = Date.parse(overview.weekly.weeks[0]);
    const answers = await t.services.db
      .selectFrom('answers')
      .select(['submitted_at', 'reviewed_at'])
      .where('account_id', 'in', mine)
      .execute();
    const inPeriod = (value: unknown) =>
      value !== null && Date.parse(String(new Date(value as string).toISOString())) >= since;
    const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
    const handedIn = answers.filter((answer) => inPeriod(answer.submitted_at)).length;
    expect(handedIn).toBeGreaterThan(0);
    expect(sum(overview.weekly.submissions)).toBe(handedIn);
    expect(sum(overview.weekly.reviews)).toBe(
      answers.filter((answer) => inPeriod(answer.reviewed_at)).length,
    );
    expect(overview.mentee_progress.counts.reduce((a: number, b: number) => a + b, 0)).toBe(
      overview.mentees_count,
    );
    const ages = overview.waiting_answers.map((w: { age_days: number }) => w.age_days);
    expect(ages).toEqual([...ages].sort((a: number, b: number) => b - a));
    expect((await r.get('/api/v1/coach/overview?filter[inactive_days]=0', coach)).status).toBe(400);
    expect((await r.get('/api/v1/coach/overview', student)).status).toBe(403);
  });
});
