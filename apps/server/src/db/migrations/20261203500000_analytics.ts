import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../dialect';

/**
 * First-party analytics (decision 072): page views counted per portal, day (UTC, YYYY-MM-DD) and
 * route pattern, one row each, so "views per route per day" is a read of a few rows. No event keeps
 * who viewed a page. A per-portal switch turns counting off; without a row it is on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const time = timestampType(dialectOf(db));
  await db.schema
    .createTable('analytics_settings')
    .addColumn('portal_id', 'integer', (c) => c.primaryKey().references('portals.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('analytics_page_views')
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_page_views_pk', ['portal_id', 'day', 'route'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_page_views').execute();
  await db.schema.dropTable('analytics_settings').execute();
}
