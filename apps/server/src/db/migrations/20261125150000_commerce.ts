import { sql } from 'kysely';
import type { CreateTableBuilder, Kysely } from 'kysely';
import { dialectOf, identityType, timestampType } from '../dialect';

/**
 * The shop: products and sales catalogs, promotions, orders with their lines and payments,
 * invoices numbered without gaps per portal and year (one counter row each), order automations
 * with their run log, and subscription states on the existing subscriptions table. Amounts are
 * integer cents with an ISO currency (decision 021).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const ts = timestampType(dialect);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const table = (name: string): CreateTableBuilder<any, any> =>
    db.schema
      .createTable(name)
      .addColumn('id', identityType(dialect), (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
      )
      .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'));

  await table('products')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan_interval', 'text')
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('vat_rate', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('product_courses')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_courses_pk', ['product_id', 'course_id'])
    .execute();

  await table('sales_catalogs')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('shown_to_students', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  // One catalog per portal is the pricing page.
  await db.schema
    .createIndex('sales_catalogs_one_shown')
    .on('sales_catalogs')
    .column('portal_id')
    .unique()
    .where(sql.ref('shown_to_students'), '=', 1)
    .execute();
  await db.schema
    .createTable('sales_catalog_products')
    .addColumn('catalog_id', 'integer', (c) =>
      c.notNull().references('sales_catalogs.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_catalog_products_pk', ['catalog_id', 'product_id'])
    .execute();

  await table('promotions')
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('all_products', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('starts_at', ts)
    .addColumn('ends_at', ts)
    .addColumn('max_redemptions', 'integer')
    .addColumn('max_per_account', 'integer')
    .addColumn('first_period_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('promotions_portal_code', ['portal_id', 'code'])
    .execute();
  await db.schema
    .createTable('promotion_products')
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('promotion_products_pk', ['promotion_id', 'product_id'])
    .execute();

  await table('orders')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('promotion_id', 'integer', (c) => c.references('promotions.id').onDelete('set null'))
    .addColumn('promotion_code', 'text')
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('buyer_email', 'text', (c) => c.notNull())
    .addColumn('buyer_country', 'text')
    .addColumn('buyer_vat_id', 'text')
    .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('accounts.id').onDelete('set null'))
    .addColumn('paid_at', ts)
    .addColumn('fulfilled_at', ts)
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('orders_idempotency', ['portal_id', 'account_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('orders_portal_created')
    .on('orders')
    .columns(['portal_id', 'created_at'])
    .execute();
  await db.schema.createIndex('orders_account').on('orders').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('orders_unfulfilled').on('orders').columns(['state', 'fulfilled_at']).execute();

  await table('order_lines')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_rate', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

  await table('payments')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_counters_pk', ['portal_id', 'year'])
    .execute();
  await table('invoices')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('reverse_charge', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('buyer', 'text', (c) => c.notNull())
    .addColumn('lines', 'text', (c) => c.notNull())
    .addColumn('issued_at', ts, (c) => c.notNull())
    .addUniqueConstraint('invoices_portal_year_sequence', ['portal_id', 'year', 'sequence'])
    .execute();
  await db.schema.createIndex('invoices_order').on('invoices').column('order_id').execute();

  await table('order_automations')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('actions', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .execute();
  await table('automation_runs')
    .addColumn('automation_id', 'integer', (c) =>
      c.notNull().references('order_automations.id').onDelete('cascade'),
    )
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addUniqueConstraint('automation_runs_once', ['automation_id', 'order_id'])
    .execute();

  await db.schema
    .alterTable('subscriptions')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('product_id', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('order_id', 'integer').execute();
  await db.schema
    .alterTable('subscriptions')
    .addColumn('renewal_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update subscriptions set state = case when is_active = 1 then 'active' else 'expired' end`.execute(
    db,
  );
}
