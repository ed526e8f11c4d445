import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withFeaturesOff } from '../../test/features';
import { courseId, requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let classmate: string;
let coach: string;
let admin: string;
let studentId: number;
let coachId: number;
let course: number;
let portalId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  coachId = await t.accountId('coach@leerpad.test');
  course = await courseId(t, 'Vergaderen met resultaat');
  portalId = (
    await t.services.db
      .selectFrom('accounts')
      .select('portal_id')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow()
  ).portal_id;
});
afterAll(() => t.close());

const latestNotification = (accountId: number) =>
  t.services.db
    .selectFrom('notifications')
    .select(['message_key', 'message_params', 'link'])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

describe('requesting enrolment in an approval course', () => {
  it('answers an enrolment with a pending request that the mandated coach hears of', async () => {
    const detail = await r.get(`/api/v1/courses/${course}`, student);
    expect(detail.body.data.attributes.requires_approval).toBe(true);
    const { status, body } = await r.post(`/api/v1/courses/${course}/enrollments`, student);
    expect(status).toBe(202);
    expect(body.data).toMatchObject({
      type: 'approval_requests',
      attributes: { state: 'pending', kind: 'enrollment' },
    });
    const enrolled = await t.services.db
      .selectFrom('enrollments')
      .select('id')
      .where('account_id', '=', studentId)
      .where('course_id', '=', course)
      .executeTakeFirst();
    expect(enrolled).toBeUndefined();
    expect(await latestNotification(coachId)).toMatchObject({
      message_key: 'enrollment_approval_requested',
      link: '/approvals',
    });
    // Asking again returns the request that waits.
    const again = await r.post('/api/v1/approval_requests', student, {
      course: { type: 'courses', id: String(course) },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(body.data.id);
  });

  it('refuses a request for a course that takes enrolments directly, with a pointer', async () => {
    const open = await courseId(t, ACADEMY_COURSES.sample);
    const { status, body } = await r.post('/api/v1/approval_requests', classmate, {
      course: { type: 'courses', id: String(open) },
    });
    expect(status).toBe(422);
    expect(body.errors[0]).toMatchObject({
      code: 'APPROVAL_NOT_REQUIRED',
      source: { pointer: '/course' },
    });
  });

  it('shows a student their own requests only', async () => {
    const mine = await r.get('/api/v1/approval_requests', student);
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    expect(
      mine.body.data.every(
        (request: { relationships: { student: { data: { id: string } } } }) =>
          request.relationships.student.data.id === String(studentId),
      ),
    ).toBe(true);
    const id = mine.body.data[0].id as string;
    expect((await r.get(`/api/v1/approval_requests/${id}`, classmate)).status).toBe(404);
    expect((await r.get('/api/v1/approval_requests', classmate)).body.data).toEqual([]);
  });
});

describe('deciding', () => {
  it('lists the pending requests of the mandate first, oldest first, with the student', async () => {
    const { status, body } = await r.get('/api/v1/approval_requests?include=student,course', coach);
    expect(status).toBe(200);
    const states = body.data.map((request: { attributes: { state: string } }) => request.attributes.state);
    expect(states.slice(0, 2)).toEqual(['pending', 'pending']);
    expect(states).toContain('rejected');
    expect(body.meta.state_counts).toMatchObject({ pending: 2, rejected: 1 });
    expect(body.data[0].meta.abilities.decide).toBe(true);
    const names = body.included
      .filter((item: { type: string }) => item.type === 'accounts')
      .map((item: { attributes: { full_name: string } }) => item.attributes.full_name);
    expect(names).toContain('Sanne de Vries');
    expect(names).toContain('Sam Student');
  });

  it('wants a note to reject and only approved or rejected as the state', async () => {
    const [pending] = (await r.get('/api/v1/approval_requests?filter[state]=pending', coach)).body.data;
    const noNote = await r.patch(`/api/v1/approval_requests/${pending.id}`, coach, { state: 'rejected' });
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors[0]).toMatchObject({ code: 'REQUIRED', source: { pointer: '/note' } });
    const wrong = await r.patch(`/api/v1/approval_requests/${pending.id}`, coach, {
      state: 'pending',
      note: 'x',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].source.pointer).toBe('/state');
  });

  it('enrols the student on approval, records who, when and the mandate, notifies the student, once', async () => {
    const mine = await r.get(
      `/api/v1/approval_requests?filter[student]=${studentId}&filter[state]=pending`,
      coach,
    );
    const id = mine.body.data[0].id as string;
    const { status, body } = await r.patch(`/api/v1/approval_requests/${id}`, coach, {
      state: 'approved',
      note: 'Veel succes!',
    });
    expect(status).toBe(200);
    const mandate = await t.services.db
      .selectFrom('coach_mandates')
      .select('id')
      .where('coach_id', '=', coachId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(body.data.attributes).toMatchObject({ state: 'approved', note: 'Veel succes!' });
    expect(body.data.attributes.decided_at).toEqual(expect.any(String));
    expect(body.data.relationships).toMatchObject({
      decided_by: { data: { id: String(coachId) } },
      mandate: { data: { id: String(mandate.id) } },
    });
    const enrolled = await t.services.db
      .selectFrom('enrollments')
      .select('status')
      .where('account_id', '=', studentId)
      .where('course_id', '=', course)
      .executeTakeFirst();
    expect(enrolled?.status).toBe('active');
    const notification = await latestNotification(studentId);
    expect(notification).toMatchObject({
      message_key: 'enrollment_request_approved',
      link: `/courses/${course}`,
    });
    const read = await r.get(`/api/v1/accounts/${studentId}/notifications?page[size]=1`, student);
    expect(JSON.stringify(read.body.data[0])).toContain('Vergaderen met resultaat');
    const twice = await r.patch(`/api/v1/approval_requests/${id}`, coach, {
      state: 'rejected',
      note: 'Toch niet',
    });
    expect(twice.status).toBe(409);
    expect(twice.body.errors[0].code).toBe('ALREADY_DECIDED');
    // Enrolled now: enrolling again is an enrolment, not a new request.
    expect((await r.post(`/api/v1/courses/${course}/enrollments`, student)).status).toBe(200);
  });
});

describe('signing off a completion', () => {
  it('keeps the enrolment open until a coach signs the completion off', async () => {
    const patched = await r.patch(`/api/v1/courses/${course}`, admin, { requires_signoff: true });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes.requires_signoff).toBe(true);
    const objects = await t.services.db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', course)
      .orderBy('id')
      .execute();
    for (const object of objects) {
      const done = await r.put(`/api/v1/learning_objects/${object.id}/progress`, student, {
        completed: true,
      });
      expect(done.status).toBe(200);
    }
    const enrollment = () =>
      t.services.db
        .selectFrom('enrollments')
        .select(['status', 'completed_at'])
        .where('account_id', '=', studentId)
        .where('course_id', '=', course)
        .executeTakeFirstOrThrow();
    expect(await enrollment()).toMatchObject({ status: 'active', completed_at: null });
    expect(await latestNotification(coachId)).toMatchObject({ message_key: 'completion_signoff_requested' });
    // Completing again while the sign-off waits asks nothing new.
    await r.put(`/api/v1/learning_objects/${objects[0]!.id}/progress`, student, { completed: true });
    const waiting = await r.get(
      `/api/v1/approval_requests?filter[student]=${studentId}&filter[state]=pending`,
      coach,
    );
    expect(waiting.body.data).toHaveLength(1);
    expect(waiting.body.data[0].attributes.kind).toBe('completion');
    const signed = await r.patch(`/api/v1/approval_requests/${waiting.body.data[0].id}`, coach, {
      state: 'approved',
    });
    expect(signed.status).toBe(200);
    expect((await enrollment()).status).toBe('completed');
    expect(await latestNotification(studentId)).toMatchObject({
      message_key: 'completion_signoff_approved',
      link: `/courses/${course}`,
    });
  });
});

describe('mandates', () => {
  it('refuses a coach without a mandate (403), and staff grant and revoke them', async () => {
    const list = await r.get('/api/v1/coach_mandates?include=coach,courses', admin);
    expect(list.status).toBe(200);
    const mandate = list.body.data.find(
      (item: { relationships: { coach: { data: { id: string } } } }) =>
        item.relationships.coach.data.id === String(coachId),
    );
    expect(mandate.relationships.courses.data).toEqual([{ type: 'courses', id: String(course) }]);
    expect((await r.get('/api/v1/coach_mandates', coach)).status).toBe(403);

    expect((await r.del(`/api/v1/coach_mandates/${mandate.id}`, admin)).status).toBe(200);
    const refused = await r.get('/api/v1/approval_requests', coach);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('NO_MANDATE');
    const [pending] = (await r.get('/api/v1/approval_requests?filter[state]=pending', admin)).body.data;
    const decide = await r.patch(`/api/v1/approval_requests/${pending.id}`, coach, { state: 'approved' });
    expect(decide.status).toBe(403);
    expect(decide.body.errors[0].code).toBe('NO_MANDATE');
    // Staff read every request but do not decide.
    expect(
      (await r.patch(`/api/v1/approval_requests/${pending.id}`, admin, { state: 'approved' })).status,
    ).toBe(403);

    const notCoach = await r.post('/api/v1/coach_mandates', admin, {
      coach: { type: 'accounts', id: String(studentId) },
      all_courses: true,
    });
    expect(notCoach.status).toBe(422);
    expect(notCoach.body.errors[0]).toMatchObject({ code: 'NOT_A_COACH', source: { pointer: '/coach' } });
    const noCourses = await r.post('/api/v1/coach_mandates', admin, {
      coach: { type: 'accounts', id: String(coachId) },
      all_courses: false,
    });
    expect(noCourses.body.errors[0].source.pointer).toBe('/courses');
    const granted = await r.post('/api/v1/coach_mandates', admin, {
      coach: { type: 'accounts', id: String(coachId) },
      all_courses: true,
    });
    expect(granted.status).toBe(201);
    expect(granted.body.data.attributes.all_courses).toBe(true);
    const twice = await r.post('/api/v1/coach_mandates', admin, {
      coach: { type: 'accounts', id: String(coachId) },
      all_courses: true,
    });
    expect(twice.body.errors[0]).toMatchObject({ code: 'MANDATE_EXISTS', source: { pointer: '/coach' } });
    expect((await r.get('/api/v1/approval_requests', coach)).status).toBe(200);
    // The earlier decision still names the revoked mandate.
    const decided = await t.services.db
      .selectFrom('approval_requests')
      .select('mandate_id')
      .where('student_id', '=', studentId)
      .where('state', '=', 'approved')
      .executeTakeFirstOrThrow();
    expect(decided.mandate_id).toBe(Number(mandate.id));
  });

  it('answers 403 FEATURE_DISABLED when the portal has no approvals, and enrols directly', async () => {
    await withFeaturesOff(t, portalId, ['coach_mandate_approvals'], async () => {
      const list = await r.get('/api/v1/approval_requests', coach);
      expect(list.status).toBe(403);
      expect(list.body.errors[0].code).toBe('FEATURE_DISABLED');
      expect((await r.get('/api/v1/coach_mandates', admin)).body.errors[0].code).toBe('FEATURE_DISABLED');
      expect((await r.post(`/api/v1/courses/${course}/enrollments`, classmate)).status).toBe(201);
    });
  });
});
