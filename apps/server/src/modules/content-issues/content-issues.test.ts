import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, learningObjectId, requests, SAMPLE_COURSE } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_COURSES, ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;
let studentId: number;
let quiz: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
});
afterAll(() => t.close());

describe('reporting a problem', () => {
  it('takes a category and a description from an enrolled student', async () => {
    const { status, body } = await r.post(`/api/v1/learning_objects/${quiz}/content_issues`, student, {
      category: 'incorrect_content',
      description: 'Question 3 accepts only kilograms.',
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      type: 'content_issues',
      attributes: { category: 'incorrect_content', status: 'open', resolved_at: null },
      relationships: {
        learning_object: { data: { id: String(quiz) } },
        course: { data: { id: String(await courseId(t, SAMPLE_COURSE)) } },
        reporter: { data: { id: String(studentId) } },
      },
    });
  });

  it('points at a missing description and an unknown category', async () => {
    const { status, body } = await r.post(`/api/v1/learning_objects/${quiz}/content_issues`, student, {
      category: 'rant',
      description: '   ',
    });
    expect(status).toBe(422);
    expect(body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/category',
      '/description',
    ]);
  });

  it('is not open to students of other courses or portals', async () => {
    const other = await courseId(t, ACADEMY_COURSES.firstAid);
    const object = await t.services.db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', other)
      .executeTakeFirstOrThrow();
    expect(
      (
        await r.post(`/api/v1/learning_objects/${object.id}/content_issues`, student, {
          category: 'typo',
          description: 'x',
        })
      ).status,
    ).toBe(403);
    const second = await t.login('second-student@leerpad.test', SECOND_HOST);
    expect(
      (
        await r.post(
          `/api/v1/learning_objects/${quiz}/content_issues`,
          second,
          { category: 'typo', description: 'x' },
          SECOND_HOST,
        )
      ).status,
    ).toBe(404);
  });
});

describe('triage', () => {
  it('lists issues for staff, filtered by status, with counts per status', async () => {
    const { body } = await r.get(
      '/api/v1/content_issues?filter[status]=open&include=course,learning_object,reporter',
      admin,
    );
    expect(body.meta).toMatchObject({ total: 2, status_counts: { open: 2, in_progress: 1, resolved: 0 } });
    expect(body.data[0].attributes.description).toBe('Question 3 accepts only kilograms.');
    const types = new Set(body.included.map((i: { type: string }) => i.type));
    expect([...types].sort()).toEqual(['accounts', 'courses', 'learning_objects']);
    const both = await r.get('/api/v1/content_issues?filter[status]=open,in_progress&sort=created_at', admin);
    expect(both.body.meta.total).toBe(3);
  });

  it('shows a student only their own reports and refuses them triage', async () => {
    const mine = await r.get('/api/v1/content_issues', student);
    expect(
      mine.body.data.every(
        (i: { relationships: { reporter: { data: { id: string } } } }) =>
          i.relationships.reporter.data.id === String(studentId),
      ),
    ).toBe(true);
    const nosub = await t.login('nosub-student@leerpad.test');
    expect((await r.get('/api/v1/content_issues', nosub)).body.data).toEqual([]);
    expect((await r.get(`/api/v1/content_issues/${mine.body.data[0].id}`, nosub)).status).toBe(404);
    expect(
      (await r.patch(`/api/v1/content_issues/${mine.body.data[0].id}`, student, { status: 'resolved' }))
        .status,
    ).toBe(403);
  });

  it('moves an issue along and notifies the reporter once when it is resolved', async () => {
    const issue = (await r.get('/api/v1/content_issues?filter[status]=open', admin)).body.data[0];
    const unread = async () =>
      (await r.get(`/api/v1/accounts/${studentId}/notifications`, student)).body.meta.unread;
    const before = await unread();
    const progress = await r.patch(`/api/v1/content_issues/${issue.id}`, admin, {
      status: 'in_progress',
      staff_note: 'Checking',
    });
    expect(progress.body.data.attributes).toMatchObject({ status: 'in_progress', staff_note: 'Checking' });
    expect(await unread()).toBe(before);
    const resolved = await r.patch(`/api/v1/content_issues/${issue.id}`, admin, { status: 'resolved' });
    expect(resolved.body.data.attributes.resolved_at).not.toBeNull();
    expect(resolved.body.data.relationships.resolved_by.data.id).toBe(
      String(await t.accountId('admin@leerpad.test')),
    );
    await r.patch(`/api/v1/content_issues/${issue.id}`, admin, { status: 'resolved', staff_note: 'Fixed' });
    expect(await unread()).toBe(before + 1);
    const newest = (await r.get(`/api/v1/accounts/${studentId}/notifications?page[size]=1`, student)).body
      .data[0];
    expect(newest.attributes.message).toContain(ACADEMY_OBJECTS.quiz);
    expect(newest.attributes.link).toBe(
      `/courses/${await courseId(t, SAMPLE_COURSE)}?learning_object=${quiz}`,
    );
    // Reopening clears the resolution.
    const reopened = await r.patch(`/api/v1/content_issues/${issue.id}`, admin, { status: 'open' });
    expect(reopened.body.data.attributes.resolved_at).toBeNull();
    const bad = await r.patch(`/api/v1/content_issues/${issue.id}`, admin, { status: 'closed' });
    expect(bad.body.errors[0].source.pointer).toBe('/status');
  });
});
