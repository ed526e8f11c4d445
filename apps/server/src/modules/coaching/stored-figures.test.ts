/**
 * The figures the coach screens read from stored columns (decision 039) follow every change a
 * student or coach makes: an enrolment's progress after an approval, after a completion taken back
 * and after the course gains or loses a required object; the weekly hand-ins and reviews after a
 * hand-in, a review and an assignment deleted with its answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, learningObjectId, requests, SAMPLE_COURSE } from '../../test/requests';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let coach: string;
let admin: string;
let student: string;
let studentId: number;
let course: number;

interface Included {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: { course?: { data: { id: string } } };
}

/** The sample course's enrolment as the coach's student detail shows it. */
async function sampleEnrollment() {
  const { body } = await r.get(`/api/v1/students/${studentId}?include=enrollments`, coach);
  const enrollment = (body.included as Included[]).find(
    (item) => item.type === 'enrollments' && item.relationships?.course?.data.id === String(course),
  )!;
  return {
    progress: enrollment.attributes.progress as number,
    required: enrollment.attributes.required_count as number,
    completed: enrollment.attributes.completed_count as number,
    student: body.data.attributes.progress as number,
  };
}

/** The same counts from the source: the course's required objects and the completed progress rows. */
async function recounted() {
  const db = t.services.db;
  const required = await db
    .selectFrom('learning_objects')
    .select('id')
    .where('course_id', '=', course)
    .where('required', '=', 1)
    .execute();
  const completed = await db
    .selectFrom('learning_object_progress')
    .innerJoin('enrollments', 'enrollments.id', 'learning_object_progress.enrollment_id')
    .innerJoin('learning_objects', 'learning_objects.id', 'learning_object_progress.learning_object_id')
    .select('learning_object_progress.id')
    .where('enrollments.course_id', '=', course)
    .where('enrollments.account_id', '=', studentId)
    .where('learning_object_progress.status', '=', 'completed')
    .where('learning_objects.required', '=', 1)
    .execute();
  return { required: required.length, completed: completed.length };
}

/** This week's hand-ins and reviews of the coach's students on the dashboard. */
async function thisWeek() {
  const { weekly } = (await r.get('/api/v1/coach/overview', coach)).body.data.attributes;
  return { submissions: weekly.submissions.at(-1) as number, reviews: weekly.reviews.at(-1) as number };
}

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  coach = await t.login('coach@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  course = await courseId(t, SAMPLE_COURSE);
});
afterAll(() => t.close());

describe('stored progress', () => {
  it('starts from the demo data as counted from the progress rows', async () => {
    const shown = await sampleEnrollment();
    const source = await recounted();
    expect(shown).toMatchObject(source);
    expect(shown.progress).toBe(Math.floor((source.completed * 100) / source.required));
  });

  it('follows an approval that completes an assignment, and a completion the student takes back', async () => {
    const before = await sampleEnrollment();
    const week = await thisWeek();
    const plan = await learningObjectId(t, ACADEMY_OBJECTS.assignment);
    const handed = await r.post(`/api/v1/learning_objects/${plan}/answer/submit`, student, {
      text: '<p>Two of us lift the crate on a count of three.</p>',
    });
    expect(handed.status).toBe(200);
    expect(await thisWeek()).toEqual({ submissions: week.submissions + 1, reviews: week.reviews });
    const approved = await r.patch(`/api/v1/answers/${handed.body.data.id}`, coach, { outcome: 'approved' });
    expect(approved.status).toBe(200);
    expect(await thisWeek()).toEqual({ submissions: week.submissions + 1, reviews: week.reviews + 1 });

    const after = await sampleEnrollment();
    expect(after.completed).toBe(before.completed + 1);
    expect(after).toMatchObject(await recounted());
    expect(after.progress).toBeGreaterThan(before.progress);
    // The student's own enrolment list shows the same figure.
    const own = (await r.get('/api/v1/enrollments', student)).body.data.find(
      (e: Included) => e.relationships?.course?.data.id === String(course),
    );
    expect(own.attributes.progress).toBe(after.progress);

    // Un-ticking a page the student had completed takes it out of the stored count again.
    const page = await t.services.db
      .selectFrom('learning_object_progress')
      .innerJoin('learning_objects', 'learning_objects.id', 'learning_object_progress.learning_object_id')
      .innerJoin('enrollments', 'enrollments.id', 'learning_object_progress.enrollment_id')
      .select('learning_objects.id')
      .where('enrollments.account_id', '=', studentId)
      .where('enrollments.course_id', '=', course)
      .where('learning_objects.type', '=', 'page')
      .where('learning_object_progress.status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const reopened = await r.put(`/api/v1/learning_objects/${page.id}/progress`, student, {
      completed: false,
    });
    expect(reopened.status).toBe(200);
    const reset = await sampleEnrollment();
    expect(reset.completed).toBe(after.completed - 1);
    expect(reset).toMatchObject(await recounted());
    expect(reset.progress).toBeLessThan(after.progress);
  });

  it('follows the course gaining and losing a required object, and sorts students by it', async () => {
    const before = await sampleEnrollment();
    const section = (
      await r.get(`/api/v1/courses/${course}?include=course_sections`, admin)
    ).body.included.find((item: Included) => item.type === 'course_sections').id;
    const added = await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
      kind: 'page',
      title: 'Lifting with a colleague',
    });
    expect(added.status).toBe(201);
    const more = await sampleEnrollment();
    expect(more.required).toBe(before.required + 1);
    expect(more).toMatchObject(await recounted());
    expect(more.progress).toBeLessThanOrEqual(before.progress);

    const sorted = (await r.get('/api/v1/students?sort=-progress&page[size]=100', coach)).body.data;
    const mine = sorted.find((s: Included) => s.id === String(studentId));
    expect(mine.attributes.progress).toBe(more.student);
    const values = sorted.map((s: Included) => s.attributes.progress as number);
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));

    expect((await r.del(`/api/v1/learning_objects/${added.body.data.id}`, admin)).status).toBe(200);
    expect(await sampleEnrollment()).toEqual(before);
  });
});

describe('stored weekly figures', () => {
  it('drop the answers of an assignment deleted with them', async () => {
    const section = (
      await r.get(`/api/v1/courses/${course}?include=course_sections`, admin)
    ).body.included.find((item: Included) => item.type === 'course_sections').id;
    const created = await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
      kind: 'assignment',
      title: 'Describe your workplace',
    });
    expect(created.status).toBe(201);
    const week = await thisWeek();
    const handed = await r.post(`/api/v1/learning_objects/${created.body.data.id}/answer/submit`, student, {
      text: '<p>A warehouse with high shelves.</p>',
    });
    expect(handed.status).toBe(200);
    expect((await thisWeek()).submissions).toBe(week.submissions + 1);
    expect((await r.del(`/api/v1/learning_objects/${created.body.data.id}`, admin)).status).toBe(200);
    expect(await thisWeek()).toEqual(week);
  });
});
