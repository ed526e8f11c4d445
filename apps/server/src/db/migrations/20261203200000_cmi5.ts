import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * cmi5 courses as learning objects (decision 068): the course structure a `cmi5` object plays
 * (cmi5.xml as parsed, and its AUs' files when they came in a zip), a registration per learner and
 * object, each AU's tracked state in it, and the launch sessions with their one-time fetch token.
 * LRS credentials gain an actor and an end: a session's credential writes for its learner only.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();

  await db.schema.alterTable('xapi_credentials').addColumn('actor_key', 'text').execute();
  await db.schema.alterTable('xapi_credentials').addColumn('expires_at', timestampType(dialect)).execute();

  await db.schema
    .createTable('cmi5_packages')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().unique().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // Storage keys are `<storage_prefix>/<n>`; empty when only cmi5.xml came (external AUs).
    .addColumn('storage_prefix', 'text', (c) => c.notNull())
    // JSON: the course structure as parsed from cmi5.xml (course, blocks, AUs).
    .addColumn('course', 'text', (c) => c.notNull())
    // JSON: [{path, size, type}] in storage order.
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('cmi5_packages_portal').on('cmi5_packages').columns(['portal_id']).execute();

  await db.schema
    .createTable('cmi5_registrations')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('enrollment_id', 'integer', (c) =>
      c.notNull().references('enrollments.id').onDelete('cascade'),
    )
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().references('learning_objects.id').onDelete('cascade'),
    )
    // The cmi5 registration (a UUID), kept for every launch of this learner in this course.
    .addColumn('registration', 'text', (c) => c.notNull())
    .addColumn('satisfied_at', timestampType(dialect))
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .addUniqueConstraint('cmi5_registrations_learner', ['enrollment_id', 'learning_object_id'])
    // Unique within a portal: a portal moved into the same installation keeps its registrations.
    .addUniqueConstraint('cmi5_registrations_registration', ['portal_id', 'registration'])
    .execute();

  await db.schema
    .createTable('cmi5_au_states')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('registration_id', 'integer', (c) =>
      c.notNull().references('cmi5_registrations.id').onDelete('cascade'),
    )
    // The AU's id (an IRI) in cmi5.xml: kept across package versions.
    .addColumn('au_id', 'text', (c) => c.notNull())
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('passed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('satisfied', 'integer', (c) => c.notNull().defaultTo(0))
    // Whole percent (result.score.scaled × 100) of the last passed or failed.
    .addColumn('score', 'integer')
    .addColumn('launches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', timestampType(dialect), (c) => c.notNull())
    .addUniqueConstraint('cmi5_au_states_au', ['registration_id', 'au_id'])
    .execute();

  await db.schema
    .createTable('cmi5_sessions')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('cmi5_package_id', 'integer', (c) =>
      c.notNull().references('cmi5_packages.id').onDelete('cascade'),
    )
    // Null for a preview by staff who are not enrolled: nothing is tracked.
    .addColumn('registration_id', 'integer', (c) => c.references('cmi5_registrations.id').onDelete('cascade'))
    .addColumn('registration', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.notNull().unique())
    .addColumn('au_id', 'text', (c) => c.notNull())
    // The activity id the LMS gave the AU (not the publisher's id): the AU's statements are about it.
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('content_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('fetch_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('fetched_at', timestampType(dialect))
    .addColumn('credential_id', 'integer', (c) => c.references('xapi_credentials.id').onDelete('set null'))
    .addColumn('launched_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('terminated_at', timestampType(dialect))
    .addColumn('abandoned_at', timestampType(dialect))
    .addColumn('expires_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cmi5_sessions_registration')
    .on('cmi5_sessions')
    .columns(['registration_id', 'au_id'])
    .execute();
  await db.schema
    .createIndex('cmi5_sessions_credential')
    .on('cmi5_sessions')
    .columns(['credential_id'])
    .execute();
}
