/**
 * First-party analytics (decision 072): the web app reports each page it shows by its route pattern,
 * and the portal keeps one count per day and route. Who viewed a page is not kept.
 */
import { sql } from 'kysely';
import { fromFlag, nowIso, toFlag } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { recordAudit } from '../audit/service';

/** Days an analytics report may cover. */
export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;
/** Route patterns: a path of letters, digits, dashes and `:param` placeholders. */
export const ROUTE_PATTERN = /^\/[A-Za-z0-9_\-/:.]*$/;
export const ROUTE_MAX_LENGTH = 200;

/** A number left in a path becomes `:id`: the counts are per route, never per record. */
export function routeKey(route: string): string {
  const path = route.length > 1 ? route.replace(/\/+$/, '') : route;
  return path.replace(/\/\d+(?=\/|$)/g, '/:id');
}

export async function analyticsOn(db: Executor, scope: PortalScope): Promise<boolean> {
  const row = await db
    .selectFrom('analytics_settings')
    .select('enabled')
    .where('portal_id', '=', scope)
    .executeTakeFirst();
  return row ? fromFlag(row.enabled) : true;
}

export async function setAnalytics(
  db: Executor,
  scope: PortalScope,
  on: boolean,
  actor: { accountId: number; actingForId: number | null; ip: string | null },
): Promise<void> {
  const values = { enabled: toFlag(on), updated_at: nowIso() };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('analytics_settings')
      .values({ portal_id: scope, ...values })
      .onConflict((conflict) => conflict.column('portal_id').doUpdateSet(values))
      .execute();
    await recordAudit(trx, {
      scope,
      actorId: actor.accountId,
      actingForId: actor.actingForId,
      action: 'analytics_settings.updated',
      entityType: 'analytics_settings',
      entityId: scope,
      details: { enabled: on },
      ip: actor.ip,
    });
  });
}

/** Counts one view of `route` today (UTC). */
export async function countPageView(db: Executor, scope: PortalScope, route: string, now = new Date()) {
  await db
    .insertInto('analytics_page_views')
    .values({ portal_id: scope, day: now.toISOString().slice(0, 10), route, views: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['portal_id', 'day', 'route'])
        .doUpdateSet({ views: sql<number>`analytics_page_views.views + 1` }),
    )
    .execute();
}

export interface PageViewReport {
  days: string[];
  total: number;
  routes: Array<{ route: string; total: number; per_day: number[] }>;
}

/** Views per route and per day over the last `days` days (UTC, today included), busiest route first. */
export async function pageViewReport(
  db: Executor,
  scope: PortalScope,
  days: number,
  now = new Date(),
): Promise<PageViewReport> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dayList = Array.from({ length: days }, (_, index) =>
    new Date(today - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
  const rows = await db
    .selectFrom('analytics_page_views')
    .select(['day', 'route', 'views'])
    .where('portal_id', '=', scope)
    .where('day', '>=', dayList[0]!)
    .where('day', '<=', dayList.at(-1)!)
    .execute();
  const position = new Map(dayList.map((day, index) => [day, index]));
  const byRoute = new Map<string, number[]>();
  for (const row of rows) {
    const counts = byRoute.get(row.route) ?? new Array<number>(days).fill(0);
    counts[position.get(row.day)!] = Number(row.views);
    byRoute.set(row.route, counts);
  }
  const routes = [...byRoute]
    .map(([route, perDay]) => ({ route, total: perDay.reduce((a, b) => a + b, 0), per_day: perDay }))
    .sort((a, b) => b.total - a.total || a.route.localeCompare(b.route));
  return { days: dayList, total: routes.reduce((sum, route) => sum + route.total, 0), routes };
}
