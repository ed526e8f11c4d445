import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requests } from '../../test/requests';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { weekStart } from './service';

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
