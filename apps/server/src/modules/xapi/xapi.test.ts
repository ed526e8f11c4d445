import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { ACADEMY_HOST, createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let writer: { key: string; secret: string; id: string };

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

async function makeCredential(scopes: string[], cookie = admin, host = ACADEMY_HOST) {
  const created = await r.post(
    '/api/v1/xapi_credentials',
    cookie,
    { name: `LMS ${scopes.join(' ')}`, scopes },
    host,
  );
  expect(created.status).toBe(201);
  return {
    id: created.body.data.id as string,
    key: created.body.data.attributes.key as string,
    secret: created.body.data.attributes.secret as string,
  };
}

/** A request to the LRS with Basic credentials and the version header (unless told otherwise). */
async function lrs(
  method: Method,
  url: string,
  options: {
    credential?: { key: string; secret: string } | null;
    body?: unknown;
    raw?: Buffer | string;
    headers?: Record<string, string>;
    host?: string;
    version?: string | null;
  } = {},
) {
  const credential = options.credential === undefined ? writer : options.credential;
  const headers: Record<string, string> = { host: options.host ?? ACADEMY_HOST, ...options.headers };
  if (credential)
    headers['authorization'] =
      `Basic ${Buffer.from(`${credential.key}:${credential.secret}`).toString('base64')}`;
  if (options.version !== null) headers['x-experience-api-version'] = options.version ?? '1.0.3';
  let payload: Buffer | string | undefined = options.raw;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await t.app.inject({
    method,
    url: `/xapi/${url}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(response.body);
  } catch {
    json = null;
  }
  return { status: response.statusCode, headers: response.headers, body: json, text: response.body };
}

const learner = { objectType: 'Agent', name: 'Sam', mbox: 'mailto:sam@example.com' };
const other = { objectType: 'Agent', mbox: 'mailto:kim@example.com' };
const completed = {
  id: 'http://adlnet.gov/expapi/verbs/completed',
  display: { 'en-US': 'completed', nl: 'voltooide' },
};
const attempted = { id: 'http://adlnet.gov/expapi/verbs/attempted' };
const activity = (id: string) => ({ objectType: 'Activity', id: `https://leerpad.test/activities/${id}` });

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  writer = await makeCredential(['all']);
});
afterAll(() => t.close());

describe('xAPI credentials', () => {
  it('show the secret once, list without it, and are refused by the LRS once revoked', async () => {
    const credential = await makeCredential(['statements/write', 'statements/read/mine']);
    const list = await r.get('/api/v1/xapi_credentials', admin);
    const listed = list.body.data.find((row: { id: string }) => row.id === credential.id);
    expect(listed.attributes.secret).toBeUndefined();
    expect(listed.attributes.key).toBe(credential.key);
    expect(listed.attributes.endpoint).toMatch(/\/xapi\/$/);
    expect((await lrs('GET', 'statements', { credential })).status).toBe(200);
    expect((await r.del(`/api/v1/xapi_credentials/${credential.id}`, admin)).status).toBe(200);
    const refused = await lrs('GET', 'statements', { credential });
    expect(refused.status).toBe(401);
    expect(refused.headers['www-authenticate']).toContain('Basic');
  });

  it('are for admins only', async () => {
    const student = await t.login('student@leerpad.test');
    expect((await r.post('/api/v1/xapi_credentials', student, { name: 'x', scopes: ['all'] })).status).toBe(
      403,
    );
    expect(
      (await r.post('/api/v1/xapi_credentials', admin, { name: 'x', scopes: ['everything'] })).status,
    ).toBe(422);
  });

  it('refuse a wrong secret and a missing Authorization', async () => {
    expect(
      (await lrs('GET', 'statements', { credential: { key: writer.key, secret: 'wrong' } })).status,
    ).toBe(401);
    expect((await lrs('GET', 'statements', { credential: null })).status).toBe(401);
  });

  it('limit what a credential may do to its scopes', async () => {
    const reader = await makeCredential(['statements/read']);
    const written = await lrs('POST', 'statements', {
      credential: reader,
      body: { actor: learner, verb: completed, object: activity('scoped') },
    });
    expect(written.status).toBe(403);
    expect(
      (await lrs('GET', 'activities/state?activityId=x:y&agent={}', { credential: reader })).status,
    ).toBe(403);
  });

  it('with statements/read/mine read only the statements they wrote', async () => {
    const mine = await makeCredential(['statements/write', 'statements/read/mine']);
    const own = await lrs('POST', 'statements', {
      credential: mine,
      body: { actor: learner, verb: completed, object: activity('mine') },
    });
    const theirs = await lrs('POST', 'statements', {
      body: { actor: learner, verb: completed, object: activity('mine') },
    });
    const read = await lrs('GET', `statements?activity=${encodeURIComponent(activity('mine').id)}`, {
      credential: mine,
    });
    expect(read.body.statements.map((s: { id: string }) => s.id)).toEqual(own.body);
    expect((await lrs('GET', `statements?statementId=${theirs.body[0]}`, { credential: mine })).status).toBe(
      404,
    );
  });
});

describe('The LRS', () => {
  it('tells its versions at /about without credentials', async () => {
    const about = await lrs('GET', 'about', { credential: null, version: null });
    expect(about.status).toBe(200);
    expect(about.body.version).toEqual(['1.0.3', '2.0.0']);
  });

  it('needs a version header it speaks and answers in that version', async () => {
    expect((await lrs('GET', 'statements', { version: null })).status).toBe(400);
    expect((await lrs('GET', 'statements', { version: '0.95' })).status).toBe(400);
    const v2 = await lrs('GET', 'statements', { version: '2.0.0' });
    expect(v2.status).toBe(200);
    expect(v2.headers['x-experience-api-version']).toBe('2.0.0');
    const v1 = await lrs('GET', 'statements', { version: '1.0.1' });
    expect(v1.headers['x-experience-api-version']).toBe('1.0.3');
    expect(v1.headers['x-experience-api-consistent-through']).toBeTruthy();
  });

  it('stores a statement, sets id, stored, authority and version, and gives it back', async () => {
    const posted = await lrs('POST', 'statements', {
      body: { actor: learner, verb: completed, object: activity('a') },
    });
    expect(posted.status).toBe(200);
    const [id] = posted.body as string[];
    const got = await lrs('GET', `statements?statementId=${id}`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(id);
    expect(got.body.stored).toBeTruthy();
    expect(got.body.timestamp).toBeTruthy();
    expect(got.body.version).toBe('1.0.0');
    expect(got.body.authority.account.name).toBe(writer.key);
  });

  it('refuses statements that break the rules with 400, and stores nothing of a batch with one bad statement', async () => {
    const good = { id: randomUUID(), actor: learner, verb: completed, object: activity('batch') };
    const cases: unknown[] = [
      { actor: learner, verb: completed },
      { actor: { mbox: 'sam@example.com' }, verb: completed, object: activity('x') },
      { actor: learner, verb: { id: 'not an iri' }, object: activity('x') },
      { actor: learner, verb: completed, object: activity('x'), timestamp: '2026-13-01T00:00:00Z' },
      { actor: learner, verb: completed, object: activity('x'), result: { score: { scaled: 2 } } },
      { actor: learner, verb: completed, object: activity('x'), unknown: true },
      [good, { actor: learner, verb: completed }],
    ];
    for (const body of cases) expect((await lrs('POST', 'statements', { body })).status).toBe(400);
    expect((await lrs('GET', `statements?statementId=${good.id}`)).status).toBe(404);
    expect(
      (await lrs('POST', 'statements', { raw: '{not json', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBe(400);
  });

  it('takes PUT with a statementId once: the same again is a no-op, other content a 409', async () => {
    const id = randomUUID();
    const statement = { actor: learner, verb: completed, object: activity('put') };
    expect((await lrs('PUT', `statements?statementId=${id}`, { body: statement })).status).toBe(204);
    expect((await lrs('PUT', `statements?statementId=${id}`, { body: statement })).status).toBe(204);
    expect(
      (await lrs('PUT', `statements?statementId=${id}`, { body: { ...statement, verb: attempted } })).status,
    ).toBe(409);
    expect((await lrs('GET', `statements?statementId=${id}`)).body.verb.id).toBe(completed.id);
  });

  it('voids a statement: it is found only as voided, and the voiding statement stands', async () => {
    const [target] = (
      await lrs('POST', 'statements', { body: { actor: learner, verb: completed, object: activity('void') } })
    ).body as string[];
    const voiding = await lrs('POST', 'statements', {
      body: {
        actor: learner,
        verb: { id: 'http://adlnet.gov/expapi/verbs/voided' },
        object: { objectType: 'StatementRef', id: target },
      },
    });
    expect(voiding.status).toBe(200);
    expect((await lrs('GET', `statements?statementId=${target}`)).status).toBe(404);
    expect((await lrs('GET', `statements?voidedStatementId=${target}`)).body.id).toBe(target);
    const list = await lrs('GET', `statements?activity=${encodeURIComponent(activity('void').id)}`);
    expect(list.body.statements.map((s: { id: string }) => s.id)).toEqual(voiding.body);
  });

  it('filters by agent, verb, activity (with related ones) and registration, and pages with more links', async () => {
    const registration = randomUUID();
    const parent = activity('course-filter');
    const statements = [
      {
        actor: learner,
        verb: completed,
        object: activity('f1'),
        context: { registration, contextActivities: { parent } },
      },
      { actor: learner, verb: attempted, object: activity('f2'), context: { registration } },
      { actor: other, verb: completed, object: activity('f1'), context: { instructor: learner } },
    ];
    const ids = (await lrs('POST', 'statements', { body: statements })).body as string[];
    const idsOf = async (query: string) =>
      (await lrs('GET', `statements?${query}`)).body.statements.map((s: { id: string }) => s.id);
    const agent = encodeURIComponent(JSON.stringify({ mbox: learner.mbox }));
    expect(await idsOf(`registration=${registration}`)).toEqual([ids[1], ids[0]]);
    expect(await idsOf(`registration=${registration}&verb=${encodeURIComponent(completed.id)}`)).toEqual([
      ids[0],
    ]);
    expect(await idsOf(`activity=${encodeURIComponent(parent.id)}`)).toEqual([]);
    expect(await idsOf(`activity=${encodeURIComponent(parent.id)}&related_activities=true`)).toEqual([
      ids[0],
    ]);
    const byAgent = await idsOf(`agent=${agent}&activity=${encodeURIComponent(activity('f1').id)}`);
    expect(byAgent).toEqual([ids[0]]);
    const related = await idsOf(
      `agent=${agent}&activity=${encodeURIComponent(activity('f1').id)}&related_agents=true`,
    );
    expect(related).toEqual([ids[2], ids[0]]);

    const first = await lrs('GET', `statements?registration=${registration}&limit=1&ascending=true`);
    expect(first.body.statements.map((s: { id: string }) => s.id)).toEqual([ids[0]]);
    expect(first.body.more).toMatch(/^\/xapi\/statements\?more=/);
    const second = await lrs('GET', first.body.more.replace('/xapi/', ''));
    expect(second.body.statements.map((s: { id: string }) => s.id)).toEqual([ids[1]]);
    expect(second.body.more).toBe('');
    expect((await lrs('GET', 'statements?limit=-1')).status).toBe(400);
    expect((await lrs('GET', 'statements?since=yesterday')).status).toBe(400);
    expect((await lrs('GET', 'statements?agent=notjson')).status).toBe(400);
  });

  it('answers with ids and canonical formats', async () => {
    const [id] = (
      await lrs('POST', 'statements', { body: { actor: learner, verb: completed, object: activity('fmt') } })
    ).body as string[];
    const ids = await lrs('GET', `statements?statementId=${id}&format=ids`);
    expect(ids.body.actor).toEqual({ objectType: 'Agent', mbox: learner.mbox });
    const canonical = await lrs('GET', `statements?statementId=${id}&format=canonical`, {
      headers: { 'accept-language': 'nl' },
    });
    expect(canonical.body.verb.display).toEqual({ nl: 'voltooide' });
  });

  it('stores attachments sent as multipart/mixed and gives them back with attachments=true', async () => {
    const content = Buffer.from('Certificate of completion');
    const sha2 = createHash('sha256').update(content).digest('hex');
    const statement = {
      actor: learner,
      verb: completed,
      object: activity('attach'),
      attachments: [
        {
          usageType: 'http://id.tincanapi.com/attachment/certificate',
          display: { en: 'Certificate' },
          contentType: 'text/plain',
          length: content.length,
          sha2,
        },
      ],
    };
    const boundary = 'leerpadboundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(statement)}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: binary\r\nX-Experience-API-Hash: ${sha2}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--`),
    ]);
    const headers = { 'content-type': `multipart/mixed; boundary=${boundary}` };
    const posted = await lrs('POST', 'statements', { raw: body, headers });
    expect(posted.status).toBe(200);
    const got = await lrs('GET', `statements?statementId=${posted.body[0]}&attachments=true`);
    expect(got.headers['content-type']).toMatch(/^multipart\/mixed; boundary=/);
    expect(got.text).toContain('Certificate of completion');
    expect(got.text).toContain(`X-Experience-API-Hash: ${sha2}`);

    const withoutPart = await lrs('POST', 'statements', { body: statement });
    expect(withoutPart.status).toBe(400);
    const wrongHash = body
      .toString('latin1')
      .replace(`X-Experience-API-Hash: ${sha2}`, `X-Experience-API-Hash: ${'0'.repeat(64)}`);
    expect((await lrs('POST', 'statements', { raw: Buffer.from(wrongHash, 'latin1'), headers })).status).toBe(
      400,
    );
  });

  it('keeps state documents with ETags, merges JSON on POST and honours If-Match and If-None-Match', async () => {
    const agent = encodeURIComponent(JSON.stringify(learner));
    const base = `activities/state?activityId=${encodeURIComponent(activity('doc').id)}&agent=${agent}`;
    expect((await lrs('PUT', `${base}&stateId=bookmark`, { body: { page: 1 } })).status).toBe(204);
    const first = await lrs('GET', `${base}&stateId=bookmark`);
    expect(first.body).toEqual({ page: 1 });
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect((await lrs('POST', `${base}&stateId=bookmark`, { body: { seen: true } })).status).toBe(204);
    const merged = await lrs('GET', `${base}&stateId=bookmark`);
    expect(merged.body).toEqual({ page: 1, seen: true });
    expect(
      (await lrs('PUT', `${base}&stateId=bookmark`, { body: { page: 9 }, headers: { 'if-match': etag } }))
        .status,
    ).toBe(412);
    const current = merged.headers['etag'] as string;
    expect(
      (await lrs('PUT', `${base}&stateId=bookmark`, { body: { page: 2 }, headers: { 'if-match': current } }))
        .status,
    ).toBe(204);
    expect(
      (await lrs('PUT', `${base}&stateId=bookmark`, { body: { page: 3 }, headers: { 'if-none-match': '*' } }))
        .status,
    ).toBe(412);
    expect((await lrs('GET', base)).body).toEqual(['bookmark']);
    expect((await lrs('DELETE', `${base}&stateId=bookmark`)).status).toBe(204);
    expect((await lrs('GET', `${base}&stateId=bookmark`)).status).toBe(404);
    expect((await lrs('GET', `activities/state?agent=${agent}`)).status).toBe(400);
  });

  it('asks for a concurrency header to change an agent profile', async () => {
    const agent = encodeURIComponent(JSON.stringify(learner));
    const url = `agents/profile?agent=${agent}&profileId=prefs`;
    expect((await lrs('PUT', url, { body: { theme: 'dark' } })).status).toBe(400);
    expect(
      (await lrs('PUT', url, { body: { theme: 'dark' }, headers: { 'if-none-match': '*' } })).status,
    ).toBe(204);
    expect((await lrs('PUT', url, { body: { theme: 'light' } })).status).toBe(409);
    const got = await lrs('GET', url);
    expect(got.body).toEqual({ theme: 'dark' });
    expect((await lrs('GET', `agents?agent=${agent}`)).body).toMatchObject({
      objectType: 'Person',
      mbox: [learner.mbox],
    });
  });

  it('knows the activities its statements defined', async () => {
    const defined = { ...activity('defined'), definition: { name: { en: 'Lifting safely' } } };
    await lrs('POST', 'statements', { body: { actor: learner, verb: completed, object: defined } });
    const got = await lrs('GET', `activities?activityId=${encodeURIComponent(defined.id)}`);
    expect(got.body.definition.name).toEqual({ en: 'Lifting safely' });
  });

  it("never shows one portal's records to another portal's credential", async () => {
    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const second = await makeCredential(['all'], secondAdmin, SECOND_HOST);
    const [id] = (
      await lrs('POST', 'statements', { body: { actor: learner, verb: completed, object: activity('iso') } })
    ).body as string[];
    // The academy's key does not open the second portal's LRS, nor the other way round.
    expect((await lrs('GET', 'statements', { host: SECOND_HOST })).status).toBe(401);
    expect((await lrs('GET', 'statements', { credential: second })).status).toBe(401);
    const seen = await lrs('GET', `statements?statementId=${id}`, { credential: second, host: SECOND_HOST });
    expect(seen.status).toBe(404);
    const all = await lrs('GET', 'statements', { credential: second, host: SECOND_HOST });
    expect(all.body.statements).toEqual([]);
    const secondList = await r.get('/api/v1/xapi_credentials', secondAdmin, SECOND_HOST);
    expect(secondList.body.data.map((row: { id: string }) => row.id)).toEqual([second.id]);
    expect((await r.del(`/api/v1/xapi_credentials/${writer.id}`, secondAdmin, SECOND_HOST)).status).toBe(404);
  });

  it('answers nonsense with a 4xx, never a 500', async () => {
    const nonsense: [Method, string, Record<string, unknown>][] = [
      ['GET', 'nowhere', {}],
      ['DELETE', 'statements', {}],
      ['POST', 'statements', { raw: 'x', headers: { 'content-type': 'text/plain' } }],
      ['POST', 'statements', { raw: '--b\r\n', headers: { 'content-type': 'multipart/mixed; boundary=b' } }],
      ['GET', 'statements?more=garbage', {}],
      ['GET', 'statements?statementId=1&statementId=2', {}],
      ['PUT', 'statements?statementId=nope', { body: {} }],
      [
        'POST',
        'statements',
        {
          body: {
            actor: learner,
            verb: completed,
            object: activity('nul'),
            result: { response: 'a\u0000b' },
          },
        },
      ],
    ];
    for (const [method, url, options] of nonsense) {
      const answer = await lrs(method, url, options);
      expect(answer.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${url}`).toBeLessThan(500);
    }
  });
});
