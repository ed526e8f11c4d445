import { afterAll, beforeAll, expect, it } from 'vitest';
import { courseId, requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp;
let r: ReturnType<typeof requests>;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
});
afterAll(() => t.close());

it('decides a request once when the coach approves and rejects it twelve times at once', async () => {
  const coach = await t.login('coach@leerpad.test');
  const student = await t.login('classmate@leerpad.test');
  const studentId = await t.accountId('classmate@leerpad.test');
  const course = await courseId(t, 'Vergaderen met resultaat');
  // Twelve requests at once make one pending request.
  const asked = await Promise.all(
    Array.from({ length: 12 }, () =>
      r.post('/api/v1/approval_requests', student, { course: { type: 'courses', id: String(course) } }),
    ),
  );
  const created = asked.filter((answer) => answer.status === 201);
  expect(created).toHaveLength(1);
  expect(asked.filter((answer) => answer.status === 200)).toHaveLength(11);
  expect(new Set(asked.map((answer) => answer.body.data.id)).size).toBe(1);
  const id = asked[0]!.body.data.id as string;
  const notificationsBefore = await t.services.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  const decisions = await Promise.all(
    Array.from({ length: 12 }, (_, index) =>
      r.patch(`/api/v1/approval_requests/${id}`, coach, {
        state: index % 2 === 0 ? 'approved' : 'rejected',
        note: `Besluit ${index}`,
      }),
    ),
  );
  const statuses = decisions.map((answer) => answer.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(11);
  const winner = decisions.find((answer) => answer.status === 200)!.body.data.attributes.state as string;
  const enrollments = await t.services.db
    .selectFrom('enrollments')
    .select('id')
    .where('account_id', '=', studentId)
    .where('course_id', '=', course)
    .execute();
  expect(enrollments).toHaveLength(winner === 'approved' ? 1 : 0);
  const notificationsAfter = await t.services.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('account_id', '=', studentId)
    .executeTakeFirstOrThrow();
  expect(Number(notificationsAfter.count) - Number(notificationsBefore.count)).toBe(1);
});
