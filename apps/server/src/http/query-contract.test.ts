import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XHR } from '../test/test-app';
import type { TestApp } from '../test/test-app';
import { fillRoute, seededRouteIds } from '../test/route-ids';
import { requests } from '../test/requests';

/**
 * The query-string contract (JSON:API 1.1): every registered route refuses a parameter it does not
 * declare with a 400 whose `source.parameter` names it, and a wrong method on a known address is a
 * 405 that lists the methods the address takes.
 */
let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerIp: 10_000, loginFailuresPerAccount: 10_000 });
  r = requests(t);
  const student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  ids = await seededRouteIds(t, student);
}, 60_000);

afterAll(() => t.close());

const UNKNOWN_PARAMETERS: Array<[query: string, parameter: string, code: string]> = [
  ['include=no_such_relationship', 'include', 'INVALID_INCLUDE'],
  ['sort=no_such_key', 'sort', 'INVALID_SORT'],
  ['filter[no_such_filter]=1', 'filter[no_such_filter]', 'UNKNOWN_PARAMETER'],
  ['fields[no_such_type]=name', 'fields[no_such_type]', 'INVALID_FIELDS'],
  ['page[no_such_key]=1', 'page[no_such_key]', 'UNKNOWN_PARAMETER'],
  ['no_such_parameter=1', 'no_such_parameter', 'UNKNOWN_PARAMETER'],
];

describe('the query-string contract', () => {
  it('refuses an unknown include, sort, filter, fieldset type, page key or name on every GET route', async () => {
    const gets = t.routes.filter((route) => route.method === 'GET');
    expect(gets.length).toBeGreaterThan(80);
    for (const route of gets) {
      for (const [query, parameter, code] of UNKNOWN_PARAMETERS) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api${fillRoute(route.url, ids)}?${query}`,
          headers: { host: 'localhost', cookie: admin },
        });
        const where = `GET ${route.url}?${query}`;
        expect(response.statusCode, where).toBe(400);
        const errors = response.json().errors as Array<{ code: string; source: { parameter: string } }>;
        expect(errors, where).toHaveLength(1);
        expect(errors[0]!.source, where).toEqual({ parameter });
        expect(errors[0]!.code, where).toBe(code);
      }
    }
  }, 120_000);

  it('refuses the same on writes, before anything changes', async () => {
    const before = await r.get('/api/v1/content_labels', admin);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/content_labels?dry_run=1',
      headers: { ...XHR, host: 'localhost', cookie: admin },
      payload: { name: 'Never stored' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].source).toEqual({ parameter: 'dry_run' });
    expect((await r.get('/api/v1/content_labels', admin)).body.data).toHaveLength(before.body.data.length);
  });

  it('names every bad parameter of a request, one error each', async () => {
    const { status, body } = await r.get(
      '/api/v1/courses?include=secrets&sort=price&filter[colour]=red',
      admin,
    );
    expect(status).toBe(400);
    expect(body.errors.map((error: { source: { parameter: string } }) => error.source.parameter)).toEqual([
      'include',
      'sort',
      'filter[colour]',
    ]);
  });

  it('still answers what a route declares: includes, sorts, filters, pages and fieldsets', async () => {
    const { status, body } = await r.get(
      '/api/v1/courses?include=catalog_category&sort=-title&filter[search]=a&page[size]=2&fields[courses]=title',
      admin,
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const course of body.data) expect(Object.keys(course.attributes)).toEqual(['title']);
    // An empty fieldset asks for no fields at all.
    const none = await r.get('/api/v1/courses?fields[courses]=', admin);
    expect(none.status).toBe(200);
    expect(Object.keys(none.body.data[0].attributes)).toEqual([]);
  });

  it('answers the fieldsets the web app asks for', async () => {
    // The support palette's account search.
    const { status, body } = await r.get(
      '/api/v1/accounts?filter[search]=a&limit=5&fields[accounts]=full_name,avatar_url,last_online,email_address,roles',
      admin,
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    const asked = ['avatar_url', 'email_address', 'full_name', 'last_online', 'roles'];
    for (const account of body.data) {
      expect(Object.keys(account.attributes).every((name) => asked.includes(name))).toBe(true);
      expect(account.attributes.full_name).toEqual(expect.any(String));
    }
  });

  it('refuses a fieldset naming a field its type does not have', async () => {
    const { status, body } = await r.get('/api/v1/courses?fields[courses]=title,price', admin);
    expect(status).toBe(400);
    expect(body.errors[0]).toMatchObject({
      code: 'INVALID_FIELDS',
      source: { parameter: 'fields[courses]' },
    });
  });

  it('takes paging only on paged lists, includes only where a route includes, sorts only where it sorts', async () => {
    const course = fillRoute('/v1/courses/:course', ids);
    for (const [url, parameter] of [
      [`/api${course}?page[number]=2`, 'page[number]'],
      ['/api/v1/me?include=account', 'include'],
      ['/api/v1/catalog_categories?sort=name', 'sort'],
      ['/api/v1/content_labels?page[size]=5', 'page[size]'],
    ] as const) {
      const { status, body } = await r.get(url, admin);
      expect(status, url).toBe(400);
      expect(body.errors[0].source, url).toEqual({ parameter });
    }
  });
});

describe('a wrong method on a known address', () => {
  const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

  it('is a 405 whose Allow header lists the methods the address takes', async () => {
    // The methods of every route whose pattern matches an address (`/accounts/export` also matches
    // `/accounts/:account`), HEAD wherever GET is.
    const pattern = (url: string) => new RegExp(`^${url.replace(/:[a-z_]+/g, '[^/]+')}$`);
    const methodsOf = (path: string) => {
      const methods = new Set<string>();
      for (const route of t.routes) {
        if (!pattern(route.url).test(path)) continue;
        methods.add(route.method);
        if (route.method === 'GET') methods.add('HEAD');
      }
      return methods;
    };
    const byPath = new Map<string, Set<string>>();
    for (const route of t.routes) {
      const path = fillRoute(route.url, ids);
      byPath.set(path, methodsOf(path));
    }
    let checked = 0;
    for (const [url, methods] of byPath) {
      const allow = [...methods].sort().join(', ');
      for (const method of METHODS.filter((m) => !methods.has(m))) {
        const response = await t.app.inject({
          method,
          url: `/api${url}`,
          headers: { ...XHR, host: 'localhost', cookie: admin },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const where = `${method} ${url}`;
        expect(response.statusCode, where).toBe(405);
        expect(response.headers.allow, where).toBe(allow);
        expect(response.headers['content-type'], where).toContain('application/json');
        expect(response.json().errors[0].code, where).toBe('METHOD_NOT_ALLOWED');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(300);
  }, 120_000);

  it('answers OPTIONS with a 405 that lists the methods, and no CORS permission', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/courses',
      headers: {
        host: 'localhost',
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'POST',
      },
    });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps HEAD on addresses that answer GET, and 404 on unknown addresses', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/api/ping', headers: { host: 'localhost' } });
    expect(head.statusCode).toBe(200);
    for (const url of ['/api/v1/no_such_things', '/api/v1/courses/1/no_such_part']) {
      const response = await t.app.inject({ method: 'DELETE', url, headers: { ...XHR, host: 'localhost' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers.allow, url).toBeUndefined();
    }
  });
});

describe('a created resource', () => {
  it('is named by Location and links.self, and can be read there', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/courses',
      headers: { ...XHR, host: 'localhost', cookie: admin },
      payload: { title: 'Where am I?' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(created.headers.location).toBe(`/api/v1/courses/${id}`);
    expect(created.json().links.self).toBe(`/api/v1/courses/${id}`);
    expect(created.json().data.links.self).toBe(`/api/v1/courses/${id}`);
    const read = await r.get(String(created.headers.location), admin);
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.title).toBe('Where am I?');
  });

  it('lives at its own address when it was posted to its parent', async () => {
    const course = fillRoute('/v1/courses/:course', ids);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api${course}/course_sections`,
      headers: { ...XHR, host: 'localhost', cookie: admin },
      payload: { title: 'Appendix' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    expect(created.headers.location).toBe(`/api/v1/course_sections/${id}`);
  });
});
