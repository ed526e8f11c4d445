import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCourse, courseId, requests } from '../../test/requests';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { runCertificationSweep } from './sweep';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let student: string;
let classmate: string;
let studentId: number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  student = await t.login('student@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
});
afterAll(() => t.close());

describe('defining certifications', () => {
  it('creates one with required courses, validity and window, per language', async () => {
    const course = await courseId(t, ACADEMY_COURSES.phone);
    const { status, body } = await r.post('/api/v1/certifications', admin, {
      name: 'Telefoon-vaardig',
      description: 'Klanten netjes te woord staan.',
      translations: { en: { name: 'Phone ready' } },
      courses: [{ type: 'courses', id: String(course) }],
      validity_months: 12,
      recertification_window_days: 30,
      due_date: '2027-03-01',
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.data.attributes).toMatchObject({
      name: 'Telefoon-vaardig',
      validity_months: 12,
      recertification_window_days: 30,
      translations: { en: { name: 'Phone ready' } },
      holders_count: 0,
    });
    expect(body.data.relationships.courses.data).toEqual([{ type: 'courses', id: String(course) }]);
  });

  it('points at a validity that is not whole months and a window longer than the validity', async () => {
    const fraction = await r.post('/api/v1/certifications', admin, { name: 'X', validity_months: 1.5 });
    expect(fraction.status).toBe(422);
    expect(fraction.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/validity_months',
    ]);
    const window = await r.post('/api/v1/certifications', admin, {
      name: 'X',
      validity_months: 1,
      recertification_window_days: 45,
    });
    expect(window.status).toBe(422);
    expect(window.body.errors[0].source.pointer).toBe('/recertification_window_days');
    const course = await r.post('/api/v1/certifications', admin, {
      name: 'X',
      courses: [{ type: 'courses', id: '999999' }],
    });
    expect(course.body.errors[0].source.pointer).toBe('/courses');
  });

  it('is staff work: students and coaches are refused, another portal sees nothing', async () => {
    expect((await r.get('/api/v1/certifications', student)).status).toBe(403);
    expect((await r.get('/api/v1/certifications', await t.login('coach@leerpad.test'))).status).toBe(403);
    const list = await r.get('/api/v1/certifications', admin);
    const second = await t.login('second-admin@leerpad.test', SECOND_HOST);
    const foreign = await r.get(`/api/v1/certifications/${list.body.data[0].id}`, second, SECOND_HOST);
    expect(foreign.status).toBe(404);
  });

  it('assigns to people and to a course, once each', async () => {
    const list = await r.get('/api/v1/certifications', admin);
    const id = list.body.data.find(
      (c: { attributes: { name: string } }) => c.attributes.name === 'Telefoon-vaardig',
    ).id;
    const course = await courseId(t, ACADEMY_COURSES.phone);
    const first = await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      accounts: [studentId].map((id) => ({ type: 'accounts', id: String(id) })),
      course: { type: 'courses', id: String(course) },
      due_date: '2027-01-01',
    });
    expect(first.status).toBe(200);
    const again = await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      accounts: [studentId].map((id) => ({ type: 'accounts', id: String(id) })),
      due_date: '2027-02-01',
    });
    expect(again.body.data).toHaveLength(2);
    const empty = await r.post(`/api/v1/certifications/${id}/assignments`, admin, {});
    expect(empty.body.errors[0].source.pointer).toBe('/accounts');
    // The old names are no longer read.
    const old = await r.post(`/api/v1/certifications/${id}/assignments`, admin, { account_ids: [studentId] });
    expect(old.status).toBe(422);
    expect(old.body.errors[0].source.pointer).toBe('/accounts');

    // An assignment as read goes back as a document (its account a to-one relationship) with a new due date.
    const read = again.body.data.find(
      (assignment: { relationships: { account: { data: unknown } } }) =>
        assignment.relationships.account.data,
    );
    const { id: _readId, ...resource } = read;
    const resent = await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      data: { ...resource, attributes: { ...read.attributes, due_date: '2027-03-01' } },
    });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toHaveLength(2);
    expect(
      resent.body.data.find((assignment: { id: string }) => assignment.id === read.id).attributes.due_date,
    ).toBe('2027-03-01');
    // Unknown people are named where they were sent.
    const unknown = await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      data: {
        type: 'certification_assignments',
        relationships: {
          accounts: {
            data: [
              { type: 'accounts', id: String(studentId) },
              { type: 'accounts', id: '999999' },
            ],
          },
          course: { data: { type: 'accounts', id: String(studentId) } },
        },
      },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/relationships/course/data/type',
    ]);
    const stranger = await r.post(`/api/v1/certifications/${id}/assignments`, admin, {
      data: {
        type: 'certification_assignments',
        relationships: {
          accounts: {
            data: [
              { type: 'accounts', id: String(studentId) },
              { type: 'accounts', id: '999999' },
            ],
          },
        },
      },
    });
    expect(stranger.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer)).toEqual([
      '/data/relationships/accounts/data/1',
    ]);
  });
});

describe('assigning at the same time', () => {
  it('makes one assignment per person when the same people are assigned twice at once', async () => {
    const made = await r.post('/api/v1/certifications', admin, { name: 'Assigned twice at once' });
    const id = made.body.data.id as string;
    const classmateId = await t.accountId('classmate@leerpad.test');
    const people = [studentId, classmateId].map((person) => ({ type: 'accounts', id: String(person) }));
    const answers = await Promise.all([
      r.post(`/api/v1/certifications/${id}/assignments`, admin, { accounts: people, due_date: '2027-05-01' }),
      r.post(`/api/v1/certifications/${id}/assignments`, admin, {
        account: people[0],
        due_date: '2027-05-01',
      }),
      r.post(`/api/v1/certifications/${id}/assignments`, admin, { accounts: [...people].reverse() }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const assignments = await r.get(`/api/v1/certifications/${id}/assignments`, admin);
    expect(
      assignments.body.data
        .map((assignment: { relationships: { account: { data: { id: string } } } }) =>
          Number(assignment.relationships.account.data.id),
        )
        .sort(),
    ).toEqual([studentId, classmateId].sort());
  });
});

describe('awarding, verifying and revoking', () => {
  it('awards a certificate once the required course is completed, once even when swept twice', async () => {
    const course = await courseId(t, ACADEMY_COURSES.phone);
    await completeCourse(t, classmate, course);
    await Promise.all([runCertificationSweep(t.services), runCertificationSweep(t.services)]);
    await runCertificationSweep(t.services);
    const mine = await r.get('/api/v1/certificates', classmate);
    const phone = mine.body.data.filter(
      (c: { attributes: { certification_name: string } }) =>
        c.attributes.certification_name === 'Telefoon-vaardig',
    );
    expect(phone).toHaveLength(1);
    expect(phone[0].attributes).toMatchObject({ status: 'valid', holder_name: 'Casper Classmate' });
    expect(phone[0].attributes.expires_at.slice(0, 4)).toBe(String(new Date().getUTCFullYear() + 1));
    expect(phone[0].attributes.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const note = await r.get(
      `/api/v1/accounts/${await t.accountId('classmate@leerpad.test')}/notifications`,
      classmate,
    );
    expect(note.body.data[0].attributes.message).toContain('Telefoon-vaardig');
  });

  it('shows students only their own certificates, staff all of them', async () => {
    const own = await r.get('/api/v1/certificates', student);
    expect(
      own.body.data.every(
        (c: { relationships: { holder: { data: { id: string } } } }) =>
          c.relationships.holder.data.id === String(studentId),
      ),
    ).toBe(true);
    const all = await r.get('/api/v1/certificates', admin);
    expect(all.body.meta.total).toBeGreaterThan(own.body.meta.total);
    const someoneElses = all.body.data.find(
      (c: { relationships: { holder: { data: { id: string } } } }) =>
        c.relationships.holder.data.id !== String(studentId),
    );
    expect((await r.get(`/api/v1/certificates/${someoneElses.id}`, student)).status).toBe(404);
    expect((await r.get(`/api/v1/certificates/${someoneElses.id}/pdf`, student)).status).toBe(404);
  });

  it('renders a PDF for the holder', async () => {
    const own = await r.get('/api/v1/certificates', student);
    const pdf = await r.get(`/api/v1/certificates/${own.body.data[0].id}/pdf`, student);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('verifies publicly, then says revoked after staff revoke it with a reason', async () => {
    const own = await r.get('/api/v1/certificates', student);
    const certificate = own.body.data[0];
    const verify = await t.app.inject({
      url: `/api/v1/verify/${certificate.attributes.code}`,
      headers: { host: 'localhost' },
    });
    expect(verify.statusCode).toBe(200);
    const attributes = verify.json().data.attributes;
    expect(Object.keys(attributes).sort()).toEqual(
      [
        'certification_name',
        'expires_at',
        'holder_name',
        'issued_at',
        'portal_name',
        'revoked_at',
        'status',
      ].sort(),
    );
    expect(attributes).toMatchObject({ status: 'valid', portal_name: 'Leerpad Academy' });
    const elsewhere = await t.app.inject({
      url: `/api/v1/verify/${certificate.attributes.code}`,
      headers: { host: SECOND_HOST },
    });
    expect(elsewhere.statusCode).toBe(404);

    expect(
      (await r.post(`/api/v1/certificates/${certificate.id}/revocation`, student, { reason: 'x' })).status,
    ).toBe(403);
    const blank = await r.post(`/api/v1/certificates/${certificate.id}/revocation`, admin, { reason: ' ' });
    expect(blank.body.errors[0].source.pointer).toBe('/reason');
    const revoked = await r.post(`/api/v1/certificates/${certificate.id}/revocation`, admin, {
      reason: 'Issued by mistake',
    });
    expect(revoked.body.data.attributes).toMatchObject({
      status: 'revoked',
      revocation_reason: 'Issued by mistake',
    });
    const twice = await r.post(`/api/v1/certificates/${certificate.id}/revocation`, admin, {
      reason: 'again',
    });
    expect(twice.status).toBe(409);
    const after = await t.app.inject({
      url: `/api/v1/verify/${certificate.attributes.code}`,
      headers: { host: 'localhost' },
    });
    expect(after.json().data.attributes.status).toBe('revoked');
    const audit = await t.services.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_type', '=', 'certificate')
      .execute();
    expect(audit.map((a) => a.action)).toContain('certificate.revoke');
  });
});
