import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningObjectId, requests } from '../../test/requests';
import { withFeaturesOff } from '../../test/features';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';
import { QUIZ_QUESTIONS } from '../../db/seed/learning';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;
let quiz: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
});
afterAll(() => t.close());

type Question = { id: string; type: string; prompt: string; options: Array<{ id: string; text: string }> };

/** A quiz of its own in a fresh published course the student is enrolled in. */
async function freshQuiz(settings: Record<string, unknown> = {}) {
  const course = (
    await r.post('/api/v1/courses', admin, { title: `Quiz course ${Math.random()}`, status: 'published' })
  ).body.data.id;
  const section = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'S' })).body.data
    .id;
  const object = (
    await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
      kind: 'quiz',
      title: 'Q',
      settings,
    })
  ).body.data.id;
  await r.post(`/api/v1/courses/${course}/enrollments`, student);
  return { course, object };
}

// The right answers to the sample quiz's pool (db/seed/learning.ts), by prompt, in the pool's order.
const rightAnswers: Record<string, { option_ids?: string[]; text?: string }> = Object.fromEntries(
  [
    { option_ids: ['1'] },
    { option_ids: ['1', '2'] },
    { text: '25 KG' },
    { option_ids: ['1'] },
    { option_ids: ['1'] },
    { option_ids: ['1', '2'] },
  ].map((answer, index) => [QUIZ_QUESTIONS[index]!.prompt, answer]),
);

describe('quiz questions (authoring)', () => {
  it('shows the pool with answers to course managers only', async () => {
    const { body } = await r.get(`/api/v1/learning_objects/${quiz}/quiz_questions`, admin);
    expect(body.data).toHaveLength(6);
    expect(body.data[0].attributes.options[0]).toMatchObject({ correct: true });
    expect((await r.get(`/api/v1/learning_objects/${quiz}/quiz_questions`, student)).status).toBe(403);
  });

  it('adds, edits (keeping option ids) and deletes questions, pointing at what is wrong', async () => {
    const { object } = await freshQuiz();
    const url = `/api/v1/learning_objects/${object}/quiz_questions`;
    const bad = await r.post(url, admin, {
      kind: 'single_choice',
      prompt: 'Pick one',
      options: [
        { text: 'A', correct: true },
        { text: 'B', correct: true },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/options');
    const open = await r.post(url, admin, { kind: 'open_answer', prompt: 'Say it', accepted_answers: [] });
    expect(open.body.errors[0].source.pointer).toBe('/accepted_answers');

    const created = await r.post(url, admin, {
      kind: 'multiple_choice',
      prompt: 'Pick some',
      options: [
        { text: 'A', correct: true },
        { text: 'B', correct: false },
        { text: 'C', correct: true, feedback: 'Yes' },
      ],
      points: 2,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.options.map((o: { id: string }) => o.id)).toEqual(['1', '2', '3']);
    const edited = await r.patch(`/api/v1/quiz_questions/${created.body.data.id}`, admin, {
      options: [
        { id: '3', text: 'C', correct: true },
        { text: 'D', correct: false },
      ],
    });
    expect(
      edited.body.data.attributes.options.map((o: { id: string; text: string }) => `${o.id}:${o.text}`),
    ).toEqual(['3:C', '4:D']);
    expect((await r.del(`/api/v1/quiz_questions/${created.body.data.id}`, admin)).status).toBe(200);
    expect((await r.get(url, admin)).body.data).toHaveLength(0);
  });
});

describe('taking a quiz', () => {
  it('draws 4 of 6 questions on the server and sends no answers before submitting', async () => {
    const started = await r.post(`/api/v1/learning_objects/${quiz}/quiz_attempts`, student);
    expect(started.status).toBe(201);
    const attempt = started.body.data;
    expect(attempt.attributes.status).toBe('in_progress');
    expect(attempt.attributes.questions).toHaveLength(4);
    expect(attempt.attributes.results).toBeNull();
    const raw = JSON.stringify(started.body);
    expect(raw).not.toMatch(/"correct"|accepted_answers|correct_option_ids|feedback/);
    expect(attempt.meta).toMatchObject({ attempts_limit: 3, attempts_left: 3, pass_mark: 70 });

    // Reloading resumes the same attempt with its saved answers.
    const first = attempt.attributes.questions[0] as Question;
    const saved = await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, {
      responses: [{ question_id: first.id, ...rightAnswers[first.prompt] }],
    });
    expect(saved.status).toBe(200);
    const resumed = await r.post(`/api/v1/learning_objects/${quiz}/quiz_attempts`, student);
    expect(resumed.status).toBe(200);
    expect(resumed.body.data.id).toBe(attempt.id);
    expect(resumed.body.data.attributes.responses).toHaveLength(1);
  });

  it('scores a submission, gives feedback, completes the object and keeps the best score', async () => {
    const { body } = await r.post(`/api/v1/learning_objects/${quiz}/quiz_attempts`, student);
    const questions = body.data.attributes.questions as Question[];
    const responses = questions.map((question) => ({
      question_id: question.id,
      ...rightAnswers[question.prompt],
    }));
    const submitted = await r.patch(`/api/v1/quiz_attempts/${body.data.id}`, student, {
      responses,
      submit: true,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.attributes).toMatchObject({
      status: 'submitted',
      score: 4,
      max_score: 4,
      percent: 100,
      passed: true,
    });
    const results = submitted.body.data.attributes.results;
    expect(results).toHaveLength(4);
    expect(results.every((result: { correct: boolean }) => result.correct)).toBe(true);
    expect(results[0]).toHaveProperty('correct_option_ids');
    const progress = submitted.body.included.find(
      (i: { type: string }) => i.type === 'learning_object_progress',
    );
    expect(progress.attributes).toMatchObject({ completed: true, score: 100, attempts_count: 1 });
    const enrollment = submitted.body.included.find((i: { type: string }) => i.type === 'enrollments');
    expect(enrollment.attributes.completed_count).toBe(4);

    // A submitted attempt is closed.
    const again = await r.patch(`/api/v1/quiz_attempts/${body.data.id}`, student, { submit: true });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('ATTEMPT_SUBMITTED');

    // A worse retry keeps the pass and the best score.
    const retry = (await r.post(`/api/v1/learning_objects/${quiz}/quiz_attempts`, student)).body.data;
    const failed = await r.patch(`/api/v1/quiz_attempts/${retry.id}`, student, { submit: true });
    expect(failed.body.data.attributes).toMatchObject({ percent: 0, passed: false });
    const keptProgress = failed.body.included.find(
      (i: { type: string }) => i.type === 'learning_object_progress',
    );
    expect(keptProgress.attributes).toMatchObject({ completed: true, score: 100, attempts_count: 2 });

    const history = await r.get(`/api/v1/learning_objects/${quiz}/quiz_attempts`, student);
    expect(history.body.meta).toMatchObject({
      attempts_used: 2,
      attempts_left: 1,
      best_percent: 100,
      passed: true,
    });
  });

  it('stops at the attempts limit', async () => {
    const { object } = await freshQuiz({ attempts_limit: 1 });
    await r.post(`/api/v1/learning_objects/${object}/quiz_questions`, admin, {
      kind: 'open_answer',
      prompt: 'Capital of the Netherlands?',
      accepted_answers: ['Amsterdam'],
    });
    const attempt = (await r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student)).body.data;
    const bad = await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, {
      responses: [
        { question_id: 999999, text: 'x' },
        { question_id: attempt.attributes.questions[0].id, option_ids: ['1'] },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/responses/0/question_id',
      '/responses/1/option_ids',
    ]);
    const done = await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, {
      responses: [{ question_id: attempt.attributes.questions[0].id, text: 'amsterdam' }],
      submit: true,
    });
    expect(done.body.data.attributes.passed).toBe(true);
    const refused = await r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('ATTEMPTS_EXHAUSTED');
  });

  it('keeps attempts private to their student', async () => {
    const attempt = (await r.get(`/api/v1/learning_objects/${quiz}/quiz_attempts`, student)).body.data[0];
    const nosub = await t.login('nosub-student@leerpad.test');
    expect((await r.get(`/api/v1/quiz_attempts/${attempt.id}`, nosub)).status).toBe(404);
    const coach = await t.login('coach@leerpad.test');
    expect((await r.get(`/api/v1/quiz_attempts/${attempt.id}`, coach)).status).toBe(200);
    // Coaches follow, they do not answer (refused before the attempt is even looked up).
    expect(
      (await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, coach, { submit: true })).status,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe('importing questions', () => {
  const gift = [
    '::Q1:: Which colour is a fire extinguisher? {=Red ~Blue ~Green}',
    '',
    'Name the emergency number in Europe. {=112}',
    '',
    'Extinguishers are checked yearly. {T}',
  ].join('\n');

  it('imports GIFT in one go and reports the counts', async () => {
    const { object } = await freshQuiz();
    const dry = await r.post(`/api/v1/learning_objects/${object}/quiz_imports`, admin, {
      format: 'gift',
      text: gift,
      dry_run: true,
    });
    expect(dry.body.meta).toEqual({ valid: 3, imported: 0 });
    const { status, body } = await r.post(`/api/v1/learning_objects/${object}/quiz_imports`, admin, {
      format: 'gift',
      text: gift,
    });
    expect(status).toBe(201);
    expect(body.meta).toEqual({ imported: 3, total_questions: 3 });
    expect(body.data.map((q: { attributes: { kind: string } }) => q.attributes.kind)).toEqual([
      'single_choice',
      'open_answer',
      'single_choice',
    ]);
  });

  it('imports nothing when any line is wrong, with one error per bad line', async () => {
    const { object } = await freshQuiz();
    const csv = [
      'type,question,options,correct',
      'single,Good one?,Yes|No,1',
      'essay,Tell me,,',
      'single,Too many right?,A|B,1|2',
      'open,Fine,,ok',
    ].join('\n');
    const { status, body } = await r.post(`/api/v1/learning_objects/${object}/quiz_imports`, admin, {
      format: 'csv',
      text: csv,
    });
    expect(status).toBe(422);
    expect(
      body.errors.map((e: { source: { pointer: string }; code: string }) => [e.code, e.source.pointer]),
    ).toEqual([
      ['INVALID_LINE', '/lines/3'],
      ['INVALID_LINE', '/lines/4'],
    ]);
    expect(body.errors[0].meta).toEqual({ line: 3 });
    expect((await r.get(`/api/v1/learning_objects/${object}/quiz_questions`, admin)).body.data).toHaveLength(
      0,
    );
  });

  it('needs the quiz-import feature', async () => {
    await withFeaturesOff(t, 1, ['quiz-import'], async () => {
      const { status, body } = await r.post(`/api/v1/learning_objects/${quiz}/quiz_imports`, admin, {
        format: 'gift',
        text: gift,
      });
      expect(status).toBe(403);
      expect(body.errors[0].code).toBe('FEATURE_DISABLED');
    });
  });

  it("never imports into another portal's quiz", async () => {
    const second = await t.login('second-student@leerpad.test', SECOND_HOST);
    const { status } = await r.post(
      `/api/v1/learning_objects/${quiz}/quiz_attempts`,
      second,
      undefined,
      SECOND_HOST,
    );
    expect(status).toBe(404);
  });
});
