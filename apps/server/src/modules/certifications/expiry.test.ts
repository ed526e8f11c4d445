import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCourse, courseId, requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { runCertificationSweep } from './sweep';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;
let classmate: string;
let classmateId: number;
let course: number;
let certificationId: string;

const DAY_MS = 24 * 60 * 60 * 1000;

const certificatesOf = async (cookie: string) =>
  (await r.get(`/api/v1/certificates?filter[certification]=${certificationId}`, cookie)).body.data as Array<{
    id: string;
    attributes: { status: string; expires_at: string };
  }>;

const unread = async () =>
  (await r.get(`/api/v1/accounts/${classmateId}/notifications`, classmate)).body.meta.unread as number;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
  classmate = await t.login('classmate@leerpad.test');
  classmateId = await t.accountId('classmate@leerpad.test');
  course = await courseId(t, ACADEMY_COURSES.feedback);
});
afterAll(() => t.close());

describe('the demo data', () => {
  it('leaves the sweep nothing to do', async () => {
    const mails = t.mail.length;
    const notifications = await t.services.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await runCertificationSweep(t.services);
    expect(t.mail.length).toBe(mails);
    const after = await t.services.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(notifications.n));
  });
});

describe('expiry and recertification', () => {
  it('reminds once when a certificate enters its recertification window', async () => {
    const created = await r.post('/api/v1/certifications', admin, {
      name: 'Feedback geven',
      translations: { en: { name: 'Giving feedback' } },
      courses: [{ type: 'courses', id: String(course) }],
      validity_months: 1,
      recertification_window_days: 10,
    });
    certificationId = created.body.data.id;
    await completeCourse(t, classmate, course);
    await runCertificationSweep(t.services);
    const [certificate] = await certificatesOf(classmate);
    expect(certificate!.attributes.status).toBe('valid');
    // Not yet in the window: nothing is sent.
    const mails = t.mail.length;
    await runCertificationSweep(t.services);
    expect(t.mail.length).toBe(mails);

    await t.services.db
      .updateTable('certificates')
      .set({ expires_at: new Date(Date.now() + 5 * DAY_MS).toISOString() })
      .where('id', '=', Number(certificate!.id))
      .execute();
    const before = await unread();
    await Promise.all([runCertificationSweep(t.services), runCertificationSweep(t.services)]);
    await runCertificationSweep(t.services);
    expect(await unread()).toBe(before + 1);
    expect(t.mail.length).toBe(mails + 1);
    expect(t.mail[mails]!.to).toContain('classmate@leerpad.test');
    expect(t.mail[mails]!.text).toContain('Feedback geven');
  });

  it('expires the certificate, keeps it in history and reopens the course for a new attempt', async () => {
    const [certificate] = await certificatesOf(classmate);
    await t.services.db
      .updateTable('certificates')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', Number(certificate!.id))
      .execute();
    const mails = t.mail.length;
    await runCertificationSweep(t.services);
    const after = await certificatesOf(classmate);
    expect(after).toHaveLength(1);
    expect(after[0]!.attributes.status).toBe('expired');
    expect(t.mail.length).toBe(mails + 1);
    const enrollment = await t.services.db
      .selectFrom('enrollments')
      .selectAll()
      .where('account_id', '=', classmateId)
      .where('course_id', '=', course)
      .executeTakeFirstOrThrow();
    expect(enrollment).toMatchObject({ status: 'active', completed_at: null });
    // Nothing is awarded until the course is completed again.
    await runCertificationSweep(t.services);
    expect(await certificatesOf(classmate)).toHaveLength(1);
    const verify = await t.app.inject({
      url: `/api/v1/verify/${(await r.get(`/api/v1/certificates/${certificate!.id}`, classmate)).body.data.attributes.code}`,
      headers: { host: 'localhost' },
    });
    expect(verify.json().data.attributes.status).toBe('expired');
  });

  it('awards a new certificate when the course is completed again', async () => {
    await completeCourse(t, classmate, course);
    await runCertificationSweep(t.services);
    const all = await certificatesOf(classmate);
    expect(all.map((c) => c.attributes.status).sort()).toEqual(['expired', 'valid']);
  });
});

describe('overdue assignments', () => {
  it('reminds each assigned person without a certificate once after the due date', async () => {
    const studentId = await t.accountId('student@leerpad.test');
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    await r.post(`/api/v1/certifications/${certificationId}/assignments`, admin, {
      accounts: [studentId, classmateId].map((id) => ({ type: 'accounts', id: String(id) })),
      due_date: yesterday,
    });
    const mails = t.mail.length;
    await runCertificationSweep(t.services);
    await runCertificationSweep(t.services);
    // The classmate holds a valid certificate; only the student is reminded.
    expect(t.mail.length).toBe(mails + 1);
    expect(t.mail[mails]!.to).toContain('student@leerpad.test');
    expect(t.mail[mails]!.text).toContain('Feedback geven');
  });
});
