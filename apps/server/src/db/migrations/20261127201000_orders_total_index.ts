import type { Kysely } from 'kysely';

/**
 * The staff order list sorts by total too (`sort=-total_cents`) and is mostly filtered by state:
 * indexes per portal keep both a walk of the index rather than a sort or a scan (and keep the
 * count of a filtered list quick).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('orders_portal_total')
    .on('orders')
    .columns(['portal_id', 'total_cents'])
    .execute();
  await db.schema
    .createIndex('orders_portal_state_created')
    .on('orders')
    .columns(['portal_id', 'state', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_portal_state_created').execute();
  await db.schema.dropIndex('orders_portal_total').execute();
}
