import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Certifications (what a student must complete, how long it holds), who they are assigned to, the
 * certificates awarded (one per holder and cycle: a retried award stores nothing twice), the
 * reminders sent about them (once per subject and stage), and each portal's signing key for
 * verifiable credentials.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const id = (c: any) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey());
  const time = timestampType(dialect);
  await db.schema
    .createTable('certifications')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('translations', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('validity_months', 'integer')
    .addColumn('recertification_window_days', 'integer')
    .addColumn('due_date', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certifications_portal').on('certifications').column('portal_id').execute();
  await db.schema
    .createTable('certification_courses')
    .addColumn('id', identityType(dialect), id)
    .addColumn('certification_id', 'integer', (c) =>
      c.notNull().references('certifications.id').onDelete('cascade'),
    )
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addUniqueConstraint('certification_courses_unique', ['certification_id', 'course_id'])
    .execute();
  await db.schema
    .createTable('certification_assignments')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('certification_id', 'integer', (c) =>
      c.notNull().references('certifications.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('due_date', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('certification_assignments_account', ['certification_id', 'account_id'])
    .addUniqueConstraint('certification_assignments_course', ['certification_id', 'course_id'])
    .execute();
  await db.schema
    .createTable('certificates')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('certification_id', 'integer', (c) =>
      c.notNull().references('certifications.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('cycle', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issued_at', time, (c) => c.notNull())
    .addColumn('expires_at', time)
    .addColumn('revoked_at', time)
    .addColumn('revoked_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('revocation_reason', 'text')
    .addUniqueConstraint('certificates_cycle', ['certification_id', 'account_id', 'cycle'])
    .execute();
  await db.schema
    .createIndex('certificates_portal_account')
    .on('certificates')
    .columns(['portal_id', 'account_id'])
    .execute();
  await db.schema
    .createTable('certification_reminders')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('sent_at', time, (c) => c.notNull())
    .addUniqueConstraint('certification_reminders_once', ['kind', 'subject_id', 'account_id'])
    .execute();
  await db.schema
    .createTable('portal_signing_keys')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) =>
      c.notNull().unique().references('portals.id').onDelete('cascade'),
    )
    .addColumn('kid', 'text', (c) => c.notNull())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}
