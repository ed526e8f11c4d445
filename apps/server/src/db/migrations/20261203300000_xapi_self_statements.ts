import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Leerpad's statements about its own learning (decision 069): a per-portal switch, off until an
 * admin turns it on, and the events waiting to be written to the portal's LRS. An event is queued
 * in the transaction of the change that caused it and written after the commit by a relay, so a
 * failing LRS write never fails the learner's request.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const time = timestampType(dialect);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const id = (c: any) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey());

  await db.schema
    .createTable('xapi_settings')
    .addColumn('portal_id', 'integer', (c) => c.primaryKey().references('portals.id').onDelete('cascade'))
    .addColumn('self_statements', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('xapi_self_statements')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    // Chosen when queued, so that a retry after a write that did reach the LRS is a repeat, not a copy.
    .addColumn('statement_id', 'text', (c) => c.notNull())
    .addColumn('verb', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('object_kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('occurred_at', time, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema
    .createIndex('xapi_self_statements_waiting')
    .on('xapi_self_statements')
    .columns(['attempts', 'id'])
    .execute();
}
