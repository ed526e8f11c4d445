import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * SCORM 1.2 and 2004 packages as learning objects (decision 064): the package a `scorm` object
 * plays (its manifest as parsed, where its files are stored), each learner's runtime data per SCO,
 * and the short-lived launches whose unguessable path serves the package's files.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  await db.schema
    .createTable('scorm_packages')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    // One package per object: a replacement takes the old one's place.
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().unique().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Storage keys are `<storage_prefix>/<n>`; `files` maps package paths to n.
    .addColumn('storage_prefix', 'text', (c) => c.notNull())
    // JSON: {organizations, resources, scos, sequencing} as parsed from imsmanifest.xml.
    .addColumn('manifest', 'text', (c) => c.notNull())
    // JSON: [{path, size, type}] in storage order.
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scorm_packages_portal').on('scorm_packages').columns(['portal_id']).execute();

  await db.schema
    .createTable('scorm_attempts')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('enrollment_id', 'integer', (c) =>
      c.notNull().references('enrollments.id').onDelete('cascade'),
    )
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    // The SCO's item identifier in the manifest: kept across package versions.
    .addColumn('sco_identifier', 'text', (c) => c.notNull())
    // JSON: the runtime's flattened cmi (`{"cmi.core.lesson_status": "incomplete", …}`).
    .addColumn('cmi', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('completion_status', 'text', (c) => c.notNull().defaultTo('not attempted'))
    .addColumn('success_status', 'text', (c) => c.notNull().defaultTo('unknown'))
    .addColumn('score', 'integer')
    .addColumn('location', 'text')
    .addColumn('suspend_data', 'text')
    .addColumn('session_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('previous_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('launches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('updated_at', timestampType(dialect), (c) => c.notNull())
    .addUniqueConstraint('scorm_attempts_sco', ['enrollment_id', 'learning_object_id', 'sco_identifier'])
    .execute();
  await db.schema
    .createIndex('scorm_attempts_object')
    .on('scorm_attempts')
    .columns(['learning_object_id', 'enrollment_id'])
    .execute();

  await db.schema
    .createTable('scorm_launches')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('scorm_package_id', 'integer', (c) =>
      c.notNull().references('scorm_packages.id').onDelete('cascade'),
    )
    .addColumn('attempt_id', 'integer', (c) => c.references('scorm_attempts.id').onDelete('cascade'))
    .addColumn('sco_identifier', 'text', (c) => c.notNull())
    .addColumn('expires_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scorm_launches_expiry').on('scorm_launches').columns(['expires_at']).execute();
}
