import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { ACADEMY_LABELS } from '../../db/seed/academy-titles';

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

type Resource = { id: string; attributes: Record<string, unknown> };

describe('content labels', () => {
  it('are listed by name and managed by course managers; deleting one takes it off courses', async () => {
    const list = await r.get('/api/v1/content_labels', student);
    expect(list.body.data.map((label: Resource) => label.attributes.name)).toEqual([
      ACADEMY_LABELS.beginner,
      ACADEMY_LABELS.certificate,
      ACADEMY_LABELS.advanced,
      ACADEMY_LABELS.new,
      ACADEMY_LABELS.mandatory,
    ]);
    const bad = await r.post('/api/v1/content_labels', admin, { name: 'Hot', color: 'red' });
    expect(bad.body.errors[0].source.pointer).toBe('/color');
    const hot = await r.post('/api/v1/content_labels', admin, { name: 'Hot', color: '#ff0000' });
    expect(hot.status).toBe(201);
    const course = (
      await r.post('/api/v1/courses', admin, {
        title: 'Labelled',
        content_labels: [{ type: 'content_labels', id: hot.body.data.id }],
      })
    ).body.data.id;
    const recoloured = await r.patch(`/api/v1/content_labels/${hot.body.data.id}`, admin, { color: null });
    expect(recoloured.body.data.attributes.color).toBeNull();
    expect((await r.patch(`/api/v1/content_labels/${hot.body.data.id}`, student, { name: 'x' })).status).toBe(
      403,
    );
    await r.del(`/api/v1/content_labels/${hot.body.data.id}`, admin);
    const after = await r.get(`/api/v1/courses/${course}`, admin);
    expect(after.body.data.relationships.content_labels.data).toEqual([]);
  });

  it("are the portal's own", async () => {
    const second = await t.login('second-student@leerpad.test', SECOND_HOST);
    const list = await r.get('/api/v1/content_labels', second, SECOND_HOST);
    expect(list.body.data.map((label: Resource) => label.attributes.name)).toEqual(['Essentials']);
    const academyLabel = (await r.get('/api/v1/content_labels', admin)).body.data[0].id;
    expect(
      (await r.get(`/api/v1/courses?filter[label]=${academyLabel}`, second, SECOND_HOST)).body.data,
    ).toEqual([]);
  });
});
