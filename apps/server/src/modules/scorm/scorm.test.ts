import { strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { BOUNDARY, multipartZip, scormZip } from '../../test/scorm-packages';
import { createTestApp, SECOND_HOST, XHR } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let student: string;
let coach: string;
let course: string;
let section: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  course = (await r.post('/api/v1/courses', admin, { title: 'Packaged', status: 'published' })).body.data.id;
  section = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'S' })).body.data.id;
  expect((await r.post(`/api/v1/courses/${course}/enrollments`, student)).status).toBe(201);
});
afterAll(() => t.close());

const newObject = async (title = 'Package') =>
  (await r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, { kind: 'scorm', title })).body
    .data.id as string;

const upload = (object: string, zip: Buffer, cookie = admin, host = 'localhost') =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/learning_objects/${object}/scorm_package`,
    headers: { ...XHR, cookie, host, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipartZip(zip),
  });

const storedPackages = async () =>
  Number(
    (
      await t.services.db
        .selectFrom('scorm_packages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const launch = (object: string, sco: string, cookie = student) =>
  r.post(`/api/v1/learning_objects/${object}/scorm_launches`, cookie, { sco_identifier: sco });

describe('uploading a package', () => {
  it('reads a SCORM 1.2 manifest: version, title, SCOs with prerequisites', async () => {
    const object = await newObject();
    const response = await upload(object, scormZip('scorm12'));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.attributes).toMatchObject({
      version: '1.2',
      title: 'Lifting safely (SCORM 1.2)',
      file_count: 4,
      scos: [
        { identifier: 'item-basics', title: 'Basics of lifting', depth: 0, prerequisites: null },
        { identifier: 'item-practice', title: 'Practice', depth: 0, prerequisites: 'item-basics' },
      ],
      sequencing: null,
    });
    const read = await r.get(`/api/v1/learning_objects/${object}/scorm_package`, student);
    expect(read.body.data.attributes.scos).toHaveLength(2);
  });

  it('reads a SCORM 2004 manifest with its control mode', async () => {
    const object = await newObject();
    const response = await upload(object, scormZip('scorm2004'));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data.attributes).toMatchObject({
      version: '2004',
      title: 'Hazards at work (SCORM 2004)',
      scos: [{ identifier: 'item-intro' }, { identifier: 'item-quiz' }],
      sequencing: { choice: true, flow: true },
    });
  });

  const refusals: Array<[string, (files: Record<string, Uint8Array>) => void, string, number | null]> = [
    ['no manifest', (files) => delete files['imsmanifest.xml'], 'SCORM_MANIFEST_MISSING', null],
    [
      'a malformed manifest',
      (files) => {
        files['imsmanifest.xml'] = strToU8(
          '<?xml version="1.0"?>\n<manifest>\n  <organizations>\n</manifest>',
        );
      },
      'SCORM_MANIFEST_MALFORMED',
      3,
    ],
    [
      'a launch file not in the zip',
      (files) => delete files['sco2/index.html'],
      'SCORM_LAUNCH_FILE_MISSING',
      27,
    ],
    [
      'an item pointing to an unknown resource',
      (files) => {
        files['imsmanifest.xml'] = strToU8(
          new TextDecoder()
            .decode(files['imsmanifest.xml'])
            .replace('identifierref="res-practice"', 'identifierref="res-gone"'),
        );
      },
      'SCORM_UNKNOWN_RESOURCE',
      16,
    ],
    [
      'a path leaving the package',
      (files) => {
        files['../evil.html'] = strToU8('<p>out</p>');
      },
      'SCORM_UNSAFE_PATH',
      null,
    ],
    [
      'a zip bomb',
      (files) => {
        files['big.txt'] = new Uint8Array(50 * 1024 * 1024);
      },
      'SCORM_ZIP_BOMB',
      null,
    ],
  ];
  for (const [what, change, code, line] of refusals) {
    it(`refuses ${what} with 422 ${code}, and keeps nothing`, async () => {
      const object = await newObject();
      const before = await storedPackages();
      const response = await upload(object, scormZip('scorm12', change));
      expect(response.statusCode).toBe(422);
      const error = JSON.parse(response.body).errors[0];
      expect(error).toMatchObject({ code, source: { pointer: '/file' } });
      if (line !== null) {
        expect(error.meta.line).toBe(line);
        // In the reader's language (the demo portal speaks Dutch), with the line.
        expect(error.detail).toContain(`regel ${line}`);
      }
      expect(await storedPackages()).toBe(before);
    });
  }

  it('refuses a file that is no zip', async () => {
    const response = await upload(await newObject(), Buffer.from('just text'));
    expect(response.statusCode).toBe(422);
    expect(JSON.parse(response.body).errors[0].code).toBe('SCORM_ZIP_UNREADABLE');
  });

  it('refuses a package over the portal quota with 413 QUOTA_EXCEEDED', async () => {
    const tight = await createTestApp({ quotaAccountBytes: 1_000_000, quotaPortalBytes: 1 });
    try {
      const tr = requests(tight);
      const cookie = await tight.login('admin@leerpad.test');
      const c = (await tr.post('/api/v1/courses', cookie, { title: 'Q', status: 'published' })).body.data.id;
      const s = (await tr.post(`/api/v1/courses/${c}/course_sections`, cookie, { title: 'S' })).body.data.id;
      const o = (
        await tr.post(`/api/v1/course_sections/${s}/learning_objects`, cookie, { kind: 'scorm', title: 'P' })
      ).body.data.id;
      const response = await tight.app.inject({
        method: 'PUT',
        url: `/api/v1/learning_objects/${o}/scorm_package`,
        headers: {
          ...XHR,
          cookie,
          host: 'localhost',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        },
        payload: multipartZip(scormZip('scorm12')),
      });
      expect(response.statusCode).toBe(413);
      expect(JSON.parse(response.body).errors[0].code).toBe('QUOTA_EXCEEDED');
    } finally {
      await tight.close();
    }
  });

  it('is for course managers only', async () => {
    const object = await newObject();
    expect((await upload(object, scormZip('scorm12'), student)).statusCode).toBe(403);
  });
});

describe('playing and tracking', () => {
  it('serves the SCO sandboxed, without the session, with the runtime shim first', async () => {
    const object = await newObject();
    await upload(object, scormZip('scorm12'));
    const started = await launch(object, 'item-basics');
    expect(started.status).toBe(200);
    const url: string = started.body.data.attributes.launch_url;
    expect(url).toMatch(/^\/scorm-content\/[A-Za-z0-9_-]+\/sco1\/index\.html$/);
    const page = await t.app.inject({ method: 'GET', url, headers: { host: 'localhost' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(page.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(page.body).toMatch(
      /<head>\s*<script src="\/scorm-content\/[^"]+\/~leerpad\/runtime\.js"><\/script>/,
    );
    const script = await t.app.inject({
      method: 'GET',
      url: url.replace('sco1/index.html', 'shared/sco.js'),
      headers: { host: 'localhost' },
    });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    const runtime = await t.app.inject({
      method: 'GET',
      url: url.replace('sco1/index.html', '~leerpad/runtime.js'),
      headers: { host: 'localhost' },
    });
    expect(runtime.body).toContain('window.API_1484_11 = api');
    expect(runtime.body).toContain('"cmi.core.entry":"ab-initio"');
    // A wrong token or a path outside the package is nothing.
    expect(
      (await t.app.inject({ method: 'GET', url: '/scorm-content/AAAAAAAAAAAAAAAAAAAAAAAA/sco1/index.html' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: url.replace('sco1/index.html', '..%2f..%2fimsmanifest.xml'),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('saves runtime data, resumes where the learner left off, and completes the object with the mean score', async () => {
    const object = await newObject();
    await upload(object, scormZip('scorm12'));
    const first = await launch(object, 'item-basics');
    const attempt = first.body.data.relationships.scorm_attempt.data.id;
    const suspend = JSON.stringify({ page: 2, padding: 'x'.repeat(5000) });
    const save = (cmi: Record<string, unknown>) =>
      r.patch(`/api/v1/scorm_attempts/${attempt}`, student, {
        data: { type: 'scorm_attempts', id: attempt, attributes: { cmi } },
      });
    const saved = await save({
      'cmi.core.lesson_status': 'incomplete',
      'cmi.core.lesson_location': '2',
      'cmi.core.exit': 'suspend',
      'cmi.core.session_time': '00:02:30',
      'cmi.suspend_data': suspend,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.attributes).toMatchObject({
      state: 'incomplete',
      location: '2',
      session_seconds: 150,
    });
    // The same commit again changes nothing.
    expect(
      (
        await save({
          'cmi.core.lesson_status': 'incomplete',
          'cmi.core.lesson_location': '2',
          'cmi.core.exit': 'suspend',
          'cmi.core.session_time': '00:02:30',
          'cmi.suspend_data': suspend,
        })
      ).status,
    ).toBe(200);

    const again = await launch(object, 'item-basics');
    expect(JSON.parse(again.body.data.attributes.cmi)).toMatchObject({
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': '2',
      'cmi.suspend_data': suspend,
      'cmi.core.total_time': '0000:02:30',
    });
    await save({
      'cmi.core.lesson_status': 'passed',
      'cmi.core.score.raw': '90',
      'cmi.core.score.max': '100',
      'cmi.core.score.min': '0',
      'cmi.core.session_time': '00:01:00',
    });
    let progress = await r.get(
      `/api/v1/learning_objects/${object}?include=learning_object_progress`,
      student,
    );
    expect(progress.body.included[0].attributes.status).toBe('in_progress');

    const second = await launch(object, 'item-practice');
    const secondId = second.body.data.relationships.scorm_attempt.data.id;
    await r.patch(`/api/v1/scorm_attempts/${secondId}`, student, {
      data: {
        type: 'scorm_attempts',
        id: secondId,
        attributes: { cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '70' } },
      },
    });
    progress = await r.get(`/api/v1/learning_objects/${object}?include=learning_object_progress`, student);
    expect(progress.body.included[0].attributes).toMatchObject({ status: 'completed', score: 80 });
    const list = await r.get(`/api/v1/learning_objects/${object}/scorm_attempts`, student);
    expect(list.body.data.map((row: { attributes: { state: string } }) => row.attributes.state)).toEqual([
      'passed',
      'passed',
    ]);
    expect(list.body.data[0].attributes.total_seconds).toBe(210);
  });

  it('refuses suspend_data over 64,000 characters', async () => {
    const object = await newObject();
    await upload(object, scormZip('scorm2004'));
    const started = await launch(object, 'item-intro');
    const attempt = started.body.data.relationships.scorm_attempt.data.id;
    const response = await r.patch(`/api/v1/scorm_attempts/${attempt}`, student, {
      data: {
        type: 'scorm_attempts',
        id: attempt,
        attributes: { cmi: { 'cmi.suspend_data': 'x'.repeat(64_001) } },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({
      code: 'SCORM_SUSPEND_DATA_TOO_LONG',
      source: { pointer: '/data/attributes/cmi' },
    });
  });

  it("keeps every learner's tracking when the package is replaced", async () => {
    const object = await newObject();
    await upload(object, scormZip('scorm2004'));
    const started = await launch(object, 'item-intro');
    const attempt = started.body.data.relationships.scorm_attempt.data.id;
    await r.patch(`/api/v1/scorm_attempts/${attempt}`, student, {
      data: {
        type: 'scorm_attempts',
        id: attempt,
        attributes: {
          cmi: { 'cmi.completion_status': 'completed', 'cmi.location': '3', 'cmi.score.scaled': '0.75' },
        },
      },
    });
    const replaced = await upload(
      object,
      scormZip('scorm2004', (files) => {
        files['intro/extra.txt'] = strToU8('new in version 2');
      }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(
      await t.services.db
        .selectFrom('scorm_packages')
        .select('id')
        .where('learning_object_id', '=', Number(object))
        .execute(),
    ).toHaveLength(1);
    const list = await r.get(`/api/v1/learning_objects/${object}/scorm_attempts`, student);
    expect(list.body.data[0].attributes).toMatchObject({
      sco_identifier: 'item-intro',
      state: 'completed',
      score: 75,
      location: '3',
    });
    const resumed = await launch(object, 'item-intro');
    expect(JSON.parse(resumed.body.data.attributes.cmi)).toMatchObject({ 'cmi.location': '3' });
  });

  it('lets the coach see the completion and score', async () => {
    const object = await newObject('Coach sees this');
    await upload(object, scormZip('scorm2004'));
    for (const sco of ['item-intro', 'item-quiz']) {
      const id = (await launch(object, sco)).body.data.relationships.scorm_attempt.data.id;
      await r.patch(`/api/v1/scorm_attempts/${id}`, student, {
        data: {
          type: 'scorm_attempts',
          id,
          attributes: {
            cmi: {
              'cmi.completion_status': 'completed',
              'cmi.success_status': 'passed',
              'cmi.score.scaled': '0.9',
            },
          },
        },
      });
    }
    const row = await t.services.db
      .selectFrom('learning_object_progress')
      .select(['status', 'score'])
      .where('learning_object_id', '=', Number(object))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', score: 90 });
    // On the student's page the coach finds the object's score among the results, like a quiz's.
    const studentId = await t.accountId('student@leerpad.test');
    const seen = await r.get(`/api/v1/students/${studentId}?include=results`, coach);
    expect(seen.status).toBe(200);
    const objectOf = (progress: { relationships: { learning_object: { data: { id: string } } } }) =>
      progress.relationships.learning_object.data.id;
    const result = seen.body.included.find(
      (resource: { type: string; relationships: { learning_object: { data: { id: string } } } }) =>
        resource.type === 'learning_object_progress' && objectOf(resource) === object,
    );
    expect(result.attributes).toMatchObject({ completed: true, score: 90 });
    expect(seen.body.data.relationships.results.data).toContainEqual({
      type: 'learning_object_progress',
      id: result.id,
    });
    expect(seen.body.included).toContainEqual(
      expect.objectContaining({
        type: 'learning_objects',
        id: object,
        attributes: expect.objectContaining({ title: 'Coach sees this', kind: 'scorm' }),
      }),
    );
  });

  it('keeps a package and its tracking from another portal and from other learners', async () => {
    const object = await newObject();
    await upload(object, scormZip('scorm12'));
    const started = await launch(object, 'item-basics');
    const attempt = started.body.data.relationships.scorm_attempt.data.id;
    const other = await t.login('second-admin@leerpad.test', SECOND_HOST);
    expect((await r.get(`/api/v1/learning_objects/${object}/scorm_package`, other, SECOND_HOST)).status).toBe(
      404,
    );
    expect(
      (
        await r.patch(
          `/api/v1/scorm_attempts/${attempt}`,
          other,
          { data: { type: 'scorm_attempts', id: attempt, attributes: { cmi: {} } } },
          SECOND_HOST,
        )
      ).status,
    ).toBe(404);
    expect((await upload(object, scormZip('scorm12'), other, SECOND_HOST)).statusCode).toBe(404);
    const classmate = await t.login('classmate@leerpad.test');
    await r.post(`/api/v1/courses/${course}/enrollments`, classmate);
    expect(
      (
        await r.patch(`/api/v1/scorm_attempts/${attempt}`, classmate, {
          data: { type: 'scorm_attempts', id: attempt, attributes: { cmi: {} } },
        })
      ).status,
    ).toBe(404);
  });
});
