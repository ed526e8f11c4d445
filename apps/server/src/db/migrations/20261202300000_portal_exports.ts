import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Exports of a whole portal (decision 059): one row per export, its progress while the job writes
 * the zip, and where the finished zip is stored.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('portal_exports')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    // queued | running | completed | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('storage_key', 'text')
    .addColumn('byte_size', 'integer')
    // JSON: rows per table and the number of files, as in the zip's manifest.
    .addColumn('counts', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('finished_at', timestampType(dialect))
    .execute();
  await db.schema
    .createIndex('portal_exports_portal')
    .on('portal_exports')
    .columns(['portal_id', 'id'])
    .execute();
}
