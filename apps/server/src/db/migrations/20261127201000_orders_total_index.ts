import type { Kysely } from 'kysely';

/** The staff order list sorts by total too (`sort=-total_cents`): an index per portal keeps that a walk, not a sort. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_portal_total')
    .on('orders')
    .columns(['portal_id', 'total_cents'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_portal_total').execute();
}
