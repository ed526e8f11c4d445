import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseId, requests, SAMPLE_COURSE } from '../../test/requests';
import { withFeaturesOff } from '../../test/features';
import { createTestApp, SECOND_HOST } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { enroll } from './service';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let student: string;
let coach: string;
let studentId: number;
let nosubId: number;
let sample: number;

/** Enrols an account through the service, past the route's subscription check. */
async function enrolDirectly(accountId: number, course: number) {
  const row = await t.services.db
    .selectFrom('courses')
    .selectAll()
    .where('id', '=', course)
    .executeTakeFirstOrThrow();
  const portal = await t.services.portals.findById(row.portal_id);
  if (!portal) throw new Error(`no portal ${row.portal_id}`);
  await enroll(t.services.db, portal.id, row, accountId);
}

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  student = await t.login('student@leerpad.test');
  coach = await t.login('coach@leerpad.test');
  studentId = await t.accountId('student@leerpad.test');
  nosubId = await t.accountId('nosub-student@leerpad.test');
  sample = await courseId(t, SAMPLE_COURSE);
  // The sample course has a group assignment ("Plan een veilige tilklus"); a classmate joins the student.
  await enrolDirectly(nosubId, sample);
});
afterAll(() => t.close());

describe('classmates of a course', () => {
  it('lists the other enrolled accounts of the course by name, with nothing but the name', async () => {
    const { status, body } = await r.get(`/api/v1/courses/${sample}/classmates`, student);
    expect(status).toBe(200);
    expect(body.data).toEqual([
      { type: 'accounts', id: String(nosubId), attributes: { full_name: expect.any(String) } },
    ]);
    expect(body.meta).toMatchObject({ total: 1, last_page: 1 });
    expect(body.data.some((account: { id: string }) => account.id === String(studentId))).toBe(false);
  });

  it('finds classmates by part of their name, ignoring case', async () => {
    const name = (await r.get(`/api/v1/courses/${sample}/classmates`, student)).body.data[0].attributes
      .full_name as string;
    const part = name.slice(1, 4).toUpperCase();
    const found = await r.get(
      `/api/v1/courses/${sample}/classmates?filter[search]=${encodeURIComponent(part)}`,
      student,
    );
    expect(found.body.data.map((account: { id: string }) => account.id)).toEqual([String(nosubId)]);
    const none = await r.get(`/api/v1/courses/${sample}/classmates?filter[search]=zzzz`, student);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.total).toBe(0);
  });

  it('lets coaches look too (every enrolled account)', async () => {
    const { status, body } = await r.get(`/api/v1/courses/${sample}/classmates`, coach);
    expect(status).toBe(200);
    expect(body.data.map((account: { id: string }) => account.id).sort()).toEqual(
      [String(studentId), String(nosubId)].sort(),
    );
  });

  it('refuses students who are not enrolled (403 NOT_ENROLLED)', async () => {
    const other = await courseId(t, ACADEMY_COURSES.phone);
    const enrolledElsewhere = await t.login('nosub-student@leerpad.test');
    const { status, body } = await r.get(`/api/v1/courses/${other}/classmates`, enrolledElsewhere);
    expect(status).toBe(403);
    expect(body.errors[0].code).toBe('NOT_ENROLLED');
  });

  it('refuses courses without a group assignment (403)', async () => {
    const other = await courseId(t, ACADEMY_COURSES.phone);
    await r.post(`/api/v1/courses/${other}/enrollments`, student);
    const { status, body } = await r.get(`/api/v1/courses/${other}/classmates`, student);
    expect(status).toBe(403);
    expect(body.errors[0].code).toBe('FORBIDDEN');
  });

  it("keeps to the portal: another portal's course answers 404", async () => {
    const second = await t.login('second-student@leerpad.test', SECOND_HOST);
    const { status } = await r.get(`/api/v1/courses/${sample}/classmates`, second, SECOND_HOST);
    expect(status).toBe(404);
  });

  it('needs the group_assignments feature', async () => {
    await withFeaturesOff(t, 1, ['group_assignments'], async () => {
      const { status, body } = await r.get(`/api/v1/courses/${sample}/classmates`, student);
      expect(status).toBe(403);
      expect(body.errors[0].code).toBe('FEATURE_DISABLED');
    });
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/courses/${sample}/classmates` });
    expect(response.statusCode).toBe(401);
  });
});
