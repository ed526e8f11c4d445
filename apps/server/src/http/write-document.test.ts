import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../modules/index';
import { createTestApp, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { checkRouteResourceType } from './write-document';

const JSON_API = 'application/vnd.api+json';

/** JSON:API 1.1 write documents, checked by the route pipeline before any route sees them. */
describe('write documents', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@leerpad.test');
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: 'POST' | 'PATCH', url: string, body: unknown, contentType = JSON_API) =>
    t.app.inject({
      method,
      url,
      headers: { ...XHR, cookie: admin, 'content-type': contentType, accept: JSON_API },
      payload: JSON.stringify(body),
    });
  const firstError = (response: { json(): { errors: Array<Record<string, unknown>> } }) =>
    response.json().errors[0]!;

  it('creates from a document that names the type, and refuses another type or none with 409', async () => {
    const created = await send('POST', '/api/v1/content_labels', {
      data: { type: 'content_labels', attributes: { name: 'Typed' } },
    });
    expect(created.statusCode).toBe(201);

    const wrong = await send('POST', '/api/v1/content_labels', {
      data: { type: 'catalog_categories', attributes: { name: 'Wrong type' } },
    });
    expect(wrong.statusCode).toBe(409);
    expect(firstError(wrong)).toMatchObject({ code: 'TYPE_MISMATCH', source: { pointer: '/data/type' } });
    const missing = await send('POST', '/api/v1/content_labels', {
      data: { attributes: { name: 'No type' } },
    });
    expect(missing.statusCode).toBe(409);

    const labels = (
      await t.app.inject({ method: 'GET', url: '/api/v1/content_labels', headers: { cookie: admin } })
    ).json();
    const names = labels.data.map((label: { attributes: { name: string } }) => label.attributes.name);
    expect(names).toContain('Typed');
    expect(names).not.toContain('Wrong type');
  });

  it('refuses an id chosen by the client on a create with 403', async () => {
    const response = await send('POST', '/api/v1/content_labels', {
      data: { type: 'content_labels', id: '4242', attributes: { name: 'Own id' } },
    });
    expect(response.statusCode).toBe(403);
    expect(firstError(response)).toMatchObject({
      code: 'CLIENT_ID_UNSUPPORTED',
      source: { pointer: '/data/id' },
    });
  });

  it('updates only the resource of the address: another id, a number or no id is a 409', async () => {
    const id = (
      await send('POST', '/api/v1/content_labels', {
        data: { type: 'content_labels', attributes: { name: 'Mine' } },
      })
    ).json().data.id as string;
    const url = `/api/v1/content_labels/${id}`;
    for (const other of [String(Number(id) + 1), Number(id), undefined]) {
      const response = await send('PATCH', url, {
        data: { type: 'content_labels', id: other, attributes: { name: 'Hijacked' } },
      });
      expect(response.statusCode, String(other)).toBe(409);
      expect(firstError(response)).toMatchObject({ code: 'ID_MISMATCH', source: { pointer: '/data/id' } });
    }
    const renamed = await send('PATCH', url, {
      data: { type: 'content_labels', id, attributes: { name: 'Renamed' } },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.attributes.name).toBe('Renamed');
  });

  it('answers a malformed document with 400 and a pointer, and a document label without data likewise', async () => {
    for (const [body, pointer] of [
      [{ data: [] }, '/data'],
      [{ data: null }, '/data'],
      [{ data: { type: 'content_labels', attributes: 'name' } }, '/data/attributes'],
      [
        { data: { type: 'content_labels', relationships: { courses: ['1'] } } },
        '/data/relationships/courses',
      ],
      [{ name: 'Plain but labelled JSON:API' }, '/data'],
    ] as const) {
      const response = await send('POST', '/api/v1/content_labels', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(firstError(response)).toMatchObject({ code: 'INVALID_DOCUMENT', source: { pointer } });
    }
    // Plain JSON stays the web app's shape, sent as application/json.
    const plain = await send('POST', '/api/v1/content_labels', { name: 'Plain' }, 'application/json');
    expect(plain.statusCode).toBe(201);
  });

  it('reads relationships into the body, with pointers into the relationship on a 422', async () => {
    const account = (primaryCoach: unknown) =>
      send('POST', '/api/v1/accounts', {
        data: {
          type: 'accounts',
          attributes: {
            full_name: 'Pointer Test',
            email_address: 'pointer@leerpad.test',
            roles: ['student'],
          },
          relationships: { primary_coach: { data: primaryCoach } },
        },
      });
    const badId = await account({ type: 'accounts', id: 'seven' });
    expect(badId.statusCode).toBe(422);
    expect(firstError(badId)?.source).toEqual({ pointer: '/data/relationships/primary_coach/data/id' });
    const badType = await account({ type: 'coaches', id: '7' });
    expect(badType.statusCode).toBe(422);
    expect(firstError(badType)?.source).toEqual({ pointer: '/data/relationships/primary_coach/data/type' });
    const unknown = await account({ type: 'accounts', id: '999999' });
    expect(unknown.statusCode).toBe(422);
    expect(firstError(unknown)?.source).toEqual({ pointer: '/data/relationships/primary_coach/data' });
  });

  it('leaves a relationship as it is when a client sends it back as an empty object, and clears it on null', async () => {
    const category = (
      await t.app.inject({ method: 'GET', url: '/api/v1/catalog_categories', headers: { cookie: admin } })
    ).json().data[0].id as string;
    const created = await send('POST', '/api/v1/courses', {
      data: {
        type: 'courses',
        attributes: { title: 'Kept category' },
        relationships: { catalog_category: { data: { type: 'catalog_categories', id: category } } },
      },
    });
    const id = created.json().data.id as string;
    // kitsu's copy of a relationship it read without linkage, sent among the attributes.
    const kept = await send('PATCH', `/api/v1/courses/${id}`, {
      data: {
        type: 'courses',
        id,
        attributes: { title: 'Still kept', catalog_category: {}, cover_file: {} },
      },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.relationships.catalog_category.data).toEqual({
      type: 'catalog_categories',
      id: category,
    });
    const cleared = await send('PATCH', `/api/v1/courses/${id}`, {
      data: { type: 'courses', id, relationships: { catalog_category: { data: null } } },
    });
    expect(cleared.json().data.relationships.catalog_category.data).toBeNull();
  });

  it('knows the resource type of every route that takes a body', () => {
    for (const route of allRoutes) expect(() => checkRouteResourceType(route)).not.toThrow();
    expect(() => checkRouteResourceType({ method: 'POST', url: '/v1/anything', body: {} as never })).toThrow(
      /declares no resourceType/,
    );
  });
});
