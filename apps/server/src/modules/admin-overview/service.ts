/**
 * The admin dashboard's figures in one read, each a grouped query that the database answers from
 * the portal's rows in the period (never a row per record to the application): week buckets are
 * computed in SQL, on SQLite from ISO-8601 text with julianday(), on PostgreSQL from timestamptz.
 */
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { monthOf, WEEK_MS, weekIndex, weekStart } from '../../db/weeks';
import type { Executor, PortalScope } from '../../db/schema';

const WEEK = WEEK_MS;

function months(from: Date, to: Date): string[] {
  const out: string[] = [];
  let year = from.getUTCFullYear();
  let month = from.getUTCMonth();
  while (year < to.getUTCFullYear() || (year === to.getUTCFullYear() && month <= to.getUTCMonth())) {
    out.push(`${year}-${String(month + 1).padStart(2, '0')}`);
    month++;
    if (month === 12) {
      month = 0;
      year++;
    }
  }
  return out;
}

export interface OverviewOptions {
  weeks: number;
  /** Revenue is for staff who see orders; others get null. */
  revenue: boolean;
  /** Open tickets when the portal has review tickets; null otherwise. */
  tickets: boolean;
  now?: Date;
}

export { weekStart };

export async function adminOverview(db: Executor, scope: PortalScope, options: OverviewOptions) {
  const dialect = dialectOf(db);
  const now = options.now ?? new Date();
  const first = new Date(weekStart(now).getTime() - (options.weeks - 1) * WEEK);
  const start = first.toISOString();
  const end = new Date(weekStart(now).getTime() + WEEK).toISOString();
  const weeks = Array.from({ length: options.weeks }, (_, i) =>
    new Date(first.getTime() + i * WEEK).toISOString().slice(0, 10),
  );

  const perWeek = (rows: Array<{ week: number | string | null; count: number | string | bigint }>) => {
    const counts = new Array<number>(options.weeks).fill(0);
    for (const row of rows) {
      const index = Number(row.week);
      if (index >= 0 && index < options.weeks) counts[index] = Number(row.count);
    }
    return counts;
  };

  const enrolledWeek = weekIndex(dialect, 'enrollments.enrolled_at', start);
  const completedWeek = weekIndex(dialect, 'enrollments.completed_at', start);
  const progressWeek = weekIndex(dialect, 'learning_object_progress.updated_at', start);
  const signUpWeek = weekIndex(dialect, 'accounts.created_at', start);

  // Learners who did something that week: touched a learning object or enrolled.
  const activity = db
    .selectFrom('learning_object_progress')
    .innerJoin('enrollments', 'enrollments.id', 'learning_object_progress.enrollment_id')
    .select([progressWeek.as('week'), 'enrollments.account_id'])
    .where('learning_object_progress.portal_id', '=', scope)
    .where('learning_object_progress.updated_at', '>=', start)
    .where('learning_object_progress.updated_at', '<', end)
    .unionAll(
      db
        .selectFrom('enrollments')
        .select([enrolledWeek.as('week'), 'enrollments.account_id'])
        .where('enrollments.portal_id', '=', scope)
        .where('enrollments.enrolled_at', '>=', start)
        .where('enrollments.enrolled_at', '<', end),
    );

  const [active, enrolled, completed, signUps, issues, tickets, revenue] = await Promise.all([
    db
      .selectFrom(activity.as('activity'))
      .select((eb) => ['activity.week', eb.fn.count<number>('activity.account_id').distinct().as('count')])
      .groupBy('activity.week')
      .execute(),
    db
      .selectFrom('enrollments')
      .select((eb) => [enrolledWeek.as('week'), eb.fn.countAll<number>().as('count')])
      .where('portal_id', '=', scope)
      .where('enrolled_at', '>=', start)
      .where('enrolled_at', '<', end)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('enrollments')
      .select((eb) => [completedWeek.as('week'), eb.fn.countAll<number>().as('count')])
      .where('portal_id', '=', scope)
      .where('completed_at', '>=', start)
      .where('completed_at', '<', end)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('accounts')
      .select((eb) => [signUpWeek.as('week'), eb.fn.countAll<number>().as('count')])
      .where('portal_id', '=', scope)
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('content_issues')
      .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
      .where('portal_id', '=', scope)
      .where('status', '<>', 'resolved')
      .groupBy('status')
      .execute(),
    options.tickets
      ? db
          .selectFrom('tickets')
          .select((eb) => ['state', eb.fn.countAll<number>().as('count')])
          .where('portal_id', '=', scope)
          .where('state', '<>', 'closed')
          .groupBy('state')
          .execute()
      : Promise.resolve(null),
    options.revenue
      ? db
          .selectFrom('orders')
          .select((eb) => [
            monthOf(dialect, 'orders.paid_at').as('month'),
            'currency',
            eb.fn.sum<number>(sql`total_cents - refunded_cents`).as('cents'),
            eb.fn.countAll<number>().as('count'),
          ])
          .where('portal_id', '=', scope)
          .where('paid_at', 'is not', null)
          .where(
            'paid_at',
            '>=',
            new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)).toISOString(),
          )
          .where('paid_at', '<', end)
          .groupBy([sql`1`, 'currency'])
          .execute()
      : Promise.resolve(null),
  ]);

  const count = (rows: Array<{ count: number | string | bigint }>) =>
    rows.reduce((sum, row) => sum + Number(row.count), 0);
  const monthList = months(first, now);
  return {
    weeks: options.weeks,
    week_starts: weeks,
    active_learners: perWeek(active),
    enrolments: perWeek(enrolled),
    completions: perWeek(completed),
    sign_ups: perWeek(signUps),
    open_content_issues: {
      total: count(issues),
      open: Number(issues.find((row) => row.status === 'open')?.count ?? 0),
      in_progress: Number(issues.find((row) => row.status === 'in_progress')?.count ?? 0),
    },
    open_tickets: tickets
      ? {
          total: count(tickets),
          open: Number(tickets.find((row) => row.state === 'open')?.count ?? 0),
          answered: Number(tickets.find((row) => row.state === 'answered')?.count ?? 0),
        }
      : null,
    revenue: revenue
      ? {
          months: monthList,
          currencies: [...new Set(revenue.map((row) => row.currency))].sort().map((currency) => ({
            currency,
            cents: monthList.map((month) =>
              Number(revenue.find((row) => row.month === month && row.currency === currency)?.cents ?? 0),
            ),
            orders: monthList.map((month) =>
              Number(revenue.find((row) => row.month === month && row.currency === currency)?.count ?? 0),
            ),
          })),
        }
      : null,
  };
}
