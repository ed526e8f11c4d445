import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';

const JSON_API = 'application/vnd.api+json';

describe('media types and list links', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin@leerpad.test');
  });
  afterAll(async () => {
    await t.close();
  });

  const createLabel = (name: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/content_labels',
      headers: { ...XHR, cookie: admin, ...headers },
      payload: JSON.stringify({ data: { type: 'content_labels', attributes: { name } } }),
    });

  it('accepts writes sent as application/vnd.api+json and answers in the media type asked for', async () => {
    const jsonApi = await createLabel('Sent as JSON:API', { 'content-type': JSON_API, accept: JSON_API });
    expect(jsonApi.statusCode).toBe(201);
    expect(jsonApi.headers['content-type']).toBe(JSON_API);
    expect(jsonApi.json().data.attributes.name).toBe('Sent as JSON:API');

    const plain = await createLabel('Sent as JSON', { 'content-type': 'application/json' });
    expect(plain.statusCode).toBe(201);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);

    // The web app accepts both and keeps getting application/json; a higher quality decides.
    const both = await createLabel('Either', {
      'content-type': `${JSON_API}; profile="https://example.test/profile"`,
      accept: `${JSON_API}, application/json`,
    });
    expect(both.statusCode).toBe(201);
    expect(both.headers['content-type']).toMatch(/^application\/json/);
    const preferred = await createLabel('Preferred', {
      'content-type': JSON_API,
      accept: `application/json;q=0.5, ${JSON_API}`,
    });
    expect(preferred.statusCode).toBe(201);
    expect(preferred.headers['content-type']).toBe(JSON_API);
  });

  it('labels error documents the same way, and still refuses other media types and missing headers', async () => {
    const invalid = await createLabel('', { 'content-type': JSON_API, accept: JSON_API });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['content-type']).toBe(JSON_API);
    expect(invalid.json().errors[0].source.pointer).toBe('/data/attributes/name');

    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content_labels',
      headers: { ...XHR, cookie: admin, 'content-type': JSON_API },
      payload: '{"data": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors[0].code).toBe('MALFORMED_JSON');

    const xml = await createLabel('Xml', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().errors[0].detail).toContain(JSON_API);

    // JSON:API 1.1 allows only `ext` and `profile` on its media type, and we support no extension.
    for (const parameter of ['charset=utf-8', 'ext="https://jsonapi.org/ext/atomic"', 'version=1']) {
      const labelled = await createLabel(`With ${parameter}`, {
        'content-type': `${JSON_API}; ${parameter}`,
      });
      expect(labelled.statusCode, parameter).toBe(415);
      expect(labelled.json().errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const charsetJson = await createLabel('Plain JSON with a charset', {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(charsetJson.statusCode).toBe(201);

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content_labels',
      headers: { ...XHR, cookie: admin, 'content-type': 'text/plain' },
      payload: JSON.stringify({ name: 'As text' }),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content_labels',
      headers: { cookie: admin, 'content-type': JSON_API },
      payload: JSON.stringify({ name: 'No header' }),
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().errors[0].code).toBe('CSRF');
  });

  it('gives lists self, first, prev, next and last links that keep the query', async () => {
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const first = await get('/api/v1/courses?page[size]=1&sort=title&include=content_labels');
    const last = first.meta.last_page as number;
    expect(last).toBeGreaterThan(2);
    const at = (number: number) =>
      `/api/v1/courses?page%5Bsize%5D=1&sort=title&include=content_labels&page%5Bnumber%5D=${number}`;
    expect(first.links).toEqual({
      self: '/api/v1/courses?page[size]=1&sort=title&include=content_labels',
      first: at(1),
      prev: null,
      next: at(2),
      last: at(last),
    });
    const second = await get(first.links.next);
    expect(second.meta.current_page).toBe(2);
    expect(second.links).toMatchObject({ prev: at(1), next: at(3), last: at(last) });
    const end = await get(second.links.last);
    expect(end.links).toMatchObject({ next: null, prev: at(last - 1) });
    expect(end.data).toHaveLength(1);

    // A list without pages is its own first and last page.
    const labels = await get('/api/v1/content_labels');
    expect(labels.links).toEqual({
      self: '/api/v1/content_labels',
      first: '/api/v1/content_labels?page%5Bnumber%5D=1',
      prev: null,
      next: null,
      last: '/api/v1/content_labels?page%5Bnumber%5D=1',
    });
  });
});
