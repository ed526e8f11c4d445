import { sql } from 'kysely';
import type { Kysely } from 'kysely';

/**
 * A real payment provider per portal (decision 038): its name and keys in a row of their own (never
 * in the public portal parameters), and on each payment the provider's id for it and the address
 * where the buyer pays. Promotions of a fixed amount carry their currency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_provider_settings')
    .addColumn('portal_id', 'integer', (c) =>
      c.primaryKey().notNull().references('portals.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('secret_key', 'text', (c) => c.notNull())
    .addColumn('webhook_secret', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('payments').addColumn('provider_ref', 'text').execute();
  await db.schema.alterTable('payments').addColumn('checkout_url', 'text').execute();
  await db.schema
    .createIndex('payments_provider_ref')
    .on('payments')
    .columns(['provider', 'provider_ref'])
    .execute();
  await db.schema.alterTable('promotions').addColumn('currency', 'text').execute();
  // A fixed amount made before had the currency of its portal's products.
  await sql`update promotions set currency = coalesce(
      (select min(products.currency) from products where products.portal_id = promotions.portal_id), 'EUR')
    where kind = 'fixed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('promotions').dropColumn('currency').execute();
  await db.schema.dropIndex('payments_provider_ref').execute();
  await db.schema.alterTable('payments').dropColumn('checkout_url').execute();
  await db.schema.alterTable('payments').dropColumn('provider_ref').execute();
  await db.schema.dropTable('payment_provider_settings').execute();
}
