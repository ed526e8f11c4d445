import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * The portfolio (modules/portfolio): a student's items, coaches' comments on them, feedback
 * requests mailed to someone without an account (only a hash of the link's token is kept), and the
 * public side of the profile (handle unique per portal, public switch, search-engine opt-in).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const id = identityType(dialect);
  await db.schema.alterTable('profiles').addColumn('handle', 'text').execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('profiles')
    .addColumn('indexable', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('profiles_portal_handle')
    .on('profiles')
    .columns(['portal_id', 'handle'])
    .unique()
    .execute();

  await db.schema
    .createTable('portfolio_items')
    .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url', 'text')
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('certificate_id', 'integer', (c) => c.references('certificates.id').onDelete('cascade'))
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('competencies', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('portfolio_items_certificate', ['account_id', 'certificate_id'])
    .execute();
  await db.schema
    .createIndex('portfolio_items_account')
    .on('portfolio_items')
    .columns(['portal_id', 'account_id'])
    .execute();

  await db.schema
    .createTable('portfolio_comments')
    .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('portfolio_items.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('portfolio_comments_item')
    .on('portfolio_comments')
    .columns(['item_id', 'id'])
    .execute();

  await db.schema
    .createTable('feedback_requests')
    .addColumn('id', id, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('portfolio_items.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('criteria', 'text', (c) => c.notNull())
    .addColumn('scores', 'text')
    .addColumn('comment', 'text')
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('rated_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('feedback_requests_item')
    .on('feedback_requests')
    .columns(['portal_id', 'item_id'])
    .execute();
}
