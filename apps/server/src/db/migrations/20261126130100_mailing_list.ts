import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../dialect';

/**
 * The portal's mailing list settings (SPEC §3 `mailing_list_settings`: the opt-in text and whether
 * accounts consent unless they say otherwise), and each account's own choice where it made one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const timestamp = timestampType(dialectOf(db));
  await db.schema
    .createTable('mailing_list_settings')
    .addColumn('portal_id', 'integer', (c) => c.primaryKey().references('portals.id').onDelete('cascade'))
    .addColumn('opt_in_text', 'text', (c) => c.notNull())
    .addColumn('default_consent', 'integer', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mailing_list_consents')
    .addColumn('account_id', 'integer', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('consented', 'integer', (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
}
