/**
 * The admin dashboard's figures in one read: the weekly series from the per-week counts the
 * database keeps as rows are written (`portal_weeks`), open issues and tickets and revenue per month
 * as grouped queries over the portal's rows (never a row per record to the application).
 */
import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect';
import { monthOf, WEEK_MS, weekStart } from '../../db/weeks';
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
  const end = new Date(weekStart(now).getTime() + WEEK).toISOString();
  const weeks = Array.from({ length: options.weeks }, (_, i) =>
    new Date(first.getTime() + i * WEEK).toISOString().slice(0, 10),
  );

  // Sign-ups, enrolments, completions and active learners per week: one row per week of the period
  // from the counts that triggers keep with every write (migration 20261128090400, decision 040),
  // so the current week is as up to date as the past ones.
  const counted = await db
    .selectFrom('portal_weeks')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('week', '>=', weeks[0]!)
    .where('week', '<=', weeks[weeks.length - 1]!)
    .execute();
  const byWeek = new Map(counted.map((row) => [row.week, row]));
  const series = (name: 'sign_ups' | 'enrolments' | 'completions' | 'active_learners') =>
    weeks.map((week) => Number(byWeek.get(week)?.[name] ?? 0));

  const [issues, tickets, revenue] = await Promise.all([
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
    active_learners: series('active_learners'),
    enrolments: series('enrolments'),
    completions: series('completions'),
    sign_ups: series('sign_ups'),
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
