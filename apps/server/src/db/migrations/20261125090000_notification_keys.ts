import type { Kysely } from 'kysely';

/**
 * A notification is a message key with JSON parameters, rendered in the reader's language when it
 * is read. `message` stays as the text of rows written before keys existed (and as the English
 * text of keyed rows, for exports and anything reading the table directly).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('message_key', 'text').execute();
  await db.schema.alterTable('notifications').addColumn('message_params', 'text').execute();
}
