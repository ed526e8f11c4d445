import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { notifyStartedAnnouncements } from './service';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let coach: string;
let student: string;

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
const announcementNotifications = (accountId: number) =>
  t.services.db
    .selectFrom('notifications')
    .select(['id', 'link'])
    .where('account_id', '=', accountId)
    .where('message_key', '=', 'announcement_published')
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  student = await t.login('student@leerpad.test');
});
afterAll(() => t.close());

describe('announcements', () => {
  it('refuse a window that ends before it starts and an empty audience, pointing at each', async () => {
    const window = await r.post('/api/v1/announcements', admin, {
      title: 'Backwards',
      body: '<p>x</p>',
      language: 'en',
      audience: ['coaches'],
      starts_at: minutes(10),
      ends_at: minutes(5),
    });
    expect(window.status).toBe(422);
    expect(window.body.errors[0].source.pointer).toBe('/ends_at');
    expect(window.body.errors[0].code).toBe('WINDOW_ENDS_BEFORE_START');
    const audience = await r.post('/api/v1/announcements', admin, {
      title: 'Nobody',
      body: '<p>x</p>',
      language: 'en',
      audience: [],
      starts_at: minutes(0),
    });
    expect(audience.status).toBe(422);
    expect(audience.body.errors[0].source.pointer).toBe('/audience');
    const role = await r.post('/api/v1/announcements', admin, {
      title: 'Parents',
      body: '<p>x</p>',
      language: 'en',
      audience: ['parents'],
      starts_at: minutes(0),
    });
    expect(role.body.errors[0].source.pointer).toBe('/audience/0');
  });

  it('are written by staff only; a student cannot write or list them', async () => {
    const payload = {
      title: 'Mine',
      body: '<p>x</p>',
      language: 'en',
      audience: ['students'],
      starts_at: minutes(0),
    };
    expect((await r.post('/api/v1/announcements', student, payload)).status).toBe(403);
    expect((await r.get('/api/v1/announcements', student)).status).toBe(403);
    expect((await r.get('/api/v1/announcements', coach)).status).toBe(403);
  });

  it('notify the coaches once when the window starts, and the coach reads, then dismisses it', async () => {
    const created = await r.post('/api/v1/announcements', admin, {
      title: 'Coach meeting on Friday',
      body: '<p>Bring your <strong>planning</strong>.</p><script>alert(1)</script>',
      language: 'en',
      audience: ['coaches'],
      starts_at: minutes(-1),
      ends_at: minutes(60),
    });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    expect(created.body.data.attributes.body).not.toContain('script');
    expect(created.body.data.attributes.notified_at).toBeNull();

    const coachId = await t.accountId('coach@leerpad.test');
    const studentId = await t.accountId('student@leerpad.test');
    const before = (await announcementNotifications(coachId)).length;
    const studentBefore = (await announcementNotifications(studentId)).length;
    await notifyStartedAnnouncements(t.services);
    await notifyStartedAnnouncements(t.services);
    const after = await announcementNotifications(coachId);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.link).toBe('/coach/news');
    expect((await announcementNotifications(studentId)).length).toBe(studentBefore);

    const shown = await r.get(`/api/v1/announcements/${id}`, admin);
    expect(shown.body.data.attributes.notified_at).not.toBeNull();
    expect(shown.body.data.attributes.status).toBe('current');

    const news = await r.get('/api/v1/announcements/current', coach);
    expect(news.status).toBe(200);
    expect(news.body.data.map((item: { id: string }) => item.id)).toContain(id);
    const forStudent = await r.get('/api/v1/announcements/current', student);
    expect(forStudent.body.data.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await r.patch(`/api/v1/announcements/${id}/state`, student, { read: true })).status).toBe(404);

    const read = await r.patch(`/api/v1/announcements/${id}/state`, coach, { read: true });
    expect(read.status).toBe(200);
    expect(read.body.data.attributes.read_at).not.toBeNull();
    await r.patch(`/api/v1/announcements/${id}/state`, coach, { dismissed: true });
    const later = await r.get('/api/v1/announcements/current', coach);
    expect(later.body.data.map((item: { id: string }) => item.id)).not.toContain(id);
    const all = await r.get('/api/v1/announcements/current?filter[dismissed]=true', coach);
    const kept = all.body.data.find((item: { id: string }) => item.id === id);
    expect(kept.attributes.read_at).not.toBeNull();
    expect(kept.attributes.dismissed_at).not.toBeNull();

    const audit = await t.services.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'announcement')
      .where('entity_id', '=', id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['announcement.created']);
  });

  it('wait for a window that has not started, and reach only students of the given courses', async () => {
    const course = await courseId(t, ACADEMY_COURSES.sample);
    const studentId = await t.accountId('student@leerpad.test');
    const enrolled = await t.services.db
      .selectFrom('enrollments')
      .select('id')
      .where('account_id', '=', studentId)
      .where('course_id', '=', course)
      .executeTakeFirst();
    const created = await r.post('/api/v1/announcements', admin, {
      title: 'Lifting course update',
      body: '<p>New videos.</p>',
      language: 'nl',
      audience: ['students'],
      courses: [{ type: 'courses', id: String(course) }],
      starts_at: minutes(30),
    });
    expect(created.status).toBe(201);
    const id: string = created.body.data.id;
    // The courses are read as they are written: a relationship.
    expect(created.body.data.relationships.courses.data).toEqual([{ type: 'courses', id: String(course) }]);
    expect(created.body.data.attributes).not.toHaveProperty('course_ids');
    expect(created.body.data.attributes.status).toBe('scheduled');
    await notifyStartedAnnouncements(t.services);
    expect((await r.get(`/api/v1/announcements/${id}`, admin)).body.data.attributes.notified_at).toBeNull();
    expect(
      (await r.get('/api/v1/announcements/current', student)).body.data.map(
        (item: { id: string }) => item.id,
      ),
    ).not.toContain(id);

    const before = (await announcementNotifications(studentId)).length;
    await notifyStartedAnnouncements(t.services, new Date(Date.now() + 31 * 60_000));
    expect((await announcementNotifications(studentId)).length).toBe(before + (enrolled ? 1 : 0));

    const unknown = await r.patch(`/api/v1/announcements/${id}`, admin, {
      courses: [{ type: 'courses', id: '999999' }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].source.pointer).toBe('/courses/0');
    const backwards = await r.patch(`/api/v1/announcements/${id}`, admin, { ends_at: minutes(1) });
    expect(backwards.body.errors[0].source.pointer).toBe('/ends_at');
    // The announcement as read goes back as a document; refusals point into it.
    const read = (await r.get(`/api/v1/announcements/${id}`, admin)).body.data;
    const resent = await r.patch(`/api/v1/announcements/${id}`, admin, {
      data: {
        ...read,
        attributes: { ...read.attributes, ends_at: minutes(1) },
        relationships: { courses: { data: [{ type: 'courses', id: '999999' }] } },
      },
    });
    expect(resent.status).toBe(422);
    expect(resent.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/attributes/ends_at',
    ]);
    const unknownInDocument = await r.patch(`/api/v1/announcements/${id}`, admin, {
      data: { ...read, relationships: { courses: { data: [{ type: 'courses', id: '999999' }] } } },
    });
    expect(unknownInDocument.body.errors[0].source.pointer).toBe('/data/relationships/courses/data/0');
    const unchanged = await r.patch(`/api/v1/announcements/${id}`, admin, {
      data: { ...read, attributes: { ...read.attributes, title: 'Lifting course, new videos' } },
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data.attributes.title).toBe('Lifting course, new videos');
    expect(unchanged.body.data.relationships.courses.data).toEqual([{ type: 'courses', id: String(course) }]);
    // The old name is no longer read: the courses stay as they were.
    await r.patch(`/api/v1/announcements/${id}`, admin, { course_ids: [] });
    expect(
      (await r.get(`/api/v1/announcements/${id}`, admin)).body.data.relationships.courses.data,
    ).toHaveLength(1);
  });

  it('notify even when the portal has to be read again from the database first', async () => {
    const created = await r.post('/api/v1/announcements', admin, {
      title: 'Planning review',
      body: '<p>Monday.</p>',
      language: 'en',
      audience: ['coaches'],
      starts_at: minutes(-1),
      ends_at: minutes(60),
    });
    expect(created.status).toBe(201);
    const coachId = await t.accountId('coach@leerpad.test');
    const before = (await announcementNotifications(coachId)).length;
    // As when the portal cache has expired: on SQLite the job must not wait inside its transaction
    // for the one connection that transaction holds.
    t.services.portals.forget();
    const outcome = await Promise.race([
      notifyStartedAnnouncements(t.services).then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve('stuck'), 10_000)),
    ]);
    expect(outcome).toBe('done');
    expect((await announcementNotifications(coachId)).length).toBe(before + 1);
  });

  it('are notified by the background job without anyone asking', async () => {
    const created = await r.post('/api/v1/announcements', admin, {
      title: 'Staff lunch',
      body: '<p>Thursday.</p>',
      language: 'en',
      audience: ['staff'],
      starts_at: minutes(-1),
    });
    const id: string = created.body.data.id;
    for (let i = 0; i < 100; i++) {
      const shown = await r.get(`/api/v1/announcements/${id}`, admin);
      if (shown.body.data.attributes.notified_at) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the announcement job never notified');
  });

  it("keep one portal's announcements from another portal", async () => {
    const created = await r.post('/api/v1/announcements', admin, {
      title: 'Academy only',
      body: '<p>x</p>',
      language: 'nl',
      audience: ['students'],
      starts_at: minutes(-1),
    });
    const id: string = created.body.data.id;
    const secondAdmin = await t.login('second-admin@leerpad.test', SECOND_HOST);
    expect((await r.get(`/api/v1/announcements/${id}`, secondAdmin, SECOND_HOST)).status).toBe(404);
    const secondStudent = await t.login('second-student@leerpad.test', SECOND_HOST);
    const list = await r.get('/api/v1/announcements/current', secondStudent, SECOND_HOST);
    expect(list.body.data.map((item: { id: string }) => item.id)).not.toContain(id);
    expect(
      (await r.patch(`/api/v1/announcements/${id}/state`, secondStudent, { read: true }, SECOND_HOST)).status,
    ).toBe(404);
  });
});
