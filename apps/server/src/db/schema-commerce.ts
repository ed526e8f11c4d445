import type { Generated, Selectable } from 'kysely';

/**
 * Table shapes of the shop (migration 20261125150000_commerce). Amounts are integer cents with an
 * ISO currency; booleans 0/1 integers; timestamps ISO-8601 text; JSON documents stored as text.
 */
export interface ProductsTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
  description: string | null;
  kind: string;
  plan_interval: string | null;
  price_cents: number;
  currency: string;
  vat_rate: number;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface ProductCoursesTable {
  product_id: number;
  course_id: number;
}

export interface SalesCatalogsTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
  description: string | null;
  shown_to_students: number;
  created_at: string;
  updated_at: string;
}

export interface SalesCatalogProductsTable {
  catalog_id: number;
  product_id: number;
  position: number;
}

export interface PromotionsTable {
  id: Generated<number>;
  portal_id: number;
  code: string;
  description: string | null;
  kind: string;
  value: number;
  all_products: number;
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  max_per_account: number | null;
  first_period_only: number;
  /** The currency of a fixed amount (null for a percentage). */
  currency: string | null;
  redemptions: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * A promotion held by an order (decision 047): `reserved` counts while the order is pending,
 * `redeemed` once it is paid with the discount, `withdrawn` when it lost the discount.
 */
export interface PromotionRedemptionsTable {
  id: Generated<number>;
  portal_id: number;
  promotion_id: number;
  order_id: number;
  account_id: number;
  state: string;
  created_at: string;
  updated_at: string;
}

export interface PromotionProductsTable {
  promotion_id: number;
  product_id: number;
}

export interface OrdersTable {
  id: Generated<number>;
  portal_id: number;
  account_id: number;
  state: string;
  payment_method: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  vat_cents: number;
  total_cents: number;
  refunded_cents: Generated<number>;
  promotion_id: number | null;
  promotion_code: string | null;
  buyer_name: string;
  buyer_email: string;
  buyer_country: string | null;
  buyer_vat_id: string | null;
  reverse_charge: number;
  idempotency_key: string | null;
  created_by: number | null;
  paid_at: string | null;
  fulfilled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderLinesTable {
  id: Generated<number>;
  portal_id: number;
  order_id: number;
  product_id: number | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_rate: number;
  vat_cents: number;
  total_cents: number;
}

export interface PaymentsTable {
  id: Generated<number>;
  portal_id: number;
  order_id: number;
  provider: string;
  state: string;
  amount_cents: number;
  currency: string;
  /** The provider's id of the payment (a Stripe Checkout Session), null with the test provider. */
  provider_ref: string | null;
  /** Where the buyer pays, when the provider gave an address of its own. */
  checkout_url: string | null;
  created_at: string;
  updated_at: string;
}

/** Orders per portal and state, kept by triggers on `orders` (the staff list's total). */
export interface OrderStateCountsTable {
  portal_id: number;
  state: string;
  total: number;
}

/** A portal's real payment provider and its keys; no row means the built-in test provider. */
export interface PaymentProviderSettingsTable {
  portal_id: number;
  provider: string;
  secret_key: string;
  webhook_secret: string;
  updated_at: string;
}

/** The test provider's renewal charges by idempotency key (decision 065). */
export interface TestProviderChargesTable {
  id: Generated<number>;
  portal_id: number;
  idempotency_key: string;
  amount_cents: number;
  outcome: string;
  created_at: string;
}

export interface InvoiceCountersTable {
  portal_id: number;
  year: number;
  last_number: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  portal_id: number;
  order_id: number;
  account_id: number;
  kind: string;
  year: number;
  sequence: number;
  number: string;
  currency: string;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  reverse_charge: number;
  seller: string;
  buyer: string;
  lines: string;
  issued_at: string;
}

export interface OrderAutomationsTable {
  id: Generated<number>;
  portal_id: number;
  name: string;
  product_id: number;
  actions: string;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface AutomationRunsTable {
  id: Generated<number>;
  portal_id: number;
  automation_id: number;
  order_id: number;
  outcome: string;
  details: string;
  attempts: number;
  created_at: string;
  updated_at: string;
}

export interface CommerceTables {
  products: ProductsTable;
  product_courses: ProductCoursesTable;
  sales_catalogs: SalesCatalogsTable;
  sales_catalog_products: SalesCatalogProductsTable;
  promotions: PromotionsTable;
  promotion_products: PromotionProductsTable;
  promotion_redemptions: PromotionRedemptionsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  payments: PaymentsTable;
  payment_provider_settings: PaymentProviderSettingsTable;
  test_provider_charges: TestProviderChargesTable;
  order_state_counts: OrderStateCountsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  order_automations: OrderAutomationsTable;
  automation_runs: AutomationRunsTable;
}

export type ProductRow = Selectable<ProductsTable>;
export type SalesCatalogRow = Selectable<SalesCatalogsTable>;
export type PromotionRow = Selectable<PromotionsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type PromotionRedemptionRow = Selectable<PromotionRedemptionsTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type OrderAutomationRow = Selectable<OrderAutomationsTable>;
export type AutomationRunRow = Selectable<AutomationRunsTable>;
