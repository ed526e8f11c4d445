import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
});
afterAll(() => t.close());

/** A request with only a Bearer token: no cookie, no X-Requested-With. */
const withToken = (
  secret: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { host: 'localhost', authorization: `Bearer ${secret}` },
    ...(payload ? { payload } : {}),
  });

describe('API tokens', () => {
  it('show the secret once, store only its hash, and list without it', async () => {
    const created = await r.post('/api/v1/api_tokens', admin, {
      name: 'HR sync',
      scopes: ['search:account'],
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.data.attributes.secret;
    expect(secret).toMatch(/^lpat_/);
    const stored = await t.services.db
      .selectFrom('api_tokens')
      .select('token_hash')
      .where('id', '=', Number(created.body.data.id))
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(secret.slice(5));
    const list = await r.get('/api/v1/api_tokens', admin);
    const listed = list.body.data.find((token: { id: string }) => token.id === created.body.data.id);
    expect(listed.attributes.secret).toBeUndefined();
    expect(listed.attributes.token_hint).toBe(secret.slice(0, 9));
    expect(listed.attributes.last_used_at).toBeNull();
  });

  it('work on the routes their scopes allow and nowhere else, without a CSRF header', async () => {
    const created = await r.post('/api/v1/api_tokens', admin, {
      name: 'Courses',
      scopes: ['search:account', 'manage:course'],
    });
    const secret: string = created.body.data.attributes.secret;
    const accounts = await withToken(secret, 'GET', '/api/v1/accounts');
    expect(accounts.statusCode).toBe(200);
    const course = await withToken(secret, 'POST', '/api/v1/courses', { title: 'Made by a token' });
    expect(course.statusCode).toBe(201);

    const me = await withToken(secret, 'GET', '/api/v1/me');
    expect(me.statusCode).toBe(403);
    expect(me.json().errors[0].code).toBe('TOKEN_SCOPE');
    const flags = await withToken(secret, 'GET', '/api/v1/api_tokens');
    expect(flags.statusCode).toBe(403);

    const list = await r.get('/api/v1/api_tokens', admin);
    const used = list.body.data.find((token: { id: string }) => token.id === created.body.data.id);
    expect(used.attributes.last_used_at).not.toBeNull();

    const revoked = await r.del(`/api/v1/api_tokens/${created.body.data.id}`, admin);
    expect(revoked.body.data.attributes.revoked_at).not.toBeNull();
    expect((await withToken(secret, 'GET', '/api/v1/accounts')).statusCode).toBe(401);
    expect((await withToken('lpat_nonsense', 'GET', '/api/v1/accounts')).statusCode).toBe(401);
  });

  it('refuse scopes that are unknown or not held, with a pointer to each', async () => {
    const bad = await r.post('/api/v1/api_tokens', admin, {
      name: 'Too much',
      scopes: ['search:account', 'fly:plane', 'act-as:account'],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((error: { source: { pointer: string } }) => error.source.pointer)).toEqual([
      '/scopes/1',
      '/scopes/2',
    ]);
    const empty = await r.post('/api/v1/api_tokens', admin, { name: 'None', scopes: [] });
    expect(empty.body.errors[0].source.pointer).toBe('/scopes');
  });

  it("are the portal's own", async () => {
    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const academyToken = (await r.get('/api/v1/api_tokens', admin)).body.data[0].id;
    expect((await r.del(`/api/v1/api_tokens/${academyToken}`, secondAdmin, SECOND_HOST)).status).toBe(404);
    const list = await r.get('/api/v1/api_tokens', secondAdmin, SECOND_HOST);
    expect(list.body.data).toEqual([]);
    const student = await t.login('student@leerpad.test');
    expect((await r.get('/api/v1/api_tokens', student)).status).toBe(403);
  });
});
