import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../http/openapi';
import { allRoutes } from '../modules/index';
import { responseContract } from './contract';

const check = responseContract(buildOpenApiDocument(allRoutes));
const label = {
  type: 'content_labels',
  id: '4',
  attributes: {
    name: 'Safety',
    color: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  },
};
const answer = (status: number, body: unknown, overrides: Partial<Parameters<typeof check>[0]> = {}) =>
  check({
    method: 'POST',
    route: '/api/v1/content_labels',
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify(body),
    sparse: false,
    ...overrides,
  });

describe('the check of answers against the OpenAPI document', () => {
  it('passes an answer the document describes, and error documents under any status', () => {
    expect(answer(201, { data: label })).toBeNull();
    expect(answer(409, { errors: [{ status: '409', code: 'CONFLICT', title: 'Conflict' }] })).toBeNull();
  });

  it('names the operation and the pointer when an attribute is missing or unknown', () => {
    const { color: _color, ...withoutColor } = label.attributes;
    expect(answer(201, { data: { ...label, attributes: withoutColor } })).toMatch(
      /POST \/api\/v1\/content_labels answered 201 .*\n {2}\/data\/attributes must have required property 'color'/,
    );
    expect(answer(201, { data: { ...label, attributes: { ...label.attributes, secret: 1 } } })).toMatch(
      /\/data\/attributes must NOT have additional properties/,
    );
  });

  it('refuses a success status the operation does not list, and a non-JSON body', () => {
    expect(answer(202, { data: label })).toMatch(/202, a status the OpenAPI document does not list/);
    expect(answer(201, { data: label }, { contentType: 'text/html' })).toMatch(/says JSON/);
  });

  it('lets sparse fieldsets leave attributes out, and nothing else', () => {
    const sparse = { data: [{ ...label, attributes: { name: 'Safety' } }], meta: { total: 1, last_page: 1 } };
    const list = {
      method: 'GET',
      route: '/api/v1/content_labels',
      contentType: 'application/json',
    };
    const links = { self: '/a', first: '/a', prev: null, next: null, last: '/a' };
    expect(answer(200, { ...sparse, links }, { ...list, sparse: true })).toBeNull();
    expect(answer(200, { ...sparse, links }, { ...list, sparse: false })).toMatch(/required property/);
    expect(answer(200, sparse, { ...list, sparse: true })).toMatch(/required property 'links'/);
  });
});
