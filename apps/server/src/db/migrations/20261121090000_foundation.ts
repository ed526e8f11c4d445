import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = identityType(dialect);
  const timestamp = timestampType(dialect);
  const idColumn = (builder: { primaryKey(): { autoIncrement(): unknown } }) =>
    dialect === 'sqlite' ? builder.primaryKey().autoIncrement() : builder.primaryKey();

  await db.schema
    .createTable('portals')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('knowledge_base_url', 'text')
    .addColumn('zendesk_chat_id', 'text')
    .addColumn('primary_color', 'text')
    .addColumn('secondary_color', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('favicon_url', 'text')
    .addColumn('business_models', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('portal_domains')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('portal_domains_portal').on('portal_domains').column('portal_id').execute();

  await db.schema
    .createTable('portal_parameters')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portal_parameters_portal')
    .on('portal_parameters')
    .column('portal_id')
    .execute();

  await db.schema
    .createTable('portal_languages')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('is_primary', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('overrides', 'text', (c) => c.notNull().defaultTo('{}'))
    .addUniqueConstraint('portal_languages_unique', ['portal_id', 'locale'])
    .execute();

  await db.schema
    .createTable('portal_features')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('portal_features_unique', ['portal_id', 'name'])
    .execute();

  await db.schema
    .createTable('entities')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('entities_portal').on('entities').column('portal_id').execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (c) => c.notNull().references('entities.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', timestamp)
    .addColumn('ends_at', timestamp)
    .execute();
  await db.schema
    .createIndex('contracts_entity')
    .on('contracts')
    .columns(['portal_id', 'entity_id'])
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('entity_id', 'integer', (c) => c.references('entities.id').onDelete('set null'))
    .addColumn('primary_coach_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('locale', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('last_online', timestamp)
    .addColumn('notifications_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notifications_unread', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('accounts_portal_email', ['portal_id', 'email'])
    .execute();

  await db.schema
    .createTable('account_roles')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_roles_pk', ['account_id', 'role'])
    .execute();

  await db.schema
    .createTable('account_preferences')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('property', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('account_preferences_unique', ['account_id', 'property'])
    .execute();

  await db.schema
    .createTable('profiles')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) =>
      c.notNull().unique().references('accounts.id').onDelete('cascade'),
    )
    .addColumn('headline', 'text')
    .addColumn('biography', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_account').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', timestamp)
    .addColumn('ends_at', timestamp)
    .execute();
  await db.schema.createIndex('subscriptions_account').on('subscriptions').column('account_id').execute();

  await db.schema
    .createTable('subscription_promotions')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('redeemed_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('subscription_promotions_account')
    .on('subscription_promotions')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', id, (c) => idColumn(c) as typeof c)
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('read_at', timestamp)
    .addColumn('received_at', timestamp, (c) => c.notNull())
    .execute();
  // Newest first for one account; the partial index serves the unread list without touching read rows.
  await sql`create index notifications_account_received on notifications (account_id, received_at desc, id desc)`.execute(
    db,
  );
  await sql`create index notifications_account_unread on notifications (account_id, received_at desc, id desc) where read_at is null`.execute(
    db,
  );
}
