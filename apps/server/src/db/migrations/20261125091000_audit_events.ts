import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * The audit log: who did what to which record, when, from which address, and whether while acting
 * as someone else. Append-only: no route updates or deletes a row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('audit_events')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('acting_for_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_portal_created')
    .on('audit_events')
    .columns(['portal_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('audit_events_entity')
    .on('audit_events')
    .columns(['portal_id', 'entity_type', 'entity_id'])
    .execute();
}
