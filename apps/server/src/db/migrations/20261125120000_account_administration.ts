import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Account administration: accounts can be deactivated (never deleted), an e-mail address is unique
 * per portal whatever its case, staff keep notes on an account, successful sign-ins are recorded,
 * and CSV imports keep their progress and per-line report.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', identityType(dialect), (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
      )
      .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'));

  await db.schema.alterTable('accounts').addColumn('deactivated_at', timestampType(dialect)).execute();
  await sql`create unique index accounts_portal_email_lower on accounts (portal_id, lower(email))`.execute(
    db,
  );

  await id('account_notes')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_notes_account')
    .on('account_notes')
    .columns(['account_id', 'created_at'])
    .execute();

  await id('sign_ins')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_ins_account')
    .on('sign_ins')
    .columns(['account_id', 'created_at'])
    .execute();

  await id('account_imports')
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_rows', 'integer', (c) => c.notNull())
    .addColumn('rows_done', 'integer', (c) => c.notNull())
    .addColumn('created_count', 'integer', (c) => c.notNull())
    .addColumn('updated_count', 'integer', (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('finished_at', timestampType(dialect))
    .execute();
  await db.schema
    .createIndex('account_imports_portal')
    .on('account_imports')
    .columns(['portal_id', 'created_at'])
    .execute();
}
