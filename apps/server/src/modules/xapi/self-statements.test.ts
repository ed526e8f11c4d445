import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACADEMY_OBJECTS } from '../../db/seed/academy-titles';
import { learningObjectId, requests } from '../../test/requests';
import { ACADEMY_HOST, createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { relaySelfStatements } from './self-statements';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let student: string;
let authorization: string;

const STUDENT = { mbox: 'mailto:student@leerpad.test' };

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  const created = await r.post('/api/v1/xapi_credentials', admin, { name: 'Reader', scopes: ['all/read'] });
  const { key, secret } = created.body.data.attributes;
  authorization = `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
});
afterAll(() => t.close());

/** The student's statements with this verb in the portal's LRS, newest first. */
async function statementsOf(verb: string) {
  const query = new URLSearchParams({ agent: JSON.stringify(STUDENT), verb });
  const response = await t.app.inject({
    method: 'GET',
    url: `/xapi/statements?${query}`,
    headers: { host: ACADEMY_HOST, authorization, 'x-experience-api-version': '1.0.3' },
  });
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.body).statements as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function setSelfStatements(on: boolean) {
  const changed = await r.patch('/api/v1/xapi_settings', admin, { self_statements: on });
  expect(changed.status).toBe(200);
  expect(changed.body.data.attributes.self_statements).toBe(on);
}

/** Takes a page's completion back and completes it again: one completion. */
async function completePage(page: number) {
  await r.put(`/api/v1/learning_objects/${page}/progress`, student, { completed: false });
  const done = await r.put(`/api/v1/learning_objects/${page}/progress`, student, { completed: true });
  expect(done.status).toBe(200);
}

const COMPLETED = 'http://adlnet.gov/expapi/verbs/completed';
const FAILED = 'http://adlnet.gov/expapi/verbs/failed';

describe("Leerpad's statements about its own learning", () => {
  it('are a switch for admins on the integrations settings', async () => {
    expect((await r.get('/api/v1/xapi_settings', student)).status).toBe(403);
    expect(
      (await r.patch('/api/v1/xapi_settings', admin, { self_statements: 'yes' })).body.errors[0],
    ).toMatchObject({ source: { pointer: '/self_statements' } });
    await setSelfStatements(false);
    expect((await r.get('/api/v1/xapi_settings', admin)).body.data.attributes.self_statements).toBe(false);
  });

  it('with the switch off, completing an object writes nothing to the LRS', async () => {
    await setSelfStatements(false);
    await relaySelfStatements(t.services);
    const before = (await statementsOf(COMPLETED)).length;
    await completePage(await learningObjectId(t, ACADEMY_OBJECTS.page));
    await relaySelfStatements(t.services);
    expect(await statementsOf(COMPLETED)).toHaveLength(before);
  });

  it('with the switch on, completing an object is a completed statement by a Leerpad authority', async () => {
    await setSelfStatements(true);
    const page = await learningObjectId(t, ACADEMY_OBJECTS.page);
    await completePage(page);
    expect(await relaySelfStatements(t.services)).toBeGreaterThanOrEqual(1);
    const [statement] = await statementsOf(COMPLETED);
    expect(statement).toMatchObject({
      actor: { objectType: 'Agent', mbox: 'mailto:student@leerpad.test' },
      verb: { id: COMPLETED },
      object: { objectType: 'Activity', definition: { name: { und: ACADEMY_OBJECTS.page } } },
      authority: { objectType: 'Agent', name: 'Leerpad', account: { name: 'leerpad' } },
      context: { platform: 'Leerpad' },
    });
    const base = statement?.['authority'].account.homePage as string;
    expect(statement?.['object'].id).toBe(`${base}/xapi/activities/learning-objects/${page}`);
    expect(statement?.['context'].contextActivities.parent[0].id).toMatch(
      new RegExp(`^${base}/xapi/activities/courses/\\d+$`),
    );
  });

  it('with the switch on, a failed quiz is a failed statement with its score', async () => {
    await setSelfStatements(true);
    const quiz = await learningObjectId(t, ACADEMY_OBJECTS.quiz);
    const attempt = (await r.post(`/api/v1/learning_objects/${quiz}/quiz_attempts`, student)).body.data;
    const submitted = await r.patch(`/api/v1/quiz_attempts/${attempt.id}`, student, { submit: true });
    expect(submitted.body.data.attributes.passed).toBe(false);
    await relaySelfStatements(t.services);
    const [statement] = await statementsOf(FAILED);
    expect(statement).toMatchObject({
      verb: { id: FAILED },
      object: { definition: { type: 'http://adlnet.gov/expapi/activities/assessment' } },
      result: { success: false, completion: true, score: { scaled: 0, raw: 0, min: 0 } },
    });
  });
});
