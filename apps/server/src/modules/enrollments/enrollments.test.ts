import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, learningObjectId, requests, SAMPLE_COURSE } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_COURSES, ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;
let coach: string;
let studentId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
});
afterAll(() => t.close());

type Resource = { id: string; type: string; attributes: Record<string, unknown>; relationships: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('enrolling', () => {
  it('enrols once (201) and answers a second enrolment with the first (200)', async () => {
    const course = await courseId(t, ACADEMY_COURSES.phone);
    const first = await r.post(`/api/v1/courses/${course}/enrollments`, student);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      type: 'enrollments',
      attributes: { status: 'active', progress: 0, required_count: 3, completed_count: 0 },
      relationships: { course: { data: { type: 'courses', id: String(course) } } },
    });
    expect(first.body.included[0]).toMatchObject({ type: 'courses', meta: { abilities: { enroll: false } } });
    const again = await r.post(`/api/v1/courses/${course}/enrollments`, student);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
  });

  it('also takes POST /enrollments with the course as a relationship, as an enrolment reads it', async () => {
    const course = await courseId(t, ACADEMY_COURSES.leadingChange);
    const viaRelationship = await r.post('/api/v1/enrollments', student, {
      data: {
        type: 'enrollments',
        relationships: { course: { data: { type: 'courses', id: String(course) } } },
      },
    });
    expect(viaRelationship.status).toBe(201);
    expect(viaRelationship.body.data.relationships.course.data).toEqual({
      type: 'courses',
      id: String(course),
    });
    const missing = await r.post('/api/v1/enrollments', student, { data: { type: 'enrollments' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].source.pointer).toBe('/data/relationships/course');
    const oldName = await r.post('/api/v1/enrollments', student, { course_id: course });
    expect(oldName.status).toBe(422);
    expect(oldName.body.errors[0].source.pointer).toBe('/course');
  });

  it('answers 402 to a student without the subscription the portal needs', async () => {
    const nosub = await t.login('nosub-student@leerpad.test');
    const course = await courseId(t, ACADEMY_COURSES.phone);
    const { status, body } = await r.post(`/api/v1/courses/${course}/enrollments`, nosub);
    expect(status).toBe(402);
    expect(body.errors[0].code).toBe('PAYMENT_REQUIRED');
  });

  it('does not enrol in drafts (404 for students) or archived courses (409 for staff)', async () => {
    const draft = await courseId(t, ACADEMY_COURSES.forklift);
    expect((await r.post(`/api/v1/courses/${draft}/enrollments`, student)).status).toBe(404);
    const support = await t.login('support@leerpad.test');
    const archived = await courseId(t, ACADEMY_COURSES.manualHandling);
    const refused = await r.post(`/api/v1/courses/${archived}/enrollments`, support);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('COURSE_NOT_OPEN');
  });

  it("keeps enrolments inside the portal: the second portal's student cannot enrol in an academy course", async () => {
    const second = await t.login('second-student@leerpad.test', SECOND_HOST);
    const course = await courseId(t, SAMPLE_COURSE);
    expect(
      (await r.post(`/api/v1/courses/${course}/enrollments`, second, undefined, SECOND_HOST)).status,
    ).toBe(404);
  });
});

describe('my courses', () => {
  it('lists my enrolments with progress, the course and where to resume', async () => {
    const { status, body } = await r.get(
      '/api/v1/enrollments?include=course,last_learning_object&sort=enrolled_at',
      student,
    );
    expect(status).toBe(200);
    const sample = body.data[0];
    expect(sample.attributes).toMatchObject({
      status: 'active',
      progress: 50,
      required_count: 6,
      completed_count: 3,
    });
    const course = body.included.find(
      (i: Resource) => i.type === 'courses' && i.id === sample.relationships.course.data.id,
    );
    expect(course.attributes.title).toBe(SAMPLE_COURSE);
    const resume = body.included.find((i: Resource) => i.type === 'learning_objects');
    expect(resume.attributes.title).toBe(ACADEMY_OBJECTS.file);
    expect(body.meta.total).toBeGreaterThanOrEqual(1);
  });

  it("lets coaches and staff follow a course's enrolments, but not students", async () => {
    const course = await courseId(t, SAMPLE_COURSE);
    const { body } = await r.get(`/api/v1/enrollments?filter[course]=${course}&include=account`, coach);
    expect(body.data.length).toBeGreaterThanOrEqual(1);
    expect(body.included.some((i: Resource) => i.attributes.full_name === 'Sam Student')).toBe(true);
    expect((await r.get(`/api/v1/enrollments?filter[course]=${course}`, student)).status).toBe(403);
    const one = body.data[0].id;
    expect((await r.get(`/api/v1/enrollments/${one}?include=learning_object_progress`, admin)).status).toBe(
      200,
    );
    const nosub = await t.login('nosub-student@leerpad.test');
    expect((await r.get(`/api/v1/enrollments/${one}`, nosub)).status).toBe(404);
  });
});

describe('progress and completion', () => {
  it('records the position to resume at, and completes pages, videos and files only', async () => {
    const video = await learningObjectId(t, ACADEMY_OBJECTS.video);
    const saved = await r.put(`/api/v1/learning_objects/${video}/progress`, student, { last_position: 42 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({ last_position: 42, completed: true });
    expect(saved.body.included[0].relationships.last_learning_object.data.id).toBe(String(video));

    const quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
    const refused = await r.put(`/api/v1/learning_objects/${quiz}/progress`, student, { completed: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({ source: { pointer: '/completed' } });
    const bad = await r.put(`/api/v1/learning_objects/${video}/progress`, student, { last_position: -1 });
    expect(bad.body.errors[0].source.pointer).toBe('/last_position');
  });

  it('un-ticks and re-ticks a page', async () => {
    const page = await learningObjectId(t, ACADEMY_OBJECTS.page);
    const undone = await r.put(`/api/v1/learning_objects/${page}/progress`, student, { completed: false });
    expect(undone.body.data.attributes.status).toBe('in_progress');
    expect(undone.body.included[0].attributes.progress).toBe(33);
    const done = await r.put(`/api/v1/learning_objects/${page}/progress`, student, { completed: true });
    expect(done.body.included[0].attributes.progress).toBe(50);
  });

  it('completes the course with the last required object, once, and notifies the student with a link', async () => {
    const course = await courseId(t, ACADEMY_COURSES.phone);
    const objects = await t.services.db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', course)
      .orderBy('id')
      .execute();
    const before = await t.services.db
      .selectFrom('accounts')
      .select(['notifications_total', 'notifications_unread'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    let last;
    for (const object of objects) {
      last = await r.put(`/api/v1/learning_objects/${object.id}/progress`, student, { completed: true });
    }
    expect(last?.body.included[0].attributes).toMatchObject({ status: 'completed', progress: 100 });
    expect(last?.body.included[0].attributes.completed_at).not.toBeNull();
    // Completing again changes nothing and sends nothing more.
    await r.put(`/api/v1/learning_objects/${objects[0]!.id}/progress`, student, { completed: true });
    const after = await t.services.db
      .selectFrom('accounts')
      .select(['notifications_total', 'notifications_unread'])
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(after.notifications_total).toBe(before.notifications_total + 1);
    expect(after.notifications_unread).toBe(before.notifications_unread + 1);
    const newest = (await r.get(`/api/v1/accounts/${studentId}/notifications?page[size]=1`, student)).body
      .data[0];
    expect(newest.attributes).toMatchObject({
      // No language of their own: the portal's default (nl).
      message: `Je hebt de cursus "${ACADEMY_COURSES.phone}" afgerond. Goed gedaan!`,
      link: `/courses/${course}`,
      status: 'unread',
    });
    const completed = await r.get('/api/v1/enrollments?filter[status]=completed', student);
    expect(completed.body.data.map((e: Resource) => e.relationships.course.data.id)).toContain(
      String(course),
    );
  });

  it('writes the notification in the student’s own language', async () => {
    await r.patch(`/api/v1/accounts/${studentId}`, student, { locale: 'en' });
    const course = await courseId(t, ACADEMY_COURSES.leadingChange);
    const objects = await t.services.db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', course)
      .execute();
    for (const object of objects)
      await r.put(`/api/v1/learning_objects/${object.id}/progress`, student, { completed: true });
    const newest = (await r.get(`/api/v1/accounts/${studentId}/notifications?page[size]=1`, student)).body
      .data[0];
    expect(newest.attributes.message).toBe(
      `You completed the course "${ACADEMY_COURSES.leadingChange}". Well done!`,
    );
  });

  it('refuses progress from someone not enrolled', async () => {
    const course = await courseId(t, ACADEMY_COURSES.firstAid);
    const object = await t.services.db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', course)
      .executeTakeFirstOrThrow();
    const { status, body } = await r.put(`/api/v1/learning_objects/${object.id}/progress`, student, {
      completed: true,
    });
    expect(status).toBe(403);
    expect(body.errors[0].code).toBe('NOT_ENROLLED');
  });
});
