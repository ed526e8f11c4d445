import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Follow-ups a coach plans with a student: due date and time, kind, note; done with an outcome.
 * `reminded_at` is claimed once by the reminder job (`WHERE reminded_at IS NULL`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('follow_ups')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('due_at', timestamp, (c) => c.notNull())
    .addColumn('done_at', timestamp)
    .addColumn('outcome', 'text')
    .addColumn('reminded_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('follow_ups_portal_coach_due')
    .on('follow_ups')
    .columns(['portal_id', 'coach_id', 'due_at'])
    .execute();
  await db.schema.createIndex('follow_ups_student').on('follow_ups').columns(['student_id']).execute();
  await db.schema
    .createIndex('follow_ups_due_unreminded')
    .on('follow_ups')
    .columns(['reminded_at', 'due_at'])
    .execute();
}
