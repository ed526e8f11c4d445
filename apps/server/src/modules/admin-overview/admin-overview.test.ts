import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPortalWeeks } from '../../db/migrations/20261128090400_portal_week_counts';
import { courseId, requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import { insertAccount } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { weekStart } from './service';
import { ACADEMY_COURSES } from '../../db/seed/academy-titles';

let t: TestApp;
let r: ReturnType<typeof requests>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  r = requests(t);
  admin = await t.login('admin@leerpad.test');
});
afterAll(() => t.close());

const overview = async (weeks: number, cookie = admin) =>
  (await r.get(`/api/v1/admin/overview?weeks=${weeks}`, cookie)).body.data.attributes;

describe('admin overview', () => {
  it('counts enrolments, completions, sign-ups and active learners per week of the period', async () => {
    const before = await overview(4);
    expect(before.week_starts).toHaveLength(4);
    expect(before.week_starts[3]).toBe(weekStart(new Date()).toISOString().slice(0, 10));
    for (const series of ['active_learners', 'enrolments', 'completions', 'sign_ups'])
      expect(before[series]).toHaveLength(4);

    const db = t.services.db;
    const academy = await db
      .selectFrom('portals')
      .select('id')
      .where('name', '=', 'Leerpad Academy')
      .executeTakeFirstOrThrow();
    const course = await db
      .selectFrom('courses')
      .select('id')
      .where('portal_id', '=', academy.id)
      .limit(1)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000).toISOString();
    const ids: number[] = [];
    for (const [index, createdAt] of [now, now, twoWeeksAgo].entries()) {
      const row = await db
        .insertInto('accounts')
        .values({
          portal_id: academy.id,
          entity_id: null,
          primary_coach_id: null,
          full_name: `Overview ${index}`,
          email: `overview-${index}@leerpad.test`,
          password_hash: null,
          locale: null,
          avatar_url: null,
          phone_number: null,
          last_online: null,
          deactivated_at: null,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    await db
      .insertInto('enrollments')
      .values([
        {
          portal_id: academy.id,
          course_id: course.id,
          account_id: ids[0]!,
          last_learning_object_id: null,
          enrolled_at: now,
          last_activity_at: now,
          completed_at: now,
        },
        {
          portal_id: academy.id,
          course_id: course.id,
          account_id: ids[2]!,
          last_learning_object_id: null,
          enrolled_at: twoWeeksAgo,
          last_activity_at: twoWeeksAgo,
          completed_at: null,
        },
      ])
      .execute();

    const after = await overview(4);
    const diff = (series: string, week: number) => after[series][week] - before[series][week];
    expect(diff('sign_ups', 3)).toBe(2);
    expect(diff('sign_ups', 1)).toBe(1);
    expect(diff('enrolments', 3)).toBe(1);
    expect(diff('enrolments', 1)).toBe(1);
    expect(diff('completions', 3)).toBe(1);
    expect(diff('active_learners', 3)).toBe(1);
    expect(diff('active_learners', 1)).toBe(1);
    expect(diff('sign_ups', 0) + diff('sign_ups', 2)).toBe(0);
  });

  it("shows a new account, a learner's enrolment and their activity in the current week at once", async () => {
    const db = t.services.db;
    const student = await db
      .selectFrom('accounts')
      .select(['portal_id', 'password_hash'])
      .where('email', '=', 'student@leerpad.test')
      .executeTakeFirstOrThrow();
    // A learner with no history yet, who can sign in and holds a subscription.
    const learnerId = await insertAccount(db, {
      portalId: student.portal_id,
      fullName: 'Overview Learner',
      email: 'overview-learner@leerpad.test',
      role: 'student',
      passwordHash: student.password_hash,
    });
    await db
      .insertInto('subscriptions')
      .values({
        portal_id: student.portal_id,
        account_id: learnerId,
        is_active: 1,
        starts_at: null,
        ends_at: null,
        product_id: null,
        order_id: null,
      })
      .execute();
    const cookie = await t.login('overview-learner@leerpad.test');
    const current = 3;
    const before = await overview(4);

    const created = await r.post('/api/v1/accounts', admin, {
      full_name: 'Overview Invitee',
      email_address: 'overview-invitee@leerpad.test',
      roles: ['student'],
    });
    expect(created.status).toBe(201);
    const course = await courseId(t, ACADEMY_COURSES.phone);
    expect((await r.post(`/api/v1/courses/${course}/enrollments`, cookie)).status).toBe(201);
    const enrolled = await overview(4);
    expect(enrolled.sign_ups[current] - before.sign_ups[current]).toBe(1);
    expect(enrolled.enrolments[current] - before.enrolments[current]).toBe(1);
    expect(enrolled.active_learners[current] - before.active_learners[current]).toBe(1);

    // More activity in the same week counts the learner once.
    const object = await db
      .selectFrom('learning_objects')
      .select('id')
      .where('course_id', '=', course)
      .where('type', 'in', ['page', 'video', 'file'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const progress = await r.put(`/api/v1/learning_objects/${object.id}/progress`, cookie, {
      completed: true,
    });
    expect(progress.status).toBe(200);
    const worked = await overview(4);
    expect(worked.active_learners[current]).toBe(enrolled.active_learners[current]);

    // Had the enrolment been two weeks ago, it moves to that week, and the learner counts as active
    // in both weeks: a week stays counted when the learner comes back later.
    const twoWeeksAgo = new Date(Date.now() - 14 * 86_400_000).toISOString();
    await db
      .updateTable('enrollments')
      .set({ enrolled_at: twoWeeksAgo })
      .where('account_id', '=', learnerId)
      .execute();
    const moved = await overview(4);
    expect(moved.enrolments[current] - before.enrolments[current]).toBe(0);
    expect(moved.enrolments[1] - before.enrolments[1]).toBe(1);
    expect(moved.active_learners[current] - before.active_learners[current]).toBe(1);
    expect(moved.active_learners[1] - before.active_learners[1]).toBe(1);

    // Withdrawing the enrolment takes it out of the week's enrolments again.
    await db
      .deleteFrom('learning_object_progress')
      .where('enrollment_id', 'in', (eb) =>
        eb.selectFrom('enrollments').select('id').where('account_id', '=', learnerId),
      )
      .execute();
    await db.deleteFrom('enrollments').where('account_id', '=', learnerId).execute();
    const withdrawn = await overview(4);
    expect(withdrawn.enrolments[1] - before.enrolments[1]).toBe(0);
  });

  it('counts the weeks of the rows already there when the counts are first made', async () => {
    const kept = await overview(104);
    const db = t.services.db;
    await db.deleteFrom('portal_weeks').execute();
    await db.deleteFrom('portal_week_learners').execute();
    expect((await overview(104)).enrolments.every((count: number) => count === 0)).toBe(true);
    await countPortalWeeks(db);
    const counted = await overview(104);
    for (const series of ['sign_ups', 'enrolments', 'completions'])
      expect(counted[series]).toEqual(kept[series]);
    expect(counted.enrolments.some((count: number) => count > 0)).toBe(true);
    // Activity is counted from the rows still there: a learner whose enrolment was withdrawn (the
    // test above) is no longer known to have been active; everyone else still counts.
    expect(counted.active_learners.some((count: number) => count > 0)).toBe(true);
    counted.active_learners.forEach((count: number, week: number) =>
      expect(count).toBeLessThanOrEqual(kept.active_learners[week]),
    );
    expect(
      kept.active_learners.reduce((a: number, b: number) => a + b, 0) -
        counted.active_learners.reduce((a: number, b: number) => a + b, 0),
    ).toBe(2);
  });

  it('counts every one of many sign-ups written at the same moment', async () => {
    const db = t.services.db;
    const academy = await db
      .selectFrom('portals')
      .select('id')
      .where('name', '=', 'Leerpad Academy')
      .executeTakeFirstOrThrow();
    const before = await overview(1);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        db.transaction().execute((trx) =>
          trx
            .insertInto('accounts')
            .values({
              portal_id: academy.id,
              entity_id: null,
              primary_coach_id: null,
              full_name: `Parallel ${index}`,
              email: `parallel-${index}@leerpad.test`,
              password_hash: null,
              locale: null,
              avatar_url: null,
              phone_number: null,
              last_online: null,
              deactivated_at: null,
              created_at: new Date().toISOString(),
            })
            .execute(),
        ),
      ),
    );
    const after = await overview(1);
    expect(after.sign_ups[0] - before.sign_ups[0]).toBe(12);
  });

  it('adds revenue per month from paid orders, in integer cents, and open issues and tickets', async () => {
    const result = await overview(52);
    expect(result.revenue.months.at(-1)).toBe(new Date().toISOString().slice(0, 7));
    const db = t.services.db;
    const paid = await db
      .selectFrom('orders')
      .innerJoin('portals', 'portals.id', 'orders.portal_id')
      .select(['orders.total_cents', 'orders.refunded_cents', 'orders.currency', 'orders.paid_at'])
      .where('portals.name', '=', 'Leerpad Academy')
      .where('orders.paid_at', 'is not', null)
      .execute();
    const first = `${result.revenue.months[0]}-01`;
    const expected = paid
      .filter((order) => String(order.paid_at) >= first)
      .reduce((sum, order) => sum + order.total_cents - order.refunded_cents, 0);
    const total = result.revenue.currencies.reduce(
      (sum: number, c: { cents: number[] }) => sum + c.cents.reduce((a, b) => a + b, 0),
      0,
    );
    expect(total).toBe(expected);
    const issues = await db
      .selectFrom('content_issues')
      .innerJoin('portals', 'portals.id', 'content_issues.portal_id')
      .select('content_issues.id')
      .where('portals.name', '=', 'Leerpad Academy')
      .where('content_issues.status', '<>', 'resolved')
      .execute();
    expect(result.open_content_issues.total).toBe(issues.length);
    expect(result.open_tickets.total).toBe(result.open_tickets.open + result.open_tickets.answered);
  });

  it('keeps revenue from staff who do not see orders, and the dashboard from non-staff', async () => {
    const author = await t.login('author@leerpad.test');
    const seen = await overview(12, author);
    expect(seen.revenue).toBeNull();
    expect(seen.active_learners).toHaveLength(12);
    const student = await t.login('student@leerpad.test');
    expect((await r.get('/api/v1/admin/overview', student)).status).toBe(403);
    const bad = await r.get('/api/v1/admin/overview?weeks=0', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source.parameter).toBe('weeks');
  });
});
