import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * LTI 1.3 Advantage as a platform (decision 070): the portal's rotating signing keys, the tools it
 * trusts (made by hand or by dynamic registration), resource links of `lti` learning objects,
 * single-use launch hints, nonces and client-assertion ids, tool access tokens, and the line items
 * and scores of Assignment and Grade Services.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const time = timestampType(dialect);
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey();
  const portal = (c: ColumnDefinitionBuilder) => c.notNull().references('portals.id').onDelete('cascade');

  await db.schema
    .createTable('lti_platform_keys')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', portal)
    .addColumn('kid', 'text', (c) => c.notNull().unique())
    .addColumn('public_jwk', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    // Set when a newer key took over; the public half stays in the key set for a grace period.
    .addColumn('retired_at', time)
    .execute();
  await db.schema
    .createIndex('lti_platform_keys_portal')
    .on('lti_platform_keys')
    .columns(['portal_id', 'retired_at'])
    .execute();

  await db.schema
    .createTable('lti_tools')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', portal)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull().unique())
    // 'active' | 'pending' (registered dynamically, waiting for an admin) | 'disabled'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('registered_by', 'text', (c) => c.notNull())
    .addColumn('login_url', 'text', (c) => c.notNull())
    .addColumn('launch_url', 'text', (c) => c.notNull())
    .addColumn('deep_linking_url', 'text')
    // JSON arrays of strings.
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('deployment_ids', 'text', (c) => c.notNull())
    .addColumn('jwks_url', 'text')
    .addColumn('public_jwk', 'text')
    // JSON object of string values.
    .addColumn('custom', 'text', (c) => c.notNull())
    // Comma-separated: ags, nrps, deep_linking.
    .addColumn('services', 'text', (c) => c.notNull())
    .addColumn('contact_email', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lti_tools_portal').on('lti_tools').columns(['portal_id', 'id']).execute();

  await db.schema
    .createTable('lti_registrations')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', portal)
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('registration_url', 'text', (c) => c.notNull())
    .addColumn('tool_id', 'integer', (c) => c.references('lti_tools.id').onDelete('cascade'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lti_resource_links')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', portal)
    .addColumn('learning_object_id', 'integer', (c) =>
      c.notNull().unique().references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('tool_id', 'integer', (c) => c.notNull().references('lti_tools.id').onDelete('cascade'))
    // The resource_link.id the tool sees: stable, opaque.
    .addColumn('resource_link_id', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text')
    .addColumn('custom', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  // One launch in flight: the login_hint and lti_message_hint sent to the tool, bound server-side to
  // the signed-in account; used once by the authorisation request.
  await db.schema
    .createTable('lti_launches')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', portal)
    .addColumn('tool_id', 'integer', (c) => c.notNull().references('lti_tools.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.references('learning_objects.id').onDelete('cascade'),
    )
    // For deep linking: the section new objects go to.
    .addColumn('section_id', 'integer')
    .addColumn('message_type', 'text', (c) => c.notNull())
    .addColumn('hint_hash', 'text', (c) => c.notNull().unique())
    .addColumn('deployment_id', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .execute();

  // Nonces, client-assertion jtis and deep-linking data tokens: each accepted once until it expires.
  await db.schema
    .createTable('lti_used_values')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('lti_used_values_pk', ['kind', 'value'])
    .execute();

  await db.schema
    .createTable('lti_access_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('portal_id', 'integer', portal)
    .addColumn('tool_id', 'integer', (c) => c.notNull().references('lti_tools.id').onDelete('cascade'))
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('lti_line_items')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', portal)
    .addColumn('tool_id', 'integer', (c) => c.notNull().references('lti_tools.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('learning_object_id', 'integer', (c) =>
      c.references('learning_objects.id').onDelete('cascade'),
    )
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('score_maximum', 'double precision', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    .addColumn('tag', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lti_line_items_course')
    .on('lti_line_items')
    .columns(['portal_id', 'course_id', 'tool_id'])
    .execute();

  // The latest score of each learner on each line item (AGS results are read from it).
  await db.schema
    .createTable('lti_scores')
    .addColumn('id', identityType(dialect), id)
    .addColumn('portal_id', 'integer', portal)
    .addColumn('line_item_id', 'integer', (c) =>
      c.notNull().references('lti_line_items.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('score_given', 'double precision')
    .addColumn('score_maximum', 'double precision')
    .addColumn('activity_progress', 'text', (c) => c.notNull())
    .addColumn('grading_progress', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('timestamp', time, (c) => c.notNull())
    .addUniqueConstraint('lti_scores_learner', ['line_item_id', 'account_id'])
    .execute();
}
