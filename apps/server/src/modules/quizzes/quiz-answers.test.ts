import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST, TEST_DATABASE } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import * as migration from '../../db/migrations/20261203700000_quiz_attempt_answers';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
});
afterAll(() => t.close());

/** A published course with a two-question quiz the student is enrolled in. */
async function quizWithTwoQuestions(settings: Record<string, unknown> = {}) {
  const course = (
    await r.post('/api/v1/courses', admin, { title: `Exam ${Math.random()}`, status: 'published' })
  ).body.data.id;
  const section = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'S' })).body.data
    .id;
  const object = (
    await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
      kind: 'quiz',
      title: 'Exam',
      settings,
    })
  ).body.data.id;
  await r.post(`/api/v1/learning_objects/${object}/quiz_questions`, admin, {
    kind: 'single_choice',
    prompt: 'Two plus two?',
    options: [
      { text: 'Four', correct: true },
      { text: 'Five', correct: false },
    ],
  });
  await r.post(`/api/v1/learning_objects/${object}/quiz_questions`, admin, {
    kind: 'open_answer',
    prompt: 'Capital of Romania?',
    accepted_answers: ['Bucharest'],
  });
  await r.post(`/api/v1/courses/${course}/enrollments`, student);
  const attempt = (await r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student)).body.data;
  const [choice, open] = attempt.attributes.questions as Array<{ id: string }>;
  return { object, attempt, choice: choice!.id, open: open!.id };
}

const answerUrl = (attempt: string, question: string) =>
  `/api/v1/quiz_attempts/${attempt}/answers/${question}`;

describe('saving one answer at a time', () => {
  it('keeps the last answer per question, and scores from what was saved', async () => {
    const { attempt, choice, open } = await quizWithTwoQuestions();
    const first = await r.put(answerUrl(attempt.id, choice), student, { option_ids: ['2'] });
    expect(first.status).toBe(200);
    expect(first.body.data.attributes).toMatchObject({ question_id: choice, option_ids: ['2'] });
    // The student changes their mind; a retried save of the same answer changes nothing.
    await r.put(answerUrl(attempt.id, choice), student, { option_ids: ['1'] });
    await r.put(answerUrl(attempt.id, choice), student, { option_ids: ['1'] });
    await r.put(answerUrl(attempt.id, open), student, { text: 'bucharest' });

    const reread = (await r.get(`/api/v1/quiz_attempts/${attempt.id}`, student)).body.data.attributes;
    expect(reread.responses).toEqual([
      { question_id: choice, option_ids: ['1'], text: null },
      { question_id: open, option_ids: [], text: 'bucharest' },
    ]);

    const done = await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, { submit: true });
    expect(done.body.data.attributes).toMatchObject({ status: 'submitted', percent: 100, passed: true });
    expect(done.body.data.attributes.responses).toHaveLength(2);

    const late = await r.put(answerUrl(attempt.id, choice), student, { option_ids: ['2'] });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('ATTEMPT_SUBMITTED');
    const after = (await r.get(`/api/v1/quiz_attempts/${attempt.id}`, student)).body.data.attributes;
    expect(after.percent).toBe(100);
  });

  it('refuses an unknown option, a question not in the attempt and another student', async () => {
    const { attempt, choice } = await quizWithTwoQuestions();
    const bad = await r.put(answerUrl(attempt.id, choice), student, { option_ids: ['9'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/option_ids/0');
    expect((await r.put(answerUrl(attempt.id, '99999999'), student, { text: 'x' })).status).toBe(404);
    const coach = await t.login('coach@leerpad.test');
    // Coaches follow attempts, they do not answer them (403, or 402 first without a subscription).
    expect([402, 403]).toContain(
      (await r.put(answerUrl(attempt.id, choice), coach, { option_ids: ['1'] })).status,
    );
    const elsewhere = await t.login('second-student@leerpad.test', SECOND_HOST);
    const across = await r.put(answerUrl(attempt.id, choice), elsewhere, { option_ids: ['1'] }, SECOND_HOST);
    expect(across.status).toBe(404);
    expect((await r.put(answerUrl('99999999', choice), student, { option_ids: ['1'] })).status).toBe(404);
  });
});

describe('the time limit', () => {
  it('is set by the server at the start and refuses saves once it has passed', async () => {
    const { object, attempt, choice } = await quizWithTwoQuestions({ time_limit_minutes: 20 });
    const deadline = Date.parse(attempt.attributes.deadline_at);
    const started = Date.parse(attempt.attributes.started_at);
    expect(deadline - started).toBe(20 * 60_000);
    expect((await r.put(answerUrl(attempt.id, choice), student, { option_ids: ['1'] })).status).toBe(200);

    // The clock moves past the deadline and its grace.
    await t.services.db
      .updateTable('quiz_attempts')
      .set({ deadline_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', Number(attempt.id))
      .execute();
    const late = await r.put(answerUrl(attempt.id, choice), student, { option_ids: ['2'] });
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('ATTEMPT_TIME_UP');

    // The next read hands it in, with the answer saved in time, once.
    const [reread, again] = await Promise.all([
      r.get(`/api/v1/quiz_attempts/${attempt.id}`, student),
      r.get(`/api/v1/learning_objects/${object}/quiz_attempts`, student),
    ]);
    expect(reread.status).toBe(200);
    expect(again.status).toBe(200);
    expect(reread.body.data.attributes).toMatchObject({ status: 'submitted', score: 1, max_score: 2 });
    expect(again.body.meta.attempts_used).toBe(1);
    const progress = await t.services.db
      .selectFrom('learning_object_progress')
      .select('attempts_count')
      .where('learning_object_id', '=', Number(object))
      .executeTakeFirstOrThrow();
    expect(progress.attempts_count).toBe(1);
  });

  it('is an authoring setting between 1 and 600 minutes', async () => {
    const { object } = await quizWithTwoQuestions({ time_limit_minutes: 45 });
    const read = await r.get(`/api/v1/learning_objects/${object}`, admin);
    expect(read.body.data.attributes.settings.time_limit_minutes).toBe(45);
    const bad = await r.patch(`/api/v1/learning_objects/${object}`, admin, {
      settings: { time_limit_minutes: 0 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/settings/time_limit_minutes');
  });
});

describe('two tabs on one attempt', () => {
  it('resume the same attempt, and saving while submitting scores it once without a 500', async () => {
    const { object, attempt, choice, open } = await quizWithTwoQuestions();
    const tabs = await Promise.all([
      r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student),
      r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student),
    ]);
    expect(tabs.map((tab) => tab.body.data.id)).toEqual([attempt.id, attempt.id]);

    const results = await Promise.all([
      r.put(answerUrl(attempt.id, choice), student, { option_ids: ['1'] }),
      r.put(answerUrl(attempt.id, open), student, { text: 'Bucharest' }),
      r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, { submit: true }),
      r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, { submit: true }),
      r.put(answerUrl(attempt.id, choice), student, { option_ids: ['2'] }),
    ]);
    for (const result of results) expect([200, 409]).toContain(result.status);
    expect(results.filter((result, index) => index >= 2 && index <= 3 && result.status === 200)).toHaveLength(
      1,
    );

    const final = (await r.get(`/api/v1/quiz_attempts/${attempt.id}`, student)).body.data.attributes;
    expect(final.status).toBe('submitted');
    // No acknowledged answer is lost: each question holds one of the values a 200 acknowledged.
    const acknowledged = new Map<string, string[]>();
    for (const result of [results[0], results[1], results[4]]) {
      if (result?.status !== 200) continue;
      const { question_id: question, option_ids: options, text } = result.body.data.attributes;
      const values = acknowledged.get(question) ?? [];
      acknowledged.set(question, [...values, JSON.stringify({ options, text })]);
    }
    const kept = final.responses as Array<{ question_id: string; option_ids: string[]; text: string | null }>;
    expect(kept.map((response) => response.question_id).sort()).toEqual([...acknowledged.keys()].sort());
    for (const response of kept) {
      expect(acknowledged.get(response.question_id)).toContain(
        JSON.stringify({ options: response.option_ids, text: response.text }),
      );
    }
    const attempts = await t.services.db
      .selectFrom('quiz_attempts')
      .select('id')
      .where('learning_object_id', '=', Number(object))
      .execute();
    expect(attempts).toHaveLength(1);
    const progress = await t.services.db
      .selectFrom('learning_object_progress')
      .select('attempts_count')
      .where('learning_object_id', '=', Number(object))
      .executeTakeFirstOrThrow();
    expect(progress.attempts_count).toBe(1);
    if (TEST_DATABASE === 'postgres') {
      // Every answer row that exists was written while the attempt ran: none is newer than the score.
      const rows = await t.services.db
        .selectFrom('quiz_attempt_answers')
        .select('question_id')
        .where('attempt_id', '=', Number(attempt.id))
        .execute();
      expect(rows.length).toBe(final.responses.length);
    }
  });
});

describe('the migration to one row per answer', () => {
  it("moves a running attempt's answers into rows and leaves submitted attempts as they were", async () => {
    const { attempt, choice, open } = await quizWithTwoQuestions();
    const { attempt: done } = await quizWithTwoQuestions();
    await r.patch(`/api/v1/quiz_attempts/${done.id}`, student, { submit: true });
    const before = await t.services.db
      .selectFrom('quiz_attempts')
      .select('responses')
      .where('id', '=', Number(done.id))
      .executeTakeFirstOrThrow();

    // The schema as it was: answers inside the attempt, no rows, no deadline.
    await migration.down(t.services.db);
    await t.services.db
      .updateTable('quiz_attempts')
      .set({
        responses: JSON.stringify([
          { question_id: choice, option_ids: ['1'], text: null },
          { question_id: open, option_ids: [], text: 'Bucharest' },
          { question_id: '99999999', option_ids: ['1'], text: null },
        ]),
      })
      .where('id', '=', Number(attempt.id))
      .execute();
    await migration.up(t.services.db);

    const reread = (await r.get(`/api/v1/quiz_attempts/${attempt.id}`, student)).body.data.attributes;
    expect(reread.deadline_at).toBeNull();
    expect(reread.responses).toEqual([
      { question_id: choice, option_ids: ['1'], text: null },
      { question_id: open, option_ids: [], text: 'Bucharest' },
    ]);
    const submitted = await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, { submit: true });
    expect(submitted.body.data.attributes.percent).toBe(100);
    const after = await t.services.db
      .selectFrom('quiz_attempts')
      .select('responses')
      .where('id', '=', Number(done.id))
      .executeTakeFirstOrThrow();
    expect(after.responses).toBe(before.responses);
  });
});
