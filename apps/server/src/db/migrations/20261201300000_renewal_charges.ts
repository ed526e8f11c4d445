import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * Renewal charges by their idempotency key (decision 065): the built-in test provider's ledger, so
 * that a renewal charged and then interrupted before its order was written is not charged again
 * when the sweep runs after a restart. A real provider keeps the same ledger on its side (Stripe's
 * idempotency keys); the key is the renewal order's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('test_provider_charges')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(dialect), (c) => c.notNull())
    .addUniqueConstraint('test_provider_charges_key', ['portal_id', 'idempotency_key'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_provider_charges').execute();
}
