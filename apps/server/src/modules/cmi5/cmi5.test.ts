import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { BOUNDARY, filesUnder, multipartZip } from '../../test/scorm-packages';
import { createTestApp, XHR } from '../../test/test-app';
import { readStatement } from '../xapi/statements';
import type { TestApp } from '../../test/test-app';

/** The cmi5 course the browser suite imports too (e2e/fixtures/cmi5/safety). */
const FIXTURE = join(__dirname, '../../../../../e2e/fixtures/cmi5/safety');
const CHECK = 'https://leerpad.example/cmi5/safety/check';
const READING = 'https://leerpad.example/cmi5/safety/reading';
const COURSE_ID = 'https://leerpad.example/cmi5/safety';
const BLOCK_ID = 'https://leerpad.example/cmi5/safety/basics';

function fixtureFiles(): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  for (const path of filesUnder(FIXTURE))
    files[relative(FIXTURE, path).split('\\').join('/')] = readFileSync(path);
  return files;
}
const courseXml = () => new TextDecoder().decode(fixtureFiles()['cmi5.xml']);
function cmi5Zip(change: (files: Record<string, Uint8Array>) => void = () => {}): Buffer {
  const files = fixtureFiles();
  change(files);
  return Buffer.from(zipSync(files));
}

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let student: string;
let course: string;
let section: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  course = (await r.post('/api/v1/courses', admin, { title: 'cmi5 course', status: 'published' })).body.data
    .id;
  section = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'S' })).body.data.id;
  expect((await r.post(`/api/v1/courses/${course}/enrollments`, student)).status).toBe(201);
});
afterAll(() => t.close());

const newObject = async (title = 'cmi5') =>
  (await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, { kind: 'cmi5', title })).body
    .data.id as string;

const upload = (object: string, content: Buffer, name = 'course.zip', cookie = admin) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/learning_objects/${object}/cmi5_package`,
    headers: {
      ...XHR,
      cookie,
      host: 'localhost',
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipartZip(content, name),
  });

const count = async (table: 'cmi5_packages' | 'xapi_statements') =>
  Number(
    (
      await t.services.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const launch = async (object: string, au = CHECK, cookie = student) => {
  const response = await r.post(`/api/v1/learning_objects/${object}/cmi5_launches`, cookie, { au_id: au });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const attributes = response.body.data.attributes;
  const url = new URL(attributes.launch_url as string);
  return { attributes, url, params: url.searchParams };
};

const fetchToken = async (fetchUrl: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: new URL(fetchUrl).pathname,
    headers: { host: 'localhost' },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  return JSON.parse(response.body) as Record<string, string>;
};

const lrs = async (auth: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const response = await t.app.inject({
    method,
    url: `/xapi/${url}`,
    headers: {
      host: 'localhost',
      authorization: auth,
      'x-experience-api-version': '1.0.3',
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : null };
};

const statement = (params: URLSearchParams, verb: string, result?: object) => ({
  actor: JSON.parse(params.get('actor')!),
  verb: { id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-US': verb } },
  object: { objectType: 'Activity', id: params.get('activityId') },
  context: {
    registration: params.get('registration'),
    contextActivities: { category: [{ id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' }] },
  },
  ...(result ? { result } : {}),
});

const progressOf = async (object: string) =>
  t.services.db
    .selectFrom('learning_object_progress')
    .select(['status', 'score'])
    .where('learning_object_id', '=', Number(object))
    .executeTakeFirst();

describe('importing a cmi5 course', () => {
  it('reads a zip: course, blocks and AUs with moveOn, hosted and external', async () => {
    const object = await newObject();
    const response = await upload(object, cmi5Zip());
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.attributes).toMatchObject({
      title: 'Workplace safety (cmi5)',
      course_id: COURSE_ID,
      file_count: 3,
      blocks: [{ id: BLOCK_ID, title: 'Basics', depth: 0, parent: null }],
      aus: [
        {
          id: CHECK,
          title: 'Safety check',
          depth: 1,
          move_on: 'CompletedAndPassed',
          mastery_score: 0.8,
          external: false,
        },
        { id: READING, title: 'Further reading', depth: 0, move_on: 'NotApplicable', external: true },
      ],
    });
    const read = await r.get(`/api/v1/learning_objects/${object}/cmi5_package`, student);
    expect(read.body.data.attributes.aus).toHaveLength(2);
  });

  it('reads cmi5.xml alone when every AU is at an external address', async () => {
    const object = await newObject();
    const xml = courseXml().replace('<url>check/index.html</url>', '<url>https://example.org/check</url>');
    const response = await upload(object, Buffer.from(xml), 'cmi5.xml');
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.attributes).toMatchObject({ file_count: 0, byte_size: 0 });
  });

  const refusals: Array<[string, () => Buffer, string, number | null]> = [
    ['a zip without cmi5.xml', () => cmi5Zip((files) => delete files['cmi5.xml']), 'CMI5_XML_MISSING', null],
    [
      'malformed XML',
      () =>
        cmi5Zip(
          (files) =>
            (files['cmi5.xml'] = strToU8(
              '<?xml version="1.0"?>\n<courseStructure>\n  <course>\n</courseStructure>',
            )),
        ),
      'CMI5_XML_MALFORMED',
      null,
    ],
    [
      'an unknown moveOn',
      () =>
        cmi5Zip(
          (files) => (files['cmi5.xml'] = strToU8(courseXml().replace('CompletedAndPassed', 'Whenever'))),
        ),
      'CMI5_COURSE_INVALID',
      10,
    ],
    [
      'an AU file not in the zip',
      () => cmi5Zip((files) => delete files['check/index.html']),
      'CMI5_AU_FILE_MISSING',
      13,
    ],
    [
      'cmi5.xml alone with an AU inside a package',
      () => Buffer.from(courseXml()),
      'CMI5_AU_FILE_MISSING',
      13,
    ],
  ];
  it.each(refusals)(
    'refuses %s with a 422 naming the problem, keeping nothing',
    async (_what, make, code, line) => {
      const object = await newObject();
      const before = await count('cmi5_packages');
      const response = await upload(object, make());
      expect(response.statusCode).toBe(422);
      const error = JSON.parse(response.body).errors[0];
      expect(error).toMatchObject({ code, source: { pointer: '/file' } });
      if (line !== null) expect(error.meta.line).toBe(line);
      expect(await count('cmi5_packages')).toBe(before);
    },
  );

  it('takes a course only on a cmi5 object, and only from course managers', async () => {
    const page = (
      await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, { kind: 'page', title: 'P' })
    ).body.data.id as string;
    const wrong = await upload(page, cmi5Zip());
    expect(wrong.statusCode).toBe(422);
    expect(JSON.parse(wrong.body).errors[0].code).toBe('NOT_A_CMI5_OBJECT');
    expect((await upload(await newObject(), cmi5Zip(), 'course.zip', student)).statusCode).toBe(403);
  });
});

describe('launching an AU', () => {
  let object: string;
  beforeAll(async () => {
    object = await newObject('Launched');
    expect((await upload(object, cmi5Zip())).statusCode).toBe(200);
  });

  it('gives the cmi5 launch parameters, writes LMS.LaunchData and a launched statement', async () => {
    const statementsBefore = await count('xapi_statements');
    const { attributes, url, params } = await launch(object);
    expect(url.pathname).toMatch(/^\/cmi5-content\/[A-Za-z0-9_-]+\/check\/index\.html$/);
    expect(params.get('endpoint')).toBe('http://localhost/xapi/');
    // The LMS's own activity id for the AU, not the publisher's id (which is in the grouping).
    expect(params.get('activityId')).toMatch(new RegExp(`/cmi5/learning-objects/${object}/[0-9a-f]{32}$`));
    expect(params.get('registration')).toBe(attributes.registration);
    expect(JSON.parse(params.get('actor')!)).toMatchObject({
      objectType: 'Agent',
      account: { name: expect.any(String) },
    });
    expect(attributes.tracked).toBe(true);
    expect(await count('xapi_statements')).toBe(statementsBefore + 1);

    // The registration is kept from launch to launch.
    const again = await launch(object);
    expect(again.params.get('registration')).toBe(params.get('registration'));
    expect(again.params.get('activityId')).toBe(params.get('activityId'));

    const token = await fetchToken(again.params.get('fetch')!);
    const auth = token['auth-token']!;
    expect(auth).toMatch(/^Basic /);
    const launchData = await lrs(
      auth,
      'GET',
      `activities/state?${new URLSearchParams({
        activityId: again.params.get('activityId')!,
        agent: again.params.get('actor')!,
        registration: again.params.get('registration')!,
        stateId: 'LMS.LaunchData',
      })}`,
    );
    expect(launchData.status).toBe(200);
    expect(launchData.body).toMatchObject({
      launchMode: 'Normal',
      moveOn: 'CompletedAndPassed',
      masteryScore: 0.8,
      launchParameters: '{"level":"basic"}',
      returnURL: expect.stringContaining(`learning_object=${object}`),
      contextTemplate: {
        contextActivities: { grouping: [{ id: CHECK }] },
        extensions: {
          'https://w3id.org/xapi/cmi5/context/extensions/sessionid': again.attributes.session_id,
        },
      },
    });
    // The first session was never terminated: the second launch abandoned it.
    const abandoned = await t.services.db
      .selectFrom('xapi_statements')
      .select('id')
      .where('verb_id', '=', 'https://w3id.org/xapi/adl/verbs/abandoned')
      .where('registration', '=', params.get('registration')!)
      .execute();
    expect(abandoned).toHaveLength(1);
  });

  it('answers the fetch URL once; then an error, and an unknown one another', async () => {
    const { params } = await launch(object);
    const first = await fetchToken(params.get('fetch')!);
    expect(first['auth-token']).toBeDefined();
    expect(await fetchToken(params.get('fetch')!)).toMatchObject({
      'error-code': '1',
      'error-text': expect.any(String),
    });
    expect(await fetchToken('http://localhost/cmi5-fetch/unknownunknownunknownunknown')).toMatchObject({
      'error-code': '2',
    });
  });

  it("gives the AU's credential write access for its learner only", async () => {
    const { params } = await launch(object);
    const auth = (await fetchToken(params.get('fetch')!))['auth-token']!;
    const someoneElse = {
      ...statement(params, 'initialized'),
      actor: { objectType: 'Agent', mbox: 'mailto:kim@example.com' },
    };
    expect((await lrs(auth, 'POST', 'statements', someoneElse)).status).toBe(403);
    expect((await lrs(auth, 'POST', 'statements', statement(params, 'initialized'))).status).toBe(200);
    const otherState = await lrs(
      auth,
      'GET',
      `activities/state?${new URLSearchParams({ activityId: CHECK, agent: JSON.stringify({ mbox: 'mailto:kim@example.com' }), stateId: 'LMS.LaunchData' })}`,
    );
    expect(otherState.status).toBe(403);
    // The credential is not one an admin sees among the portal's LRS credentials.
    const listed = await r.get('/api/v1/xapi_credentials', admin);
    expect(
      listed.body.data.every(
        (row: { attributes: { name: string } }) => !row.attributes.name.startsWith('cmi5'),
      ),
    ).toBe(true);
  });

  it('lets staff who are not enrolled preview: a registration of their own, nothing kept', async () => {
    const registrationsBefore = await t.services.db
      .selectFrom('cmi5_registrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { attributes, params } = await launch(object, CHECK, admin);
    expect(attributes.tracked).toBe(false);
    const auth = (await fetchToken(params.get('fetch')!))['auth-token']!;
    expect((await lrs(auth, 'POST', 'statements', statement(params, 'completed'))).status).toBe(200);
    const registrationsAfter = await t.services.db
      .selectFrom('cmi5_registrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(registrationsAfter.n)).toBe(Number(registrationsBefore.n));
  });

  it('refuses an AU the course does not have', async () => {
    const response = await r.post(`/api/v1/learning_objects/${object}/cmi5_launches`, student, {
      au_id: 'https://x.example/none',
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: 'CMI5_UNKNOWN_AU',
      source: { pointer: '/au_id' },
    });
  });
});

describe('moveOn', () => {
  it('CompletedAndPassed: completed alone is not enough; passed too completes the object with its score', async () => {
    const object = await newObject('Evaluated');
    expect((await upload(object, cmi5Zip())).statusCode).toBe(200);
    const { params } = await launch(object);
    const auth = (await fetchToken(params.get('fetch')!))['auth-token']!;
    expect(
      (await lrs(auth, 'POST', 'statements', statement(params, 'completed', { completion: true }))).status,
    ).toBe(200);
    expect((await progressOf(object))?.status).toBe('in_progress');
    let states = await r.get(`/api/v1/learning_objects/${object}/cmi5_au_states`, student);
    expect(states.body.data[0].attributes).toMatchObject({
      au_id: CHECK,
      state: 'completed',
      satisfied: false,
    });

    const passed = statement(params, 'passed', { success: true, score: { scaled: 0.9 } });
    const terminated = statement(params, 'terminated');
    expect((await lrs(auth, 'POST', 'statements', [passed, terminated])).status).toBe(200);
    expect(await progressOf(object)).toMatchObject({ status: 'completed', score: 90 });
    states = await r.get(`/api/v1/learning_objects/${object}/cmi5_au_states`, student);
    expect(states.body.data[0].attributes).toMatchObject({ state: 'satisfied', satisfied: true, score: 90 });

    // The LMS wrote satisfied for the AU's block and for the course.
    const satisfied = await t.services.db
      .selectFrom('xapi_statements')
      .select(['activity_id', 'statement'])
      .where('verb_id', '=', 'https://w3id.org/xapi/adl/verbs/satisfied')
      .where('registration', '=', params.get('registration')!)
      .execute();
    const grouped = satisfied.map((row) => {
      const stored = readStatement(row.statement) as {
        context: { contextActivities: { grouping: Array<{ id: string }> } };
      };
      return stored.context.contextActivities.grouping[0]!.id;
    });
    expect(grouped.sort()).toEqual([BLOCK_ID, COURSE_ID].sort());
    for (const row of satisfied) expect([BLOCK_ID, COURSE_ID]).not.toContain(row.activity_id);
    // Terminated: the session's credential writes no more.
    expect((await lrs(auth, 'POST', 'statements', statement(params, 'initialized'))).status).toBe(401);
  });

  const cases: Array<[string, string[], boolean]> = [
    ['Passed', ['passed'], true],
    ['Passed', ['completed'], false],
    ['Completed', ['completed'], true],
    ['Completed', ['failed'], false],
    ['CompletedOrPassed', ['passed'], true],
    ['CompletedOrPassed', ['failed'], false],
    ['NotApplicable', [], true],
  ];
  it.each(cases)('%s after %j: completed %s', async (moveOn, verbs, done) => {
    const object = await newObject(`moveOn ${moveOn}`);
    const zip = cmi5Zip(
      (files) => (files['cmi5.xml'] = strToU8(courseXml().replace('CompletedAndPassed', moveOn))),
    );
    expect((await upload(object, zip)).statusCode).toBe(200);
    const { params } = await launch(object);
    const auth = (await fetchToken(params.get('fetch')!))['auth-token']!;
    const sent = verbs.length > 0 ? verbs : ['initialized'];
    for (const verb of sent)
      expect(
        (
          await lrs(
            auth,
            'POST',
            'statements',
            statement(
              params,
              verb,
              verb === 'passed' || verb === 'failed' ? { success: verb === 'passed' } : undefined,
            ),
          )
        ).status,
      ).toBe(200);
    // NotApplicable is met by the launch alone: the whole course (its other AU is NotApplicable too).
    expect((await progressOf(object))?.status === 'completed').toBe(done);
    const states = await r.get(`/api/v1/learning_objects/${object}/cmi5_au_states`, student);
    expect(states.body.data[0].attributes.state === 'satisfied').toBe(done);
  });
});
