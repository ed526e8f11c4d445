import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * One row per order that carries a promotion code (decision 047): `reserved` while the order waits
 * for its payment (counted only while the order is `pending`), `redeemed` once paid with the
 * discount, `withdrawn` when the code was gone by the time the order was paid again and the order
 * lost its discount. The unique order id makes a second row for one order impossible. Existing
 * orders with a promotion get their row: paid ones redeemed, the others reserved.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);
  await db.schema
    .createTable('promotion_redemptions')
    .addColumn('id', identityType(dialect), (c) =>
      dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
    )
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('reserved', 'redeemed', 'withdrawn')`))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('promotion_redemptions_order', ['order_id'])
    .execute();
  await db.schema
    .createIndex('promotion_redemptions_promotion_account')
    .on('promotion_redemptions')
    .columns(['promotion_id', 'account_id', 'state'])
    .execute();
  await db.schema
    .createIndex('promotion_redemptions_promotion_state')
    .on('promotion_redemptions')
    .columns(['promotion_id', 'state'])
    .execute();
  await sql`insert into promotion_redemptions
      (portal_id, promotion_id, order_id, account_id, state, created_at, updated_at)
    select portal_id, promotion_id, id, account_id,
      case when state in ('paid', 'refunded', 'partially_refunded') then 'redeemed' else 'reserved' end,
      created_at, updated_at
    from orders where promotion_id is not null`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('promotion_redemptions').execute();
}
