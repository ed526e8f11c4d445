import type { AddressInfo } from 'node:net';
import Kitsu from 'kitsu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed/demo';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

interface KitsuAnswer {
  data: Array<Record<string, unknown>> & Record<string, unknown>;
  links?: { next?: string | null; self?: string; last?: string };
  meta?: Record<string, unknown>;
  status: number;
  headers?: Record<string, string>;
}

/**
 * A generic JSON:API client (kitsu), knowing nothing of Leerpad but the base address and the
 * headers every write needs, against the server listening on a loopback port.
 */
describe('a generic JSON:API client', () => {
  let t: TestApp;
  let origin: string;
  let api: Kitsu;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    api = new Kitsu({
      baseURL: `${origin}/api/v1`,
      // The demo portal is served at localhost.
      headers: { 'X-Requested-With': 'XMLHttpRequest', Host: 'localhost' },
      // Our types and paths are plural snake_case already.
      camelCaseTypes: false,
      resourceCase: 'none',
      pluralize: false,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** kitsu asks for a model path; a link is one, relative to the origin. */
  const follow = (link: string) =>
    api.get(link, { axiosOptions: { baseURL: origin } }) as Promise<KitsuAnswer>;

  it('signs in, pages a list with an include to its end, and creates, updates and deletes a label', async () => {
    const signIn = (await api.post(
      'login',
      { email: 'admin@leerpad.test', password: DEMO_PASSWORD },
      { axiosOptions: { baseURL: `${origin}/api/auth` } },
    )) as KitsuAnswer;
    expect(signIn.status).toBe(200);
    expect(signIn.headers?.['content-type']).toBe('application/vnd.api+json');
    const cookie = String(signIn.headers?.['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^leerpad_session=/);
    api.headers.Cookie = cookie;

    const first = (await api.get('courses', {
      params: { include: 'catalog_category,content_labels', page: { size: 2 }, sort: 'title' },
    })) as KitsuAnswer;
    expect(first.status).toBe(200);
    const total = first.meta?.total as number;
    expect(total).toBeGreaterThan(2);
    // Relationships come back resolved from `included`.
    const categorised = first.data.find(
      (course) => (course.catalog_category as { data: unknown } | undefined)?.data,
    );
    expect(categorised?.catalog_category).toMatchObject({
      data: { type: 'catalog_categories', name: expect.any(String) },
    });

    const titles: string[] = first.data.map((course) => String(course.title));
    let page = first;
    let pages = 1;
    while (page.links?.next) {
      expect(page.links.next).toContain('page%5Bsize%5D=2');
      expect(page.links.next).toContain('include=catalog_category%2Ccontent_labels');
      page = await follow(page.links.next);
      titles.push(...page.data.map((course) => String(course.title)));
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(total / 2));
    expect(page.links?.self).toBe(page.links?.last);
    expect(titles).toHaveLength(total);
    expect(new Set(titles).size).toBe(total);
    expect([...titles].sort((a, b) => a.localeCompare(b))).toEqual(titles);

    const created = (await api.post('content_labels', {
      name: 'Contract tested',
      color: '#0f766e',
    })) as KitsuAnswer;
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ type: 'content_labels', name: 'Contract tested', color: '#0f766e' });
    const id = String(created.data.id);

    const updated = (await api.patch('content_labels', { id, name: 'Contract checked' })) as KitsuAnswer;
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ id, name: 'Contract checked', color: '#0f766e' });

    const deleted = (await api.delete('content_labels', id)) as KitsuAnswer;
    expect(deleted.status).toBe(200);
    expect(deleted.meta).toEqual({ deleted: true });
    await expect(api.get(`content_labels`)).resolves.toMatchObject({
      data: expect.not.arrayContaining([expect.objectContaining({ id })]),
    });
  });

  it('gets JSON:API error documents back for refusals', async () => {
    const anonymous = new Kitsu({
      baseURL: `${origin}/api/v1`,
      headers: { Host: 'localhost' },
      pluralize: false,
      resourceCase: 'none',
    });
    await expect(anonymous.get('courses')).rejects.toMatchObject({
      response: { status: 401, data: { errors: [{ code: 'UNAUTHENTICATED' }] } },
    });
  });
});
