import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Versioned terms of a portal. Publishing a new version gives it the next number; its texts per
 * language share that number. Everyone accepts the newest version (once) at their next sign-in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  await db.schema
    .createTable('agreements')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('published_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('agreements_portal_version_language', ['portal_id', 'version', 'language'])
    .execute();
  await db.schema
    .createTable('agreement_acceptances')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('agreement_id', 'integer', (c) => c.notNull().references('agreements.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('accepted_at', timestamp, (c) => c.notNull())
    .addColumn('ip', 'text')
    .addUniqueConstraint('agreement_acceptances_once', ['portal_id', 'version', 'account_id'])
    .execute();
  await db.schema
    .createIndex('agreement_acceptances_account')
    .on('agreement_acceptances')
    .columns(['account_id', 'version'])
    .execute();
}
