import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../test/requests';
import { createTestApp, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';

/**
 * Two people (or two tabs) doing the same thing at once. On PostgreSQL these requests really run
 * side by side on separate connections; each case must end with one row, no 5xx, and answers a
 * client can act on (success, or a 4xx that says what happened).
 */
let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerIp: 10_000, loginFailuresPerAccount: 10_000 });
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
}, 60_000);
afterAll(() => t.close());

const times = <T>(count: number, make: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => make(index)));

function expectNoServerErrors(statuses: number[]) {
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
}

/** A published course of its own with one object of the given type; the student is enrolled. */
async function freshObject(type: 'quiz' | 'assignment', settings: Record<string, unknown> = {}) {
  const course = (
    await r.post('/api/v1/courses', admin, { title: `Race course ${Math.random()}`, status: 'published' })
  ).body.data.id;
  const section = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'S' })).body.data
    .id;
  const object = (
    await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
      kind: type,
      title: type,
      ...(type === 'assignment' ? { body: '<p>Write about it.</p>' } : {}),
      settings,
    })
  ).body.data.id as string;
  await r.post(`/api/v1/courses/${course}/enrollments`, student);
  return { course: course as string, object };
}

describe('concurrent requests', () => {
  it('store one preference when thirty saves of it arrive at once', async () => {
    const accountId = await t.accountId('student@leerpad.test');
    const answers = await times(30, (index) =>
      r.put(`/api/v1/accounts/${accountId}/preferences`, student, {
        property: 'race-test',
        payload: `value ${index}`,
      }),
    );
    expectNoServerErrors(answers.map((answer) => answer.status));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    const rows = await t.services.db
      .selectFrom('account_preferences')
      .select('payload')
      .where('account_id', '=', accountId)
      .where('property', '=', 'race-test')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keep one draft when the first save of an answer arrives thirty times at once', async () => {
    const { object } = await freshObject('assignment');
    const answers = await times(30, (index) =>
      r.put(`/api/v1/learning_objects/${object}/answer`, student, { text: `Draft ${index}` }),
    );
    expectNoServerErrors(answers.map((answer) => answer.status));
    expect(answers.every((answer) => answer.status < 300)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    const rows = await t.services.db
      .selectFrom('answers')
      .select('id')
      .where('learning_object_id', '=', Number(object))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('open one quiz attempt, within the limit, for fifty starts at once', async () => {
    const { object } = await freshQuiz();
    const answers = await times(50, () =>
      r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student),
    );
    expectNoServerErrors(answers.map((answer) => answer.status));
    const started = answers.filter((answer) => answer.status < 300);
    expect(started.length).toBeGreaterThan(0);
    expect(new Set(started.map((answer) => answer.body.data.id)).size).toBe(1);
    const rows = await t.services.db
      .selectFrom('quiz_attempts')
      .select('id')
      .where('learning_object_id', '=', Number(object))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('score an attempt once when it is handed in twenty times at once', async () => {
    const { object } = await freshQuiz();
    const attempt = (await r.post(`/api/v1/learning_objects/${object}/quiz_attempts`, student)).body.data;
    const answers = await times(20, () =>
      r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, { submit: true }),
    );
    expectNoServerErrors(answers.map((answer) => answer.status));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThan(0);
    const progress = await t.services.db
      .selectFrom('learning_object_progress')
      .select('attempts_count')
      .where('learning_object_id', '=', Number(object))
      .executeTakeFirstOrThrow();
    expect(progress.attempts_count).toBe(1);
  });

  it('create one account when the same e-mail registers twenty times at once and every link is used at once', async () => {
    const sent = t.mail.length;
    const answers = await times(20, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { ...XHR, host: 'localhost' },
        payload: { full_name: 'Rita Race', email: 'rita.race@example.com', password: 'a long password' },
      }),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expectNoServerErrors(statuses);
    expect(statuses.every((status) => status === 202)).toBe(true);
    await t.mailAfter(sent + 19);
    const tokens = t.mail
      .slice(sent)
      .map((message) => decodeURIComponent(/token=([^\s]+)/.exec(message.text)![1]!));
    const confirmations = await times(tokens.length * 2, (index) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/confirm',
        headers: { ...XHR, host: 'localhost' },
        payload: { token: tokens[index % tokens.length] },
      }),
    );
    const confirmed = confirmations.map((answer) => answer.statusCode);
    expectNoServerErrors(confirmed);
    expect(confirmed.filter((status) => status === 201)).toHaveLength(1);
    expect(confirmed.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
    const rows = await t.services.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'rita.race@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keep one label and one category when twenty of the same name are created at once, whatever the case', async () => {
    for (const [url, table] of [
      ['/api/v1/content_labels', 'content_labels'],
      ['/api/v1/catalog_categories', 'catalog_categories'],
    ] as const) {
      const answers = await times(20, (index) =>
        r.post(url, admin, { name: index % 2 ? 'Race Day' : 'race day' }),
      );
      const statuses = answers.map((answer) => answer.status);
      expectNoServerErrors(statuses);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
      const rows = await t.services.db
        .selectFrom(table)
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', 'race day'))
        .execute();
      expect(rows, table).toHaveLength(1);
    }
  });

  it('count an upvote once when it is sent twenty times at once', async () => {
    const coach = await t.login('coach@leerpad.test');
    const project = (await r.get('/api/feedback/projects', coach)).body.data[1];
    const answers = await times(20, () =>
      r.post('/api/feedback/upvote', coach, { email: 'coach@leerpad.test', project_id: project.id }),
    );
    expectNoServerErrors(answers.map((answer) => answer.status));
    const after = (await r.get('/api/feedback/projects', coach)).body.data.find(
      (candidate: { id: string }) => candidate.id === project.id,
    );
    expect(after.attributes.upvotes).toBe(project.attributes.upvotes + 1);
  });

  it.each(['catalog_categories', 'content_labels'])(
    'make one %s when the same name is created twenty times at once',
    async (type) => {
      const answers = await times(20, () => r.post(`/api/v1/${type}`, admin, { name: `Race ${type}` }));
      const statuses = answers.map((answer) => answer.status);
      expectNoServerErrors(statuses);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      for (const refused of answers.filter((answer) => answer.status !== 201)) {
        expect(refused.status).toBe(422);
        expect(refused.body.errors[0].source.pointer).toBe('/name');
      }
    },
  );

  it('keep positions unique and dense when the outline is reordered twenty times at once', async () => {
    const course = (await r.post('/api/v1/courses', admin, { title: 'Race outline' })).body.data.id;
    const sections: string[] = [];
    for (const title of ['A', 'B', 'C']) {
      sections.push(
        (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title })).body.data.id,
      );
    }
    const objects: string[] = [];
    for (const title of ['1', '2', '3', '4']) {
      objects.push(
        (
          await r.post(`/api/v1/course_sections/${sections[0]}/learning_objects`, admin, {
            kind: 'page',
            title,
            body: '<p>x</p>',
          })
        ).body.data.id,
      );
    }
    const rotate = <T>(list: T[], by: number) => [
      ...list.slice(by % list.length),
      ...list.slice(0, by % list.length),
    ];
    const answers = await times(20, (index) =>
      r.patch(`/api/v1/courses/${course}/outline`, admin, {
        sections: rotate(sections, index).map((id, position) => ({
          id,
          learning_object_ids: position === 0 ? rotate(objects, index) : [],
        })),
      }),
    );
    expectNoServerErrors(answers.map((answer) => answer.status));
    const sectionRows = await t.services.db
      .selectFrom('course_sections')
      .select('position')
      .where('course_id', '=', Number(course))
      .orderBy('position')
      .execute();
    expect(sectionRows.map((row) => row.position)).toEqual([1, 2, 3]);
    const objectRows = await t.services.db
      .selectFrom('learning_objects')
      .select(['section_id', 'position'])
      .where('course_id', '=', Number(course))
      .orderBy('position')
      .execute();
    expect(new Set(objectRows.map((row) => row.section_id)).size).toBe(1);
    expect(objectRows.map((row) => row.position)).toEqual([1, 2, 3, 4]);
  });
});

async function freshQuiz() {
  const { object } = await freshObject('quiz', { attempts_limit: 3 });
  await r.post(`/api/v1/learning_objects/${object}/quiz_questions`, admin, {
    kind: 'single_choice',
    prompt: 'Pick one',
    options: [
      { text: 'A', correct: true },
      { text: 'B', correct: false },
    ],
  });
  return { object };
}
