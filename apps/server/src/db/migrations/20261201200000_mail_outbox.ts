import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Mail that a job fans out (an import's invitations, certification reminders) is written here in the
 * transaction of the change that asks for it, one row per message with a unique key, and handed to
 * the mailer from here: a kill at any moment loses none and sends none twice (decision 055).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    // One message per key, whoever writes it and however often.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    // 'message': `message` holds it ready; other kinds are written when sent (an invitation's link).
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.references('accounts.id').onDelete('cascade'))
    .addColumn('message', 'text')
    // The work the message belongs to ('account_import:12'), which ends when its last one is sent.
    .addColumn('batch', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_until', timestampType(dialect))
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .addColumn('sent_at', timestampType(dialect))
    .execute();
  await db.schema.createIndex('mail_outbox_unsent').on('mail_outbox').columns(['sent_at', 'id']).execute();
  await db.schema.createIndex('mail_outbox_batch').on('mail_outbox').columns(['batch', 'sent_at']).execute();
}
