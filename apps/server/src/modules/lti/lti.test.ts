import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { startLtiTool } from '../../test/lti-tool';
import type { LtiTestTool } from '../../test/lti-tool';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let student: string;
let tool: LtiTestTool;
let course: string;
let section: string;

/** fetch() answered by the app in memory, for the tool's calls to the platform. */
function injectFetch(app: TestApp['app']) {
  return async (url: string, init: RequestInit = {}) => {
    const target = new URL(url);
    const headers: Record<string, string> = { host: target.hostname };
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers,
      ...(init.body ? { payload: String(init.body) } : {}),
    });
    const answerHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers))
      if (value !== undefined) answerHeaders.set(key, String(value));
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: answerHeaders,
    });
  };
}

/** What a browser does between "launch" and the tool's page: login, authorise, form post. */
async function browserLaunch(start: { url: string; payload: Record<string, string> }) {
  const login = await fetch(start.url, {
    method: 'POST',
    body: new URLSearchParams(start.payload),
    redirect: 'manual',
  });
  const location = login.headers.get('location');
  if (!location) return { stage: 'login', status: login.status, text: await login.text() };
  const authorize = await injectFetch(t.app)(location);
  const html = await authorize.text();
  if (authorize.status !== 200) return { stage: 'authorize', status: authorize.status, text: html };
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? '';
  const fields = new URLSearchParams();
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields.set(match[1]!, match[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  const post = await fetch(action, { method: 'POST', body: fields });
  return { stage: 'tool', status: post.status, text: await post.text(), location, html };
}

const auditCount = async (action: string) =>
  Number(
    (
      await t.services.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp({ ltiAllowPrivateHosts: true });
  r = requests(t);
  tool = await startLtiTool({ platformFetch: injectFetch(t.app) });
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  course = (await r.post('/api/v1/courses', admin, { title: 'Tool course', status: 'published' })).body.data
    .id;
  section = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'Labs' })).body.data
    .id;
  expect((await r.post(`/api/v1/courses/${course}/enrollments`, student)).status).toBe(201);
});
afterAll(async () => {
  await tool?.close();
  await t?.close();
});

describe('platform keys', () => {
  it('serves the key set and keeps a rotated key in it for the grace period', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/lti/jwks', headers: { host: 'localhost' } });
    expect(first.statusCode).toBe(200);
    const before = JSON.parse(first.body).keys as Array<{ kid: string; kty: string; d?: string }>;
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(before[0]!.d).toBeUndefined();
    const rotated = await r.post('/api/v1/lti_platform_keys', admin);
    expect(rotated.status).toBe(201);
    const after = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/lti/jwks', headers: { host: 'localhost' } })).body,
    ).keys as Array<{ kid: string }>;
    expect(after).toHaveLength(2);
    expect(after.map((key) => key.kid)).toContain(before[0]!.kid);
    expect(await auditCount('lti_key.rotated')).toBe(1);
    // Another portal has keys of its own.
    const other = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/lti/jwks', headers: { host: SECOND_HOST } })).body,
    ).keys as Array<{ kid: string }>;
    expect(other.map((key) => key.kid)).not.toContain(before[0]!.kid);
  });

  it('lets only an admin rotate', async () => {
    expect((await r.post('/api/v1/lti_platform_keys', student)).status).toBe(403);
  });
});

describe('tool registration', () => {
  it('adds a tool by hand with a client id and a deployment id of ours', async () => {
    const created = await r.post('/api/v1/lti_tools', admin, {
      name: 'Manual tool',
      login_url: 'https://tool.example/login',
      launch_url: 'https://tool.example/launch',
      redirect_uris: ['https://tool.example/launch'],
      jwks_url: 'https://tool.example/jwks',
      custom: { level: '2' },
      services: ['ags'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      status: 'active',
      registered_by: 'manual',
      services: ['ags'],
      custom: { level: '2' },
      platform: { issuer: 'http://localhost:3000', token_url: 'http://localhost:3000/lti/token' },
    });
    expect(created.body.data.attributes.client_id).toMatch(/^lti_/);
    expect(created.body.data.attributes.deployment_ids).toHaveLength(1);
    const id = created.body.data.id as string;
    // Another portal's admin does not see it.
    const other = await t.login('second-admin@leerpad.test', SECOND_HOST);
    expect((await r.get(`/api/v1/lti_tools/${id}`, other, SECOND_HOST)).status).toBe(404);
    expect(
      (await r.patch(`/api/v1/lti_tools/${id}`, other, { status: 'disabled' }, SECOND_HOST)).status,
    ).toBe(404);
    const theirs = await r.get('/api/v1/lti_tools', other, SECOND_HOST);
    expect(theirs.body.data.map((tool: { id: string }) => tool.id)).not.toContain(id);
    expect((await r.del(`/api/v1/lti_tools/${id}`, admin)).status).toBe(204);
  });

  it('refuses a tool without a key, and a bad address, with pointers', async () => {
    const missing = await r.post('/api/v1/lti_tools', admin, {
      name: 'No key',
      login_url: 'https://tool.example/login',
      launch_url: 'https://tool.example/launch',
      redirect_uris: ['https://tool.example/launch'],
      services: [],
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({
      code: 'LTI_TOOL_KEY_MISSING',
      source: { pointer: '/jwks_url' },
    });
    const bad = await r.post('/api/v1/lti_tools', admin, {
      name: 'Bad',
      login_url: 'javascript:alert(1)',
      launch_url: 'https://tool.example/launch',
      redirect_uris: ['https://tool.example/launch'],
      jwks_url: 'https://tool.example/jwks',
      services: [],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/login_url');
  });

  it('registers a tool dynamically; it waits for approval, then launches', async () => {
    const started = await r.post('/api/v1/lti_registrations', admin, {
      registration_url: tool.registrationUrl,
    });
    expect(started.status).toBe(201);
    const open = new URL(started.body.data.attributes.open_url);
    expect(open.searchParams.get('openid_configuration')).toBe(
      'http://localhost:3000/lti/openid-configuration',
    );
    // The browser opens the tool's registration page; the tool registers itself.
    const page = await fetch(open);
    expect(page.status).toBe(200);
    expect(tool.registration?.clientId).toMatch(/^lti_/);
    const registration = await r.get(`/api/v1/lti_registrations/${started.body.data.id}`, admin);
    const toolId = registration.body.data.attributes.tool_id as string;
    const pending = await r.get(`/api/v1/lti_tools/${toolId}`, admin);
    expect(pending.body.data.attributes).toMatchObject({
      name: 'Practice Lab',
      status: 'pending',
      registered_by: 'dynamic',
      services: ['ags', 'nrps', 'deep_linking'],
      deep_linking_url: tool.deepLinkUrl,
      custom: { lab: 'yes' },
    });
    // The token is single use.
    const again = await fetch(open);
    expect(await again.text()).toContain('Registration failed');
    expect(await auditCount('lti_tool.registered')).toBe(1);
    const approved = await r.patch(`/api/v1/lti_tools/${toolId}`, admin, { status: 'active' });
    expect(approved.status).toBe(200);
    expect(approved.body.data.attributes.status).toBe('active');
    expect(await auditCount('lti_tool.approved')).toBe(1);
  });

  it('refuses a registration address on a private network unless allowed', async () => {
    const strict = await createTestApp();
    try {
      const cookie = await strict.login('admin@leerpad.test');
      const refused = await requests(strict).post('/api/v1/lti_registrations', cookie, {
        registration_url: 'http://127.0.0.1:9/register',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'LTI_REMOTE_REFUSED',
        source: { pointer: '/registration_url' },
      });
    } finally {
      await strict.close();
    }
  });
});

describe('deep linking, launch, grades and members', () => {
  let objectId: string;

  it('deep-links a resource from the tool into the section, with its line item', async () => {
    const tools = await r.get('/api/v1/lti_tools', admin);
    const toolId = tools.body.data.find(
      (row: { attributes: { name: string } }) => row.attributes.name === 'Practice Lab',
    ).id;
    const start = await r.post(`/api/v1/course_sections/${section}/lti_deep_linking_launches`, admin, {
      tool: toolId,
    });
    expect(start.status).toBe(201);
    const result = await browserLaunch(start.body.data.attributes);
    expect(result.stage).toBe('tool');
    const claims = tool.launches.at(-1)!.claims;
    expect(claims['https://purl.imsglobal.org/spec/lti/claim/message_type']).toBe('LtiDeepLinkingRequest');
    // The tool's picker posts its signed response back (the browser submits the form).
    const jwt = /name="JWT" value="([^"]+)"/.exec(result.text)![1]!;
    const back = await t.app.inject({
      method: 'POST',
      url: '/lti/deep-linking-return',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ JWT: jwt }).toString(),
    });
    expect(back.statusCode).toBe(200);
    const created = await t.services.db
      .selectFrom('learning_objects')
      .select(['id', 'type'])
      .where('title', '=', 'Fire safety lab')
      .executeTakeFirst();
    expect(created?.type).toBe('lti');
    objectId = String(created!.id);
    const link = await r.get(`/api/v1/learning_objects/${objectId}/lti_link`, student);
    expect(link.body.data.attributes).toMatchObject({
      tool_name: 'Practice Lab',
      custom: { score: '8' },
      line_item: { label: 'Fire safety lab', score_maximum: 10 },
    });
    // The same response again is refused.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/lti/deep-linking-return',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ JWT: jwt }).toString(),
    });
    expect(replay.statusCode).toBe(400);
  });

  it('launches the student with the LTI claims; the tool reads members and posts 8/10 into progress', async () => {
    const start = await r.post(`/api/v1/learning_objects/${objectId}/lti_launches`, student, {});
    expect(start.status).toBe(201);
    const result = await browserLaunch(start.body.data.attributes);
    expect(result.status).toBe(200);
    expect(result.text).toContain('Practice Lab: Fire safety lab');
    const launch = tool.launches.at(-1)!;
    const claim = (name: string) => launch.claims[`https://purl.imsglobal.org/spec/lti/claim/${name}`];
    expect(claim('message_type')).toBe('LtiResourceLinkRequest');
    expect(claim('version')).toBe('1.3.0');
    expect(claim('deployment_id')).toBe(tool.registration!.deploymentId);
    expect(claim('roles')).toContain('http://purl.imsglobal.org/vocab/lis/v2/membership#Learner');
    expect(claim('context')).toMatchObject({ id: course, title: 'Tool course' });
    expect(claim('custom')).toMatchObject({ lab: 'yes', score: '8' });
    expect(launch.members?.map((member) => member.name)).toContain('Sam Student');
    // The learners' coaches are members too, as mentors.
    const coach = launch.members?.find((member) => member.name === 'Carla Coach');
    expect(coach?.roles).toContain('http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor');
    expect(coach?.roles).not.toContain('http://purl.imsglobal.org/vocab/lis/v2/membership#Learner');
    // Asked for one member at a time, the list pages with a `next` link.
    const token = await tool.accessToken();
    const nrps = launch.claims['https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice'] as {
      context_memberships_url: string;
    };
    const membersUrl = nrps.context_memberships_url;
    const firstPage = await injectFetch(t.app)(`${membersUrl}?limit=1`, {
      headers: { authorization: `Bearer ${String(token.body['access_token'])}` },
    });
    expect(firstPage.status).toBe(200);
    expect(((await firstPage.json()) as { members: unknown[] }).members).toHaveLength(1);
    expect(firstPage.headers.get('link')).toMatch(/limit=1&offset=1>; rel="next"/);
    expect(launch.scoreStatus).toBe(204);
    const progress = await t.services.db
      .selectFrom('learning_object_progress')
      .select(['status', 'score'])
      .where('learning_object_id', '=', Number(objectId))
      .executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ status: 'completed', score: 80 });
  });

  it('uses a launch hint and a nonce once', async () => {
    const start = await r.post(`/api/v1/learning_objects/${objectId}/lti_launches`, student, {});
    const first = await browserLaunch(start.body.data.attributes);
    expect(first.status).toBe(200);
    const replayed = await injectFetch(t.app)(first.location!);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'login_required' });
  });

  it('refuses a redirect_uri the tool did not register', async () => {
    const start = await r.post(`/api/v1/learning_objects/${objectId}/lti_launches`, student, {});
    const login = await fetch(start.body.data.attributes.url, {
      method: 'POST',
      body: new URLSearchParams(start.body.data.attributes.payload),
      redirect: 'manual',
    });
    const location = new URL(login.headers.get('location')!);
    location.searchParams.set('redirect_uri', 'https://evil.example/steal');
    const answer = await injectFetch(t.app)(location.toString());
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'invalid_request_object' });
  });

  it('refuses to launch a student who is not enrolled', async () => {
    const coach = await t.login('coach@leerpad.test');
    const refused = await r.post(`/api/v1/learning_objects/${objectId}/lti_launches`, coach, {});
    expect([403, 404]).toContain(refused.status);
    // An enrolment that ends between the launch and the tool's return is refused there too.
    const classmate = await t.login('classmate@leerpad.test');
    expect((await r.post(`/api/v1/courses/${course}/enrollments`, classmate)).status).toBe(201);
    const start = await r.post(`/api/v1/learning_objects/${objectId}/lti_launches`, classmate, {});
    expect(start.status).toBe(201);
    await t.services.db
      .deleteFrom('enrollments')
      .where('course_id', '=', Number(course))
      .where(
        'account_id',
        '=',
        (
          await t.services.db
            .selectFrom('accounts')
            .select('id')
            .where('email', '=', 'classmate@leerpad.test')
            .executeTakeFirstOrThrow()
        ).id,
      )
      .execute();
    const result = await browserLaunch(start.body.data.attributes);
    expect(result.stage).toBe('authorize');
    expect(JSON.parse(result.text)).toMatchObject({ error: 'access_denied' });
  });

  it('refuses a bad client assertion with 401 and an audit entry, and a replayed jti', async () => {
    const before = await auditCount('lti_request.refused');
    const stranger = await generateKeyPair('RS256');
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setIssuer(tool.registration!.clientId)
      .setSubject(tool.registration!.clientId)
      .setAudience(tool.registration!.tokenUrl)
      .setJti('forged')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(stranger.privateKey);
    const token = (assertion: string, scope = 'https://purl.imsglobal.org/spec/lti-ags/scope/score') =>
      t.app.inject({
        method: 'POST',
        url: '/lti/token',
        headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope,
        }).toString(),
      });
    const bad = await token(forged);
    expect(bad.statusCode).toBe(401);
    expect(JSON.parse(bad.body)).toMatchObject({ error: 'invalid_client' });
    expect((await token('not a jwt')).statusCode).toBe(400);
    expect(await auditCount('lti_request.refused')).toBeGreaterThanOrEqual(before + 2);
    const assertion = await tool.clientAssertion({ jti: 'once' });
    expect((await token(assertion)).statusCode).toBe(200);
    const replay = await token(assertion);
    expect(replay.statusCode).toBe(401);
    expect(JSON.parse(replay.body).error_description).toContain('used before');
    const wrongAudience = await tool.clientAssertion({ audience: 'https://elsewhere.example/token' });
    expect((await token(wrongAudience)).statusCode).toBe(401);
  });

  it('limits tokens to granted scopes and services to their token', async () => {
    const lineItems = `http://localhost:3000/lti/courses/${course}/line_items`;
    const noToken = await injectFetch(t.app)(lineItems);
    expect(noToken.status).toBe(401);
    const nrpsOnly = await tool.accessToken([
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    ]);
    const bearer = { authorization: `Bearer ${String(nrpsOnly.body['access_token'])}` };
    expect((await injectFetch(t.app)(lineItems, { headers: bearer })).status).toBe(403);
    const full = await tool.accessToken();
    const auth = { authorization: `Bearer ${String(full.body['access_token'])}` };
    const list = await injectFetch(t.app)(lineItems, { headers: auth });
    expect(list.status).toBe(200);
    const items = (await list.json()) as Array<{ id: string; scoreMaximum: number; label: string }>;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ scoreMaximum: 10, label: 'Fire safety lab' });
    const results = await injectFetch(t.app)(`${items[0]!.id}/results`, { headers: auth });
    expect(await results.json()).toMatchObject([{ resultScore: 8, resultMaximum: 10 }]);
    const created = await injectFetch(t.app)(lineItems, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/vnd.ims.lis.v2.lineitem+json' },
      body: JSON.stringify({ label: 'Bonus', scoreMaximum: 5, tag: 'bonus' }),
    });
    expect(created.status).toBe(201);
    const bonus = (await created.json()) as { id: string };
    const renamed = await injectFetch(t.app)(bonus.id, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/vnd.ims.lis.v2.lineitem+json' },
      body: JSON.stringify({ label: 'Bonus round', scoreMaximum: 6, tag: 'bonus' }),
    });
    expect(await renamed.json()).toMatchObject({ label: 'Bonus round', scoreMaximum: 6 });
    expect((await injectFetch(t.app)(bonus.id, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect((await injectFetch(t.app)(bonus.id, { headers: auth })).status).toBe(404);
    const badScore = await injectFetch(t.app)(`${items[0]!.id}/scores`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/vnd.ims.lis.v1.score+json' },
      body: JSON.stringify({
        userId: '999999',
        activityProgress: 'Completed',
        gradingProgress: 'FullyGraded',
        timestamp: new Date().toISOString(),
      }),
    });
    expect(badScore.status).toBe(400);
    // Another portal's host does not know this tool's token or course.
    const elsewhere = await injectFetch(t.app)(
      `http://${SECOND_HOST}:3000/lti/courses/${course}/memberships`,
      {
        headers: auth,
      },
    );
    expect(elsewhere.status).toBe(401);
    // A course this tool has nothing in is not its context.
    const foreignCourse = await injectFetch(t.app)(`http://localhost:3000/lti/courses/1/memberships`, {
      headers: auth,
    });
    expect(foreignCourse.status).toBe(404);
  });
});
