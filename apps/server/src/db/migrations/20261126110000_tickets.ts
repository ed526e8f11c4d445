import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Tickets: a student's question to their coach, asked from a learning object or from the
 * primary-coach page, and the thread of messages under it (modules/tickets). `coach_id` is the
 * student's primary coach when the ticket was asked; null means every coach of the portal.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('tickets')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.references('learning_objects.id').onDelete('set null'),
    )
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('closed_at', timestamp)
    .execute();
  await db.schema
    .createIndex('tickets_portal_student')
    .on('tickets')
    .columns(['portal_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('tickets_portal_coach_state')
    .on('tickets')
    .columns(['portal_id', 'coach_id', 'state'])
    .execute();
  await db.schema
    .createTable('ticket_messages')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_messages_ticket')
    .on('ticket_messages')
    .columns(['ticket_id', 'id'])
    .execute();
}
