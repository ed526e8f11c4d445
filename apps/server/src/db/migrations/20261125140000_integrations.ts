import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Integrations (decision 022): API tokens that act as their creator within a list of permissions,
 * webhooks that receive product events, and the log of every delivery and each of its attempts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const time = timestampType(dialect);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const id = (c: any) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey());
  const portal = 'portal_id';

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', identityType(dialect), id)
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('last_used_at', time)
    .addColumn('revoked_at', time)
    .execute();
  await db.schema.createIndex('api_tokens_portal').on('api_tokens').columns([portal, 'created_at']).execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', identityType(dialect), id)
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_portal').on('webhooks').column(portal).execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', identityType(dialect), id)
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_code', 'integer')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('queued_at', time)
    .addColumn('delivered_at', time)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_unqueued')
    .on('webhook_deliveries')
    .columns(['queued_at', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('webhook_delivery_attempts')
    .addColumn('id', identityType(dialect), id)
    .addColumn(portal, 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('delivery_id', 'integer', (c) =>
      c.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('succeeded', 'integer', (c) => c.notNull())
    .addColumn('response_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('attempted_at', time, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_delivery_attempts_delivery')
    .on('webhook_delivery_attempts')
    .column('delivery_id')
    .execute();
}
