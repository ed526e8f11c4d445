import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
});
afterAll(() => t.close());

describe('agreements', () => {
  it('start accepted for the demo accounts, in the reader’s language', async () => {
    const current = await r.get('/api/v1/agreements/current', student);
    expect(current.status).toBe(200);
    expect(current.body.data.attributes.version).toBe(1);
    expect(current.body.data.attributes.language).toBe('nl');
    expect(current.body.meta.pending).toBe(false);
    expect(current.body.meta.accepted_at).not.toBeNull();
  });

  it('are published by admins only, with pointers for bad input', async () => {
    const payload = { title: 'Terms', body: '<p>x</p>', language: 'en' };
    expect((await r.post('/api/v1/agreements', student, payload)).status).toBe(403);
    expect((await r.get('/api/v1/agreement_acceptances', student)).status).toBe(403);
    const bad = await r.post('/api/v1/agreements', admin, { ...payload, language: 'de' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].source.pointer).toBe('/language');
    const empty = await r.post('/api/v1/agreements', admin, { ...payload, title: ' ' });
    expect(empty.body.errors[0].source.pointer).toBe('/title');
  });

  it('a new version makes everyone accept again, once, and the log records it', async () => {
    const published = await r.post('/api/v1/agreements', admin, {
      title: 'Voorwaarden 2',
      body: '<p>Nieuwe voorwaarden.</p><script>x()</script>',
      language: 'nl',
    });
    expect(published.status).toBe(201);
    expect(published.body.data.attributes.version).toBe(2);
    expect(published.body.data.attributes.body).not.toContain('script');
    const english = await r.post('/api/v1/agreements', admin, {
      title: 'Terms 2',
      body: '<p>New terms.</p>',
      language: 'en',
      new_version: false,
    });
    expect(english.body.data.attributes.version).toBe(2);

    // The session that was open when the terms were published goes on; the next sign-in asks.
    expect((await r.get('/api/v1/agreements/current', student)).body.meta.pending).toBe(false);
    student = await t.login('student@leerpad.test');
    const pending = await r.get('/api/v1/agreements/current', student);
    expect(pending.body.meta.pending).toBe(true);
    expect(pending.body.data.attributes.title).toBe('Voorwaarden 2');
    const id: string = pending.body.data.id;

    const old = await t.services.db
      .selectFrom('agreements')
      .select('id')
      .where('version', '=', 1)
      .where('language', '=', 'nl')
      .executeTakeFirstOrThrow();
    expect((await r.post(`/api/v1/agreements/${old.id}/acceptances`, student)).status).toBe(409);

    expect((await r.post(`/api/v1/agreements/${id}/acceptances`, student)).status).toBe(201);
    expect((await r.post(`/api/v1/agreements/${id}/acceptances`, student)).status).toBe(201);
    const done = await r.get('/api/v1/agreements/current', student);
    expect(done.body.meta.pending).toBe(false);

    const log = await r.get('/api/v1/agreement_acceptances?filter[version]=2', admin);
    expect(log.status).toBe(200);
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0].attributes.email).toBe('student@leerpad.test');
    expect(log.body.data[0].attributes.accepted_at).toMatch(/^\d{4}-/);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/agreement_acceptances/export?filter[version]=2',
      headers: { host: 'localhost', cookie: admin, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('email');
    expect(csv.body).toContain('student@leerpad.test');

    const audit = await t.services.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'agreement')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['agreement.published', 'agreement.translated']);

    // Another portal has its own terms and log.
    const secondStudent = await t.login('second-student@leerpad.test', SECOND_HOST);
    const second = await r.get('/api/v1/agreements/current', secondStudent, SECOND_HOST);
    expect(second.body.data.attributes.version).toBe(1);
    expect(second.body.meta.pending).toBe(false);
    expect(
      (await r.post(`/api/v1/agreements/${id}/acceptances`, secondStudent, undefined, SECOND_HOST)).status,
    ).toBe(404);
  });
});
