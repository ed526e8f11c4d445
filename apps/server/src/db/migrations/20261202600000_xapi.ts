import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * The portal's Learning Record Store (decision 063): Basic-auth credentials, statements kept whole
 * as JSON (jsonb on PostgreSQL) beside the columns their filters need, the agents and activities
 * each statement mentions (for `agent`/`activity` with `related_*`), attachments by SHA-2, and the
 * state, activity profile and agent profile documents.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const time = timestampType(dialect);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const id = (c: any) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey());
  const portal = 'portal_id';
  const bytes = dialect === 'postgres' ? 'bytea' : 'blob';

  await db.schema
    .createTable('xapi_credentials')
    .addColumn('id', identityType(dialect), id)
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    // The xAPI version the credential last spoke: the answer to a request that names none.
    .addColumn('xapi_version', 'text', (c) => c.notNull().defaultTo('1.0'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time)
    .addColumn('revoked_at', time)
    .execute();
  await db.schema
    .createIndex('xapi_credentials_portal')
    .on('xapi_credentials')
    .columns([portal, 'id'])
    .execute();

  await db.schema
    .createTable('xapi_statements')
    // The order statements were stored in: `more` links page on it.
    .addColumn('seq', identityType(dialect), id)
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('stored', time, (c) => c.notNull())
    .addColumn('timestamp', time, (c) => c.notNull())
    .addColumn('verb_id', 'text', (c) => c.notNull())
    .addColumn('activity_id', 'text')
    .addColumn('registration', 'text')
    .addColumn('actor_key', 'text')
    .addColumn('credential_id', 'integer')
    .addColumn('voided', 'integer', (c) => c.notNull().defaultTo(0))
    // The statement this one voids or refers to (StatementRef object), for voiding and filters.
    .addColumn('target_id', 'text')
    .addColumn('statement', dialect === 'postgres' ? 'jsonb' : 'text', (c) => c.notNull())
    .addColumn('attachment_hashes', 'text')
    .execute();
  await db.schema
    .createIndex('xapi_statements_id')
    .on('xapi_statements')
    .columns([portal, 'id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('xapi_statements_stored')
    .on('xapi_statements')
    .columns([portal, 'voided', 'seq'])
    .execute();
  await db.schema
    .createIndex('xapi_statements_verb')
    .on('xapi_statements')
    .columns([portal, 'verb_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('xapi_statements_activity')
    .on('xapi_statements')
    .columns([portal, 'activity_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('xapi_statements_registration')
    .on('xapi_statements')
    .columns([portal, 'registration', 'seq'])
    .execute();
  await db.schema
    .createIndex('xapi_statements_actor')
    .on('xapi_statements')
    .columns([portal, 'actor_key', 'seq'])
    .execute();
  await db.schema
    .createIndex('xapi_statements_target')
    .on('xapi_statements')
    .columns([portal, 'target_id'])
    .execute();

  // Every agent and activity a statement mentions: `direct` for the actor/object, 0 for the rest
  // (context, authority, sub-statement), which only `related_agents`/`related_activities` look at.
  await db.schema
    .createTable('xapi_statement_mentions')
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('direct', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('xapi_statement_mentions_key')
    .on('xapi_statement_mentions')
    .columns([portal, 'kind', 'key', 'direct', 'seq'])
    .execute();

  await db.schema
    .createTable('xapi_attachments')
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('sha2', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('xapi_attachments_pk', [portal, 'sha2'])
    .execute();

  // Activity definitions as the LRS last learnt them, for GET /activities.
  await db.schema
    .createTable('xapi_activities')
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('activity_id', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('xapi_activities_pk', [portal, 'activity_id'])
    .execute();

  await db.schema
    .createTable('xapi_documents')
    .addColumn('id', identityType(dialect), id)
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    // 'state' | 'activity_profile' | 'agent_profile'
    .addColumn('kind', 'text', (c) => c.notNull())
    // The activity or the agent the document belongs to (agent as its identifying key).
    .addColumn('subject', 'text', (c) => c.notNull())
    // state: the agent key; '' otherwise.
    .addColumn('agent_key', 'text', (c) => c.notNull())
    // state: the registration, '' when none.
    .addColumn('registration', 'text', (c) => c.notNull())
    .addColumn('document_id', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('xapi_documents_key')
    .on('xapi_documents')
    .columns([portal, 'kind', 'subject', 'agent_key', 'registration', 'document_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('xapi_documents_updated')
    .on('xapi_documents')
    .columns([portal, 'kind', 'subject', 'agent_key', 'updated_at'])
    .execute();
}
