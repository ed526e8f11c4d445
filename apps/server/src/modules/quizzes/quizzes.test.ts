import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learningObjectId, requests } from '../../test/requests';
import { withFeaturesOff } from '../../test/features';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';
import { QUIZ_QUESTIONS } from '../../db/seed/learning';
import { QTI21_ITEMS, qti21Package, zipBase64 } from '../../test/qti-samples';

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
    expect(dry.body.meta).toEqual({ valid: 3, imported: 0, skipped: [] });
    const { status, body } = await r.post(`/api/v1/learning_objects/${object}/quiz_imports`, admin, {
      format: 'gift',
      text: gift,
    });
    expect(status).toBe(201);
    expect(body.meta).toEqual({ imported: 3, total_questions: 3, skipped: [] });
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

describe('QTI', () => {
  const imported = (object: string, payload: Record<string, unknown>) =>
    r.post(`/api/v1/learning_objects/${object}/quiz_imports`, admin, { format: 'qti', ...payload });
  const questionsOf = async (object: string) =>
    (await r.get(`/api/v1/learning_objects/${object}/quiz_questions`, admin)).body.data.map(
      (question: { attributes: Record<string, unknown> }) => {
        const { kind, prompt, options, accepted_answers, feedback, points } = question.attributes;
        return {
          kind,
          prompt,
          options: (options as Array<{ text: string; correct: boolean; feedback: string | null }>).map(
            ({ text, correct, feedback: said }) => ({ text, correct, feedback: said }),
          ),
          accepted_answers,
          feedback,
          points,
        };
      },
    );

  it("imports a QTI 2.1 package in the test's order, and lists the item it cannot ask", async () => {
    const { object } = await freshQuiz();
    const dry = await imported(object, { package: await qti21Package(), dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.meta).toEqual({
      valid: 6,
      imported: 0,
      skipped: [
        {
          item: 'exit-map',
          file: 'items/hotspot.xml',
          reason: 'hotspotInteraction is not a question type this quiz has.',
        },
      ],
    });
    const done = await imported(object, { package: await qti21Package() });
    expect(done.status).toBe(201);
    expect(done.body.meta).toMatchObject({ imported: 6, total_questions: 6 });
    const questions = await questionsOf(object);
    expect(questions.map((question: { kind: string }) => question.kind)).toEqual([
      'single_choice',
      'multiple_choice',
      'single_choice',
      'open_answer',
      'open_answer',
      'ordering',
    ]);
    expect(questions[0]).toMatchObject({
      prompt: 'Which colour is a fire extinguisher?',
      feedback: 'See chapter 2.',
      options: [
        { text: 'Red', correct: true, feedback: 'Right: red, everywhere in Europe.' },
        { text: 'Blue', correct: false, feedback: null },
        { text: 'Green', correct: false, feedback: null },
      ],
    });
    expect(questions[1].options.filter((o: { correct: boolean }) => o.correct)).toHaveLength(2);
    expect(questions[3]).toMatchObject({
      prompt: 'The emergency number in Europe is ___ .',
      accepted_answers: ['112', 'one one two'],
    });
    expect(questions[4].accepted_answers).toEqual(['assembly point']);
    expect(questions[5].options.map((o: { text: string }) => o.text)).toEqual([
      'Raise the alarm',
      'Leave the building',
      'Call 112',
    ]);
  });

  it('refuses the whole import for one broken item, pointing at the item and its line', async () => {
    const { object } = await freshQuiz();
    const broken = QTI21_ITEMS['items/ppe.xml']!.replace('<value>goggles</value>', '<value>helmet</value>');
    const answer = await imported(object, {
      package: await zipBase64({ ...QTI21_ITEMS, 'items/ppe.xml': broken }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors[0]).toMatchObject({
      code: 'INVALID_ITEM',
      source: { pointer: '/items/ppe' },
      meta: { item: 'ppe', file: 'items/ppe.xml', line: 3 },
    });
    expect(answer.body.errors[0].detail).toContain('"helmet" is not one of the choices');
    expect(await questionsOf(object)).toEqual([]);

    const malformed = await imported(object, {
      text: '<assessmentItem identifier="x">\n<itemBody>\n</assessmentItem>',
    });
    expect(malformed.status).toBe(422);
    // The element left open is named, on its line.
    expect(malformed.body.errors[0].meta).toMatchObject({ line: 2 });
    expect(malformed.body.errors[0].detail).toContain('"itemBody"');
    expect(malformed.body.errors[0].detail).toContain('not well-formed');

    const notZip = await imported(object, { package: Buffer.from('not a zip').toString('base64') });
    expect(notZip.status).toBe(422);
    expect(notZip.body.errors[0].detail).toContain('The file is not a zip archive.');
    expect(await questionsOf(object)).toEqual([]);
  });

  it('exports a quiz as a QTI 3.0 package that imports back as the same questions', async () => {
    const { object: source } = await freshQuiz();
    await imported(source, { package: await qti21Package() });
    await r.post(`/api/v1/learning_objects/${source}/quiz_questions`, admin, {
      kind: 'multiple_choice',
      prompt: 'Line one\nLine two & <more>',
      options: [
        { text: 'A "quoted" one', correct: true, feedback: 'Yes' },
        { text: 'B', correct: true },
        { text: 'C', correct: false, feedback: 'No' },
      ],
      accepted_answers: [],
      feedback: 'General\nfeedback',
      points: 3,
    });
    const zip = await t.app.inject({
      method: 'GET',
      url: `/api/v1/learning_objects/${source}/qti`,
      headers: { cookie: admin, host: 'localhost' },
    });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('.qti.zip');

    const { object: target } = await freshQuiz();
    const back = await imported(target, { package: zip.rawPayload.toString('base64') });
    expect(back.status).toBe(201);
    expect(back.body.meta.skipped).toEqual([]);
    expect(await questionsOf(target)).toEqual(await questionsOf(source));
  });

  it('asks an ordering question mixed, and scores the right order', async () => {
    const { object } = await freshQuiz();
    await imported(object, { text: QTI21_ITEMS['items/order.xml'] });
    const attempt = (await r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student)).body.data;
    const question = attempt.attributes.questions[0] as Question;
    expect(question.type).toBe('ordering');
    const texts = question.options.map((option) => option.text);
    expect(texts).not.toEqual(['Raise the alarm', 'Leave the building', 'Call 112']);
    const idOf = (text: string) => question.options.find((option) => option.text === text)!.id;
    const submitted = await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, {
      responses: [
        {
          question_id: question.id,
          option_ids: ['Raise the alarm', 'Leave the building', 'Call 112'].map(idOf),
        },
      ],
      submit: true,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.attributes).toMatchObject({ score: 1, max_score: 1, passed: true });
  });
});
