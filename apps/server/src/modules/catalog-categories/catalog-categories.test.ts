import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
});
afterAll(() => t.close());

describe('catalog categories', () => {
  it('are managed by course managers, with unique names, and deleting one leaves its courses', async () => {
    const created = await r.post('/api/v1/catalog_categories', admin, {
      name: 'Digital skills',
      description: 'Computers',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      name: 'Digital skills',
      position: 4,
      published_courses_count: 0,
    });
    const clash = await r.post('/api/v1/catalog_categories', admin, { name: 'digital SKILLS' });
    expect(clash.status).toBe(422);
    expect(clash.body.errors[0]).toMatchObject({ code: 'TAKEN', source: { pointer: '/name' } });
    expect((await r.post('/api/v1/catalog_categories', student, { name: 'Mine' })).status).toBe(403);

    const course = (
      await r.post('/api/v1/courses', admin, {
        title: 'Spreadsheets',
        catalog_category: { type: 'catalog_categories', id: created.body.data.id },
        status: 'published',
      })
    ).body.data.id;
    const renamed = await r.patch(`/api/v1/catalog_categories/${created.body.data.id}`, admin, {
      name: 'Digital',
      position: 0,
    });
    expect(renamed.body.data.attributes).toMatchObject({ name: 'Digital', published_courses_count: 1 });
    const list = await r.get('/api/v1/catalog_categories', student);
    expect(list.body.data[0].attributes.name).toBe('Digital');

    expect((await r.del(`/api/v1/catalog_categories/${created.body.data.id}`, admin)).status).toBe(200);
    const kept = await r.get(`/api/v1/courses/${course}`, admin);
    expect(kept.body.data.relationships.catalog_category.data).toBeNull();
  });

  it('cannot be set on a course where the portal has them off', async () => {
    const cookie = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const { status, body } = await r.post(
      '/api/v1/courses',
      cookie,
      { title: 'X', catalog_category: { type: 'catalog_categories', id: '1' } },
      SECOND_HOST,
    );
    expect(status).toBe(422);
    expect(body.errors[0]).toMatchObject({
      code: 'FEATURE_DISABLED',
      source: { pointer: '/catalog_category' },
    });
    // Labels of another portal are unknown here.
    const labels = await r.post(
      '/api/v1/courses',
      cookie,
      { title: 'X', content_labels: [{ type: 'content_labels', id: '1' }] },
      SECOND_HOST,
    );
    expect(labels.body.errors[0].source.pointer).toBe('/content_labels/0');
  });
});
