import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Announcements of a portal to an audience (students, coaches, staff; optionally only the students
 * enrolled in given courses) within a publish window, and each reader's read and dismissed state.
 * `notified_at` is set once, by the job that notifies the audience at the start of the window.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('announcements')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('course_ids', 'text', (c) => c.notNull())
    .addColumn('starts_at', timestamp, (c) => c.notNull())
    .addColumn('ends_at', timestamp)
    .addColumn('notified_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('announcements_portal_starts')
    .on('announcements')
    .columns(['portal_id', 'starts_at'])
    .execute();
  await db.schema
    .createTable('announcement_states')
    .addColumn('announcement_id', 'integer', (c) =>
      c.notNull().references('announcements.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('read_at', timestamp)
    .addColumn('dismissed_at', timestamp)
    .addPrimaryKeyConstraint('announcement_states_pk', ['announcement_id', 'account_id'])
    .execute();
}
