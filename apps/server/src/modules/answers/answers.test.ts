import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, learningObjectId, requests, SAMPLE_COURSE } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let coach: string;
let admin: string;
let studentId: number;
let assignment: number;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  assignment = await learningObjectId(t, ACADEMY_OBJECTS.assignment);
  url = `/api/v1/learning_objects/${assignment}/answer`;
});
afterAll(() => t.close());

describe('answering an assignment', () => {
  it('has no answer before the first save', async () => {
    const { status, body } = await r.get(url, student);
    expect(status).toBe(200);
    expect(body.data).toBeNull();
  });

  it('autosaves a draft that survives a reload, sanitised, and keeps it private from coaches', async () => {
    const saved = await r.put(url, student, {
      text: '<p>Two people <b>lift</b> the crate.</p><script>x()</script>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({
      status: 'draft',
      text: '<p>Two people <b>lift</b> the crate.</p>',
    });
    expect(saved.body.data.meta.abilities).toMatchObject({ edit: true, submit: true, review: false });
    // Saving the same draft again (a retried request) is harmless.
    const again = await r.put(url, student, { text: '<p>Two people <b>lift</b> the crate.</p>' });
    expect(again.body.data.id).toBe(saved.body.data.id);
    const reloaded = await r.get(`${url}?include=members`, student);
    expect(reloaded.body.data.attributes.text).toContain('crate');
    expect(reloaded.body.included.map((a: { id: string }) => a.id)).toEqual([String(studentId)]);
    // The demo has answers waiting in another course (Basiskennis eerste hulp); none in this one yet.
    const list = await r.get(`/api/v1/answers?filter[course]=${await courseId(t, SAMPLE_COURSE)}`, coach);
    expect(list.body.data).toEqual([]);
    expect((await r.get(`/api/v1/answers/${saved.body.data.id}`, coach)).status).toBe(404);
  });

  it('refuses to hand in an empty answer, pointing at the text', async () => {
    const { status, body } = await r.post(`${url}/submit`, student, { text: '<p> </p>' });
    expect(status).toBe(422);
    expect(body.errors[0].source.pointer).toBe('/text');
    // The failed hand-in still kept what was sent as the draft.
    expect((await r.get(url, student)).body.data.attributes.status).toBe('draft');
  });

  it('hands in, after which the answer is locked and waits for a coach', async () => {
    const { status, body } = await r.post(`${url}/submit`, student, {
      text: '<p>We use the trolley and lift together on a count of three.</p>',
    });
    expect(status).toBe(200);
    expect(body.data.attributes.status).toBe('submitted');
    expect(body.data.attributes.submitted_at).not.toBeNull();
    const locked = await r.put(url, student, { text: 'changed' });
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0].code).toBe('ANSWER_SUBMITTED');
  });

  it('lets the coach find it, ask for a revision, and the student resubmit', async () => {
    const queue = await r.get(
      `/api/v1/answers?filter[status]=submitted&filter[course]=${await courseId(t, SAMPLE_COURSE)}&include=account,learning_object`,
      coach,
    );
    expect(queue.body.meta.total).toBe(1);
    const answer = queue.body.data[0];
    expect(answer.meta.abilities.review).toBe(true);
    expect(
      queue.body.included.find((i: { type: string }) => i.type === 'accounts').attributes.full_name,
    ).toBe('Sam Student');
    const revise = await r.patch(`/api/v1/answers/${answer.id}`, coach, {
      outcome: 'revision_requested',
      feedback: 'Say who counts to three.',
    });
    expect(revise.status).toBe(200);
    expect(revise.body.data.attributes).toMatchObject({
      status: 'revision_requested',
      feedback: 'Say who counts to three.',
    });
    const notification = (await r.get(`/api/v1/accounts/${studentId}/notifications?page[size]=1`, student))
      .body.data[0];
    expect(notification.attributes.link).toBe(
      `/courses/${await courseId(t, SAMPLE_COURSE)}?learning_object=${assignment}`,
    );
    expect((await r.patch(`/api/v1/answers/${answer.id}`, coach, { outcome: 'approved' })).status).toBe(409);
    const resubmitted = await r.post(`${url}/submit`, student, {
      text: '<p>I count to three, then we lift.</p>',
    });
    expect(resubmitted.body.data.attributes.status).toBe('submitted');
  });

  it('completes the assignment for the student on approval, with grade and feedback and a notification', async () => {
    const [answer] = (
      await r.get(
        `/api/v1/answers?filter[status]=submitted&filter[course]=${await courseId(t, SAMPLE_COURSE)}`,
        coach,
      )
    ).body.data;
    const before = (await r.get('/api/v1/enrollments', student)).body.data[0].attributes.completed_count;
    const unreadBefore = (await r.get(`/api/v1/accounts/${studentId}/notifications`, student)).body.meta
      .unread;
    const approved = await r.patch(`/api/v1/answers/${answer.id}`, coach, {
      outcome: 'approved',
      grade: 85,
      feedback: 'Clear plan.',
    });
    expect(approved.body.data.attributes).toMatchObject({ status: 'approved', grade: 85 });
    expect(approved.body.data.relationships.reviewer.data.id).toBe(
      String(await t.accountId('coach@leerpad.test')),
    );
    const after = (await r.get('/api/v1/enrollments', student)).body.data[0].attributes.completed_count;
    expect(after).toBe(before + 1);
    const meta = (await r.get(`/api/v1/accounts/${studentId}/notifications?page[size]=1`, student)).body;
    expect(meta.meta.unread).toBe(unreadBefore + 1);
    expect(meta.data[0].attributes.message).toContain(ACADEMY_OBJECTS.assignment);
    // The student sees the review on their own answer.
    const mine = await r.get(url, student);
    expect(mine.body.data.attributes).toMatchObject({
      status: 'approved',
      grade: 85,
      feedback: 'Clear plan.',
    });
  });

  it('lets only coaches and staff review, and only answers of their portal', async () => {
    const [answer] = (
      await r.get(`/api/v1/answers?filter[course]=${await courseId(t, SAMPLE_COURSE)}`, admin)
    ).body.data;
    expect((await r.patch(`/api/v1/answers/${answer.id}`, student, { outcome: 'approved' })).status).toBe(
      403,
    );
    const bad = await r.patch(`/api/v1/answers/${answer.id}`, coach, { outcome: 'great', grade: 101 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/grade',
      '/outcome',
    ]);
  });
});

describe('group answers', () => {
  it('lets a student hand in together with enrolled classmates who accept, and both see it', async () => {
    const nosubId = await t.accountId('nosub-student@leerpad.test');
    const course = await courseId(t, SAMPLE_COURSE);
    // A classmate on another assignment of the same course: enrolled directly for the test.
    await t.services.db
      .insertInto('enrollments')
      .values({
        portal_id: 1,
        course_id: course,
        account_id: nosubId,
        status: 'active',
        last_learning_object_id: null,
        enrolled_at: new Date().toISOString(),
        last_activity_at: new Date().toISOString(),
        completed_at: null,
      })
      .execute();
    const section = (await r.get(`/api/v1/courses/${course}?include=course_sections`, admin)).body.included[2]
      .id;
    const group = (
      await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
        kind: 'assignment',
        title: 'Team lift',
        settings: { group_submission: true },
      })
    ).body.data.id;
    const groupUrl = `/api/v1/learning_objects/${group}/answer`;
    const wrong = await r.put(groupUrl, student, { text: 'x', member_ids: [studentId, 999999] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/member_ids/0',
      '/member_ids/1',
    ]);
    const saved = await r.put(groupUrl, student, { text: '<p>Together</p>', member_ids: [nosubId] });
    // The classmate is invited; they are a member only once they accept.
    expect(saved.body.data.relationships.members.data.map((m: { id: string }) => m.id)).toEqual([
      String(studentId),
    ]);
    expect(saved.body.data.attributes.invitations).toEqual([
      { account_id: String(nosubId), state: 'invited' },
    ]);
    const nosub = await t.login('nosub-student@leerpad.test');
    const accepted = await r.post(`/api/v1/answers/${saved.body.data.id}/invitation`, nosub, {
      decision: 'accept',
    });
    expect(accepted.body.data.relationships.members.data.map((m: { id: string }) => m.id).sort()).toEqual(
      [String(studentId), String(nosubId)].sort(),
    );
    const answers = await t.services.db
      .selectFrom('answer_members')
      .select('account_id')
      .where('learning_object_id', '=', group)
      .execute();
    expect(answers).toHaveLength(2);
    // Solo assignments take no members.
    const solo = await learningObjectId(t, ACADEMY_OBJECTS.assignment);
    const refused = await r.put(`/api/v1/learning_objects/${solo}/answer`, student, {
      member_ids: [nosubId],
    });
    expect([409, 422]).toContain(refused.status);
  });
});

describe('handing in an answer that lacks what the assignment asks for', () => {
  it('keeps the text that was sent and points at the missing file', async () => {
    const course = await courseId(t, SAMPLE_COURSE);
    const outline = await r.get(`/api/v1/courses/${course}?include=course_sections`, admin);
    const sectionId = outline.body.data.relationships.course_sections.data[0].id;
    const created = await r.post(`/api/v1/course_sections/${sectionId}/learning_objects`, admin, {
      kind: 'assignment',
      title: 'Photograph your lifting area',
      settings: { answer_type: 'text_and_file' },
    });
    expect(created.status).toBe(201);
    const answerUrl = `/api/v1/learning_objects/${created.body.data.id}/answer`;

    const refused = await r.post(`${answerUrl}/submit`, student, { text: '<p>The shelf by the door.</p>' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer)).toEqual(
      ['/file'],
    );
    const kept = (await r.get(answerUrl, student)).body.data;
    expect(kept.attributes.status).toBe('draft');
    expect(kept.attributes.text).toBe('<p>The shelf by the door.</p>');
  });
});
