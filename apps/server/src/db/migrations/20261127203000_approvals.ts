import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Approvals (modules/approvals): a course may require approval to enrol, or a coach's sign-off to
 * complete (`kind` enrollment or completion); staff give coaches a
 * mandate (all courses, or the named ones in `coach_mandate_courses`); students' requests wait in
 * `approval_requests` until a coach with a mandate decides them, once (a conditional update on
 * `state = 'pending'`). A revoked mandate keeps its row, so every decision still names the mandate
 * it was taken under. One active mandate per coach and one pending request per student and course
 * (partial unique indexes, on SQLite and PostgreSQL alike).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .alterTable('courses')
    .addColumn('requires_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('courses')
    .addColumn('requires_signoff', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('coach_mandates')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('all_courses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('granted_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .addColumn('revoked_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('coach_mandates_active_coach')
    .on('coach_mandates')
    .columns(['portal_id', 'coach_id'])
    .unique()
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
  await db.schema
    .createTable('coach_mandate_courses')
    .addColumn('mandate_id', 'integer', (c) =>
      c.notNull().references('coach_mandates.id').onDelete('cascade'),
    )
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('coach_mandate_courses_pk', ['mandate_id', 'course_id'])
    .execute();
  await db.schema
    .createIndex('coach_mandate_courses_course')
    .on('coach_mandate_courses')
    .columns(['course_id'])
    .execute();
  await db.schema
    .createTable('approval_requests')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('student_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decision_note', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('decided_at', timestamp)
    .addColumn('mandate_id', 'integer', (c) => c.references('coach_mandates.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('approval_requests_one_pending')
    .on('approval_requests')
    .columns(['portal_id', 'kind', 'student_id', 'course_id'])
    .unique()
    .where(sql.ref('state'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('approval_requests_portal_state_course')
    .on('approval_requests')
    .columns(['portal_id', 'state', 'course_id'])
    .execute();
}
