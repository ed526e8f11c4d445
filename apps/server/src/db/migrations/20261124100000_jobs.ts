import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * The embedded job runner's table (SQLite). PostgreSQL keeps its jobs in pg-boss's own schema, which
 * pg-boss creates and migrates itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // waiting → running → done, or back to waiting for a retry, or failed after the last attempt
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('retry_limit', 'integer', (c) => c.notNull())
    .addColumn('retry_delay_seconds', 'integer', (c) => c.notNull())
    .addColumn('singleton_key', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['state', 'run_at']).execute();
  // A job name and key are stored once: enqueueing the same key again is a no-op.
  await db.schema
    .createIndex('jobs_singleton')
    .unique()
    .on('jobs')
    .columns(['name', 'singleton_key'])
    .where('singleton_key', 'is not', null)
    .execute();
}
