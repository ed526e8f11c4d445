import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, learningObjectId, requests, SAMPLE_COURSE } from '../../test/requests';
import { withFeaturesOff } from '../../test/features';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_CHECKLIST_FILE, ACADEMY_COURSES, ACADEMY_OBJECTS } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;
let coach: string;
let section: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  const course = (await r.post('/api/v1/courses', admin, { title: 'Objects', status: 'published' })).body.data
    .id;
  section = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'S' })).body.data.id;
});
afterAll(() => t.close());

const create = (payload: Record<string, unknown>) =>
  r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, payload);

describe('authoring learning objects', () => {
  it('creates one of every kind with its own settings', async () => {
    const page = await create({
      kind: 'page',
      title: 'Read',
      body: '<p>Hi<script>x()</script></p>',
      estimated_minutes: 4,
    });
    expect(page.status).toBe(201);
    expect(page.body.data.attributes).toMatchObject({
      kind: 'page',
      body: '<p>Hi</p>',
      required: true,
      position: 1,
    });

    const video = await create({
      kind: 'video',
      title: 'Watch',
      video_url: 'https://youtu.be/dQw4w9WgXcQ?t=30',
    });
    expect(video.body.data.attributes).toMatchObject({
      video_provider: 'youtube',
      embed_url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30',
    });

    const quiz = await create({
      kind: 'quiz',
      title: 'Test',
      settings: {
        pass_mark: 80,
        attempts_limit: 2,
        questions_per_attempt: 3,
        time_limit_minutes: 45,
        answer_type: 'file',
      },
    });
    expect(quiz.body.data.attributes.settings).toEqual({
      pass_mark: 80,
      attempts_limit: 2,
      questions_per_attempt: 3,
      time_limit_minutes: 45,
      question_count: 0,
    });

    const assignment = await create({
      kind: 'assignment',
      title: 'Do',
      required: false,
      settings: { answer_type: 'text_and_file', group_submission: true },
    });
    expect(assignment.body.data.attributes).toMatchObject({
      required: false,
      settings: { answer_type: 'text_and_file', group_submission: true },
    });
    expect(assignment.body.data.attributes.position).toBe(4);
  });

  it('refuses a video address it cannot embed and a file object without a file, pointing at them', async () => {
    for (const url of [
      'https://example.org/clip.avi',
      'http://cdn.example.org/clip.mp4',
      'javascript:alert(1)',
    ]) {
      const { status, body } = await create({ kind: 'video', title: 'Bad', video_url: url });
      expect(status, url).toBe(422);
      expect(body.errors[0].source.pointer).toBe('/video_url');
    }
    const file = await create({ kind: 'file', title: 'No file' });
    expect(file.status).toBe(422);
    expect(file.body.errors[0].source.pointer).toBe('/file');
    const unknownKind = await create({ kind: 'hologram', title: 'X' });
    expect(unknownKind.body.errors[0].source.pointer).toBe('/kind');
    const wrongFile = await create({
      data: {
        type: 'learning_objects',
        attributes: { kind: 'file', title: 'No such file' },
        relationships: { file: { data: { type: 'files', id: '999999' } } },
      },
    });
    expect(wrongFile.status).toBe(422);
    expect(wrongFile.body.errors[0].source.pointer).toBe('/data/relationships/file/data');
  });

  it('keeps the kind of an object, and edits the rest', async () => {
    const page = (await create({ kind: 'page', title: 'Edit me' })).body.data.id;
    const changed = await r.patch(`/api/v1/learning_objects/${page}`, admin, {
      data: { type: 'learning_objects', id: page, attributes: { kind: 'video' } },
    });
    expect(changed.status).toBe(422);
    expect(changed.body.errors[0].source.pointer).toBe('/data/attributes/kind');
    const edited = await r.patch(`/api/v1/learning_objects/${page}`, admin, {
      title: 'Edited',
      required: false,
    });
    expect(edited.body.data.attributes).toMatchObject({ title: 'Edited', required: false });
    expect((await r.patch(`/api/v1/learning_objects/${page}`, coach, { title: 'Coach' })).status).toBe(403);
    expect((await r.del(`/api/v1/learning_objects/${page}`, admin)).status).toBe(200);
    expect((await r.get(`/api/v1/learning_objects/${page}`, admin)).status).toBe(404);
  });

  it('turns random draws and group submissions away where the portal has them off', async () => {
    await withFeaturesOff(t, 1, ['random-quizzes', 'group_assignments'], async () => {
      const quiz = await create({ kind: 'quiz', title: 'Q', settings: { questions_per_attempt: 2 } });
      expect(quiz.status).toBe(422);
      expect(quiz.body.errors[0]).toMatchObject({
        code: 'FEATURE_DISABLED',
        source: { pointer: '/settings/questions_per_attempt' },
      });
      const group = await create({ kind: 'assignment', title: 'G', settings: { group_submission: true } });
      expect(group.body.errors[0].source.pointer).toBe('/settings/group_submission');
    });
  });
});

describe('reading a learning object', () => {
  it('gives an enrolled student the content, and the file with include', async () => {
    const file = await learningObjectId(t, ACADEMY_OBJECTS.file);
    const { status, body } = await r.get(
      `/api/v1/learning_objects/${file}?include=file,learning_object_progress`,
      student,
    );
    expect(status).toBe(200);
    expect(body.data.attributes.body).toContain('checklist');
    expect(body.data.meta.abilities).toMatchObject({ complete: true, update: false, report_issue: true });
    const included = Object.fromEntries(body.included.map((i: { type: string }) => [i.type, i]));
    expect(included.files.attributes).toMatchObject({
      name: ACADEMY_CHECKLIST_FILE,
      content_type: 'application/pdf',
    });
    expect(included.learning_object_progress.attributes.completed).toBe(true);
  });

  it('never sends quiz questions or answers with the object', async () => {
    const quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
    const { body } = await r.get(`/api/v1/learning_objects/${quiz}`, student);
    expect(body.data.attributes.settings).toMatchObject({ question_count: 6, questions_per_attempt: 4 });
    expect(JSON.stringify(body)).not.toMatch(/correct|accepted_answers|gebogen knieën/i);
  });

  it('asks a student to enrol first (403 NOT_ENROLLED) and lets coaches read without enrolling', async () => {
    const other = await courseId(t, ACADEMY_COURSES.firstAid);
    const object = await t.services.db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', other)
      .executeTakeFirstOrThrow();
    const refused = await r.get(`/api/v1/learning_objects/${object.id}`, student);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('NOT_ENROLLED');
    expect((await r.get(`/api/v1/learning_objects/${object.id}`, coach)).status).toBe(200);
  });

  it('asks for a subscription when the student has none (402)', async () => {
    const sample = await courseId(t, SAMPLE_COURSE);
    const nosub = await t.accountId('nosub-student@leerpad.test');
    await t.services.db
      .insertInto('enrollments')
      .values({
        portal_id: 1,
        course_id: sample,
        account_id: nosub,
        status: 'active',
        last_learning_object_id: null,
        enrolled_at: new Date().toISOString(),
        last_activity_at: new Date().toISOString(),
        completed_at: null,
      })
      .execute();
    const cookie = await t.login('nosub-student@leerpad.test');
    const page = await learningObjectId(t, ACADEMY_OBJECTS.page);
    const { status, body } = await r.get(`/api/v1/learning_objects/${page}`, cookie);
    expect(status).toBe(402);
    expect(body.errors[0].code).toBe('PAYMENT_REQUIRED');
  });
});
