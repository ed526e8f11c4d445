import { sql, type Kysely } from 'kysely';
import { dialectOf, timestampType } from '../dialect';

/**
 * Portals as a product (decision 057): a portal can be closed (its addresses show a closed page and
 * its API refuses sign-in), and one of its domains can be its primary address, to which the others
 * redirect. Existing portals get no primary domain, so none of their addresses starts redirecting.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('portals').addColumn('closed_at', timestampType(dialect)).execute();
  await db.schema
    .alterTable('portal_domains')
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // At most one primary address per portal, whoever writes at the same time.
  await db.schema
    .createIndex('portal_domains_one_primary')
    .on('portal_domains')
    .column('portal_id')
    .unique()
    .where(sql.ref('is_primary'), '=', 1)
    .execute();
}
