import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests, SAMPLE_COURSE } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import {
  ACADEMY_CATEGORIES,
  ACADEMY_COURSES,
  ACADEMY_LABELS,
  ACADEMY_SECTIONS,
} from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let admin: string;
let coach: string;
let sample: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  admin = await t.login('admin@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  sample = await courseId(t, SAMPLE_COURSE);
});
afterAll(() => t.close());

type Resource = { id: string; type: string; attributes: Record<string, unknown>; relationships: any }; // eslint-disable-line @typescript-eslint/no-explicit-any
const titles = (body: { data: Resource[] }) => body.data.map((course) => course.attributes.title);

describe('the catalog', () => {
  it('shows students the published courses of their portal only, 25 a page with totals', async () => {
    const { status, body } = await r.get('/api/v1/courses?page[size]=10', student);
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ total: 15, last_page: 2, per_page: 10 });
    expect(body.data.every((course: Resource) => course.attributes.status === 'published')).toBe(true);
    const all = await r.get('/api/v1/courses?page[size]=100', student);
    expect(titles(all.body)).not.toContain(ACADEMY_COURSES.forklift);
    expect(titles(all.body)).not.toContain(ACADEMY_COURSES.manualHandling);
    expect(titles(all.body)).not.toContain('Getting started');
  });

  it('searches title and summary case-insensitively, and says when nothing matches', async () => {
    const { body } = await r.get('/api/v1/courses?filter[search]=TILLEN', student);
    expect(titles(body)).toEqual([ACADEMY_COURSES.sample]);
    const summary = await r.get('/api/v1/courses?filter[search]=pictogrammen', student);
    expect(titles(summary.body)).toEqual([ACADEMY_COURSES.hazardousSubstances]);
    // Klantgesprekken, Coachende gesprekken… and Telefoonetiquette ("Neem gesprekken aan…").
    const beyond = await r.get('/api/v1/courses?filter[search]=gesprekken&page[number]=9', student);
    expect(beyond.body).toMatchObject({ data: [], meta: { total: 3, current_page: 9 } });
    const none = await r.get('/api/v1/courses?filter[search]=%25_nothing', student);
    expect(none.body).toMatchObject({ data: [], meta: { total: 0, last_page: 1 } });
  });

  it('filters by category and by label, with the category and labels included', async () => {
    const categories = (await r.get('/api/v1/catalog_categories', student)).body.data;
    expect(
      categories.map((c: Resource) => [c.attributes.name, c.attributes.published_courses_count]),
    ).toEqual([
      [ACADEMY_CATEGORIES.safety, 5],
      [ACADEMY_CATEGORIES.service, 5],
      [ACADEMY_CATEGORIES.leadership, 5],
    ]);
    const service = categories[1].id;
    const { body } = await r.get(
      `/api/v1/courses?filter[category]=${service}&include=catalog_category,content_labels&sort=-published_at`,
      student,
    );
    expect(body.meta.total).toBe(5);
    expect(titles(body)[0]).toBe(ACADEMY_COURSES.multicultural);
    expect(body.included.filter((i: Resource) => i.type === 'catalog_categories')).toHaveLength(1);
    const labels = (await r.get('/api/v1/content_labels', student)).body.data;
    const advanced = labels.find((label: Resource) => label.attributes.name === ACADEMY_LABELS.advanced).id;
    const byLabel = await r.get(`/api/v1/courses?filter[label]=${advanced}&sort=title`, student);
    expect(titles(byLabel.body)).toEqual([
      ACADEMY_COURSES.coachingConversations,
      ACADEMY_COURSES.hazardousSubstances,
      ACADEMY_COURSES.leadingChange,
      ACADEMY_COURSES.complaints,
    ]);
    expect(byLabel.body.data[0].relationships.content_labels.data).toContainEqual({
      type: 'content_labels',
      id: advanced,
    });
  });

  it('sorts and pages, and tells the student where they are enrolled', async () => {
    const first = await r.get('/api/v1/courses?sort=title&page[size]=3&include=enrollment', student);
    expect(titles(first.body)).toEqual([
      ACADEMY_COURSES.firstAid,
      ACADEMY_COURSES.fireSafety,
      ACADEMY_COURSES.coachingConversations,
    ]);
    const lifting = await r.get('/api/v1/courses?filter[search]=tillen&include=enrollment', student);
    const course = lifting.body.data[0];
    expect(course.relationships.enrollment.data).not.toBeNull();
    expect(course.meta.abilities).toMatchObject({ enroll: false, read_content: true, update: false });
    expect(course.attributes.learning_objects_count).toBe(6);
    const enrollment = lifting.body.included.find((i: Resource) => i.type === 'enrollments');
    expect(enrollment.attributes).toMatchObject({ progress: 50, required_count: 6, completed_count: 3 });
  });

  it('refuses unknown sorts, includes and malformed filters with a 400 naming the parameter', async () => {
    for (const [query, parameter] of [
      ['sort=password', 'sort'],
      ['include=secrets', 'include'],
      ['filter[category]=abc', 'filter[category]'],
      ['filter[status]=deleted', 'filter[status]'],
    ]) {
      const { status, body } = await r.get(`/api/v1/courses?${query}`, admin);
      expect(status, query).toBe(400);
      expect(body.errors[0].source.parameter).toBe(parameter);
    }
  });

  it('gives staff every course, newest change first, filterable by status', async () => {
    const { body } = await r.get('/api/v1/courses?page[size]=100', admin);
    expect(body.meta.total).toBe(17);
    const drafts = await r.get('/api/v1/courses?filter[status]=draft,archived&sort=title', admin);
    expect(titles(drafts.body)).toEqual([ACADEMY_COURSES.forklift, ACADEMY_COURSES.manualHandling]);
    expect(drafts.body.data[0].meta.abilities).toMatchObject({ update: true, delete: true });
  });

  it("never shows one portal's courses in another", async () => {
    const second = await t.login('second-student@leerpad.test', SECOND_HOST);
    const list = await r.get('/api/v1/courses', second, SECOND_HOST);
    expect(titles(list.body).sort()).toEqual(['Data protection basics', 'Getting started']);
    expect((await r.get(`/api/v1/courses/${sample}`, second, SECOND_HOST)).status).toBe(404);
    // Catalog categories are off on the second portal.
    expect((await r.get('/api/v1/catalog_categories', second, SECOND_HOST)).status).toBe(403);
  });
});

describe('a course page', () => {
  it('gives the outline in order with my progress per object', async () => {
    const { status, body } = await r.get(
      `/api/v1/courses/${sample}?include=course_sections,learning_objects,learning_object_progress,enrollment`,
      student,
    );
    expect(status).toBe(200);
    const sections = body.included.filter((i: Resource) => i.type === 'course_sections');
    expect(sections.map((s: Resource) => s.attributes.title)).toEqual([
      ACADEMY_SECTIONS.before,
      ACADEMY_SECTIONS.check,
      ACADEMY_SECTIONS.practice,
    ]);
    expect(body.data.relationships.course_sections.data).toHaveLength(3);
    const objects = body.included.filter((i: Resource) => i.type === 'learning_objects');
    expect(objects.map((o: Resource) => o.attributes.kind)).toEqual([
      'page',
      'video',
      'file',
      'quiz',
      'page',
      'assignment',
    ]);
    // The outline carries no content.
    expect(objects[0].attributes.body).toBeUndefined();
    const progress = body.included.filter((i: Resource) => i.type === 'learning_object_progress');
    expect(progress).toHaveLength(3);
    expect(progress.every((p: Resource) => p.attributes.completed === true)).toBe(true);
    const enrollment = body.included.find((i: Resource) => i.type === 'enrollments');
    expect(enrollment.relationships.last_learning_object.data.id).toBe(objects[2].id);
  });

  it('hides drafts from students and coaches, shows archived courses to coaches', async () => {
    const draft = await courseId(t, ACADEMY_COURSES.forklift);
    const archived = await courseId(t, ACADEMY_COURSES.manualHandling);
    expect((await r.get(`/api/v1/courses/${draft}`, student)).status).toBe(404);
    expect((await r.get(`/api/v1/courses/${draft}`, coach)).status).toBe(404);
    expect((await r.get(`/api/v1/courses/${draft}`, admin)).status).toBe(200);
    expect((await r.get(`/api/v1/courses/${archived}`, student)).status).toBe(404);
    expect((await r.get(`/api/v1/courses/${archived}`, coach)).status).toBe(200);
  });
});

describe('authoring courses', () => {
  it('creates a draft course with sanitised rich text, labels and a category', async () => {
    const category = (await r.get('/api/v1/catalog_categories', admin)).body.data[0].id;
    const label = (await r.get('/api/v1/content_labels', admin)).body.data[0].id;
    const { status, body } = await r.post('/api/v1/courses', admin, {
      data: {
        type: 'courses',
        attributes: {
          title: '  Ladder safety ',
          summary: 'Climb safely.',
          description:
            '<p onclick="steal()">Hold on <strong>with three points</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://example.org" target="_blank">good</a>',
          estimated_minutes: 15,
        },
        relationships: {
          catalog_category: { data: { type: 'catalog_categories', id: category } },
          content_labels: { data: [{ type: 'content_labels', id: label }] },
        },
      },
    });
    expect(status).toBe(201);
    const description = body.data.attributes.description as string;
    expect(description).not.toMatch(/script|onerror|onclick|javascript:/i);
    expect(description).toContain('<strong>with three points</strong>');
    expect(description).toContain('rel="noopener noreferrer"');
    expect(body.data.attributes).toMatchObject({
      title: 'Ladder safety',
      status: 'draft',
      language: 'nl',
      published_at: null,
    });
    expect(body.data.relationships.catalog_category.data.id).toBe(category);
    expect(body.included.map((i: Resource) => i.type).sort()).toEqual([
      'catalog_categories',
      'content_labels',
    ]);

    // Publishing sets published_at once.
    const published = await r.patch(`/api/v1/courses/${body.data.id}`, admin, { status: 'published' });
    expect(published.body.data.attributes.published_at).not.toBeNull();
    expect((await r.get(`/api/v1/courses/${body.data.id}`, student)).status).toBe(200);

    // The search index follows new and renamed courses.
    const found = await r.get('/api/v1/courses?filter[search]=ladder', student);
    expect(found.body.data.map((c: Resource) => c.id)).toEqual([body.data.id]);
    await r.patch(`/api/v1/courses/${body.data.id}`, admin, { title: 'Scaffolding safety' });
    expect((await r.get('/api/v1/courses?filter[search]=ladder', student)).body.data).toEqual([]);
    const renamed = await r.get('/api/v1/courses?filter[search]=SCAFFOLD', student);
    expect(renamed.body.data.map((c: Resource) => c.id)).toEqual([body.data.id]);
    // Short needles are matched too (without the index).
    expect(
      (await r.get('/api/v1/courses?filter[search]=ff', student)).body.data.map((c: Resource) => c.id),
    ).toContain(body.data.id);
  });

  it('points at every bad attribute', async () => {
    const { status, body } = await r.post('/api/v1/courses', admin, {
      title: '',
      status: 'live',
      catalog_category: { type: 'catalog_categories', id: 'x' },
      cover_image_url: 'javascript:alert(1)',
      estimated_minutes: -5,
    });
    expect(status).toBe(422);
    expect(body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/catalog_category/id',
      '/cover_image_url',
      '/estimated_minutes',
      '/status',
      '/title',
    ]);
    const unknownRefs = await r.post('/api/v1/courses', admin, {
      title: 'X',
      catalog_category: { type: 'catalog_categories', id: '999999' },
      content_labels: [{ type: 'content_labels', id: '999998' }],
    });
    expect(unknownRefs.status).toBe(422);
    expect(unknownRefs.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/catalog_category',
      '/content_labels/0',
    ]);
    // In a document the pointers name the relationships; an old *_id name is no longer read.
    const documented = await r.post('/api/v1/courses', admin, {
      data: {
        type: 'courses',
        attributes: { title: 'X', catalog_category_id: 1 },
        relationships: {
          catalog_category: { data: { type: 'catalog_categories', id: '999999' } },
          content_labels: { data: [{ type: 'content_labels', id: '999998' }] },
          cover_file: { data: { type: 'courses', id: '1' } },
        },
      },
    });
    expect(documented.status).toBe(422);
    expect(documented.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/relationships/cover_file/data/type',
    ]);
    const unknownInDocument = await r.post('/api/v1/courses', admin, {
      data: {
        type: 'courses',
        attributes: { title: 'X' },
        relationships: {
          catalog_category: { data: { type: 'catalog_categories', id: '999999' } },
          content_labels: { data: [{ type: 'content_labels', id: '999998' }] },
        },
      },
    });
    expect(
      unknownInDocument.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer),
    ).toEqual(['/data/relationships/catalog_category/data', '/data/relationships/content_labels/data/0']);
  });

  it('lets only course managers write', async () => {
    expect((await r.post('/api/v1/courses', student, { title: 'Mine' })).status).toBe(403);
    expect((await r.post('/api/v1/courses', coach, { title: 'Mine' })).status).toBe(403);
    expect((await r.patch(`/api/v1/courses/${sample}`, student, { title: 'Hacked' })).status).toBe(403);
    expect((await r.del(`/api/v1/courses/${sample}`, coach)).status).toBe(403);
  });

  it('archives rather than deletes a course with enrolments', async () => {
    const { status, body } = await r.del(`/api/v1/courses/${sample}`, admin);
    expect(status).toBe(409);
    expect(body.errors[0].code).toBe('COURSE_HAS_ENROLLMENTS');
    const created = (await r.post('/api/v1/courses', admin, { title: 'Short-lived' })).body.data.id;
    expect((await r.del(`/api/v1/courses/${created}`, admin)).body).toEqual({ meta: { deleted: true } });
    expect((await r.get(`/api/v1/courses/${created}`, admin)).status).toBe(404);
  });
});

describe('sections and the outline', () => {
  it('adds, renames and removes sections, and reorders the whole outline in one go', async () => {
    const course = (await r.post('/api/v1/courses', admin, { title: 'Reorder me' })).body.data.id;
    const a = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'A' })).body.data.id;
    const b = (await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'B' })).body.data.id;
    const first = (
      await r.post(`/api/v1/courses/${course}/course_sections`, admin, { title: 'First', position: 1 })
    ).body.data;
    expect(first.attributes.position).toBe(1);
    const page = (title: string, section: string) =>
      r.post(`/api/v1/course_sections/${section}/learning_objects`, admin, {
        kind: 'page',
        title,
        body: '<p>x</p>',
      });
    const p1 = (await page('One', a)).body.data.id;
    const p2 = (await page('Two', a)).body.data.id;
    const p3 = (await page('Three', b)).body.data.id;

    const renamed = await r.patch(`/api/v1/course_sections/${b}`, admin, { title: 'Bee' });
    expect(renamed.body.data.attributes.title).toBe('Bee');

    const reordered = await r.patch(`/api/v1/courses/${course}/outline`, admin, {
      sections: [
        { id: b, learning_object_ids: [p2, p3] },
        { id: first.id, learning_object_ids: [] },
        { id: a, learning_object_ids: [p1] },
      ],
    });
    expect(reordered.status).toBe(200);
    const sections = reordered.body.included.filter((i: Resource) => i.type === 'course_sections');
    expect(
      sections.map((s: Resource) => [
        s.attributes.title,
        s.relationships.learning_objects.data.map((d: { id: string }) => d.id),
      ]),
    ).toEqual([
      ['Bee', [p2, p3]],
      ['First', []],
      ['A', [p1]],
    ]);
    const objects = reordered.body.included.filter((i: Resource) => i.type === 'learning_objects');
    expect(objects.map((o: Resource) => o.attributes.title)).toEqual(['Two', 'Three', 'One']);

    const bad = await r.patch(`/api/v1/courses/${course}/outline`, admin, {
      sections: [
        { id: b, learning_object_ids: [p2, p2, 999999] },
        { id: a, learning_object_ids: [] },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/sections/0/learning_object_ids/1',
      '/sections/0/learning_object_ids/2',
      '/sections',
      '/sections',
    ]);
    // Nothing changed.
    const after = await r.get(`/api/v1/courses/${course}?include=learning_objects`, admin);
    expect(after.body.included.map((o: Resource) => o.attributes.title)).toEqual(['Two', 'Three', 'One']);

    expect((await r.del(`/api/v1/course_sections/${a}`, admin)).status).toBe(200);
    const left = await r.get(`/api/v1/courses/${course}?include=course_sections,learning_objects`, admin);
    expect(
      left.body.included
        .filter((i: Resource) => i.type === 'course_sections')
        .map((s: Resource) => s.attributes.position),
    ).toEqual([1, 2]);
    expect(left.body.data.attributes.learning_objects_count).toBe(2);
  });
});
