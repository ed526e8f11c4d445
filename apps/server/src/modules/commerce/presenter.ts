import { vatOf } from '@leerpad/core';
import type { OrderPromotionStatus } from '@leerpad/core';
import type {
  AutomationRunRow,
  InvoiceRow,
  OrderAutomationRow,
  OrderLineRow,
  OrderRow,
  PaymentRow,
  ProductRow,
  PromotionRedemptionRow,
  PromotionRow,
  SalesCatalogRow,
} from '../../db/schema-commerce';
import { identifier, identifiers } from '../../http/jsonapi';
import type {
  AutomationRunResource,
  InvoiceResource,
  OrderAutomationResource,
  OrderResource,
  PaymentResource,
  ProductResource,
  PromotionResource,
  SalesCatalogResource,
  SubscriptionResource,
} from './schema';

export function presentProduct(row: ProductRow, courseIds: number[]): ProductResource {
  const vat = vatOf(row.price_cents, row.vat_rate);
  return {
    type: 'products',
    id: String(row.id),
    attributes: {
      name: row.name,
      description: row.description,
      kind: row.kind as ProductResource['attributes']['kind'],
      plan_interval: row.plan_interval as ProductResource['attributes']['plan_interval'],
      price_cents: row.price_cents,
      currency: row.currency,
      vat_rate: row.vat_rate,
      vat_cents: vat,
      price_with_vat_cents: row.price_cents + vat,
      active: Boolean(row.active),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { courses: { data: identifiers('courses', courseIds) } },
  };
}

export function presentCatalog(row: SalesCatalogRow, productIds: number[]): SalesCatalogResource {
  return {
    type: 'sales_catalogs',
    id: String(row.id),
    attributes: {
      name: row.name,
      description: row.description,
      shown_to_students: Boolean(row.shown_to_students),
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { products: { data: identifiers('products', productIds) } },
  };
}

export function presentPromotion(row: PromotionRow, productIds: number[]): PromotionResource {
  return {
    type: 'promotions',
    id: String(row.id),
    attributes: {
      code: row.code,
      description: row.description,
      kind: row.kind as PromotionResource['attributes']['kind'],
      value: row.value,
      currency: row.currency,
      all_products: Boolean(row.all_products),
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      max_redemptions: row.max_redemptions,
      max_per_account: row.max_per_account,
      first_period_only: Boolean(row.first_period_only),
      redemptions: row.redemptions,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { products: { data: identifiers('products', productIds) } },
  };
}

export function presentPayment(row: PaymentRow, checkoutUrl: string | null): PaymentResource {
  return {
    type: 'payments',
    id: String(row.id),
    attributes: {
      provider: row.provider,
      state: row.state as PaymentResource['attributes']['state'],
      amount_cents: row.amount_cents,
      currency: row.currency,
      checkout_url: row.state === 'open' ? checkoutUrl : null,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { order: { data: identifier('orders', row.order_id) } },
  };
}

export function presentInvoice(row: InvoiceRow): InvoiceResource {
  return {
    type: 'invoices',
    id: String(row.id),
    attributes: {
      number: row.number,
      kind: row.kind as InvoiceResource['attributes']['kind'],
      currency: row.currency,
      subtotal_cents: row.subtotal_cents,
      vat_cents: row.vat_cents,
      total_cents: row.total_cents,
      reverse_charge: Boolean(row.reverse_charge),
      issued_at: row.issued_at,
      pdf_url: `/api/v1/invoices/${row.id}/pdf`,
    },
    relationships: {
      order: { data: identifier('orders', row.order_id) },
      account: { data: identifier('accounts', row.account_id) },
    },
  };
}

const PAID_STATES = new Set(['paid', 'refunded', 'partially_refunded']);

/**
 * Where the order's promotion stands: a reservation counts only while the order is pending
 * (decision 047). Orders from before the redemption rows read as their state says.
 */
function promotionStatus(
  row: Pick<OrderRow, 'state' | 'promotion_code'>,
  redemption: Pick<PromotionRedemptionRow, 'state'> | undefined,
): OrderPromotionStatus | null {
  if (row.promotion_code === null) return null;
  const state = redemption?.state ?? (PAID_STATES.has(row.state) ? 'redeemed' : 'reserved');
  if (state === 'reserved' && row.state !== 'pending') return 'released';
  return state as OrderPromotionStatus;
}

export function presentOrder(
  row: OrderRow,
  lines: OrderLineRow[],
  payments: PaymentRow[],
  invoices: InvoiceRow[],
  abilities: OrderResource['meta']['abilities'],
  redemption: Pick<PromotionRedemptionRow, 'state'> | undefined,
): OrderResource {
  return {
    type: 'orders',
    id: String(row.id),
    attributes: {
      state: row.state as OrderResource['attributes']['state'],
      payment_method: row.payment_method,
      currency: row.currency,
      subtotal_cents: row.subtotal_cents,
      discount_cents: row.discount_cents,
      vat_cents: row.vat_cents,
      total_cents: row.total_cents,
      refunded_cents: row.refunded_cents,
      promotion_code: row.promotion_code,
      promotion_status: promotionStatus(row, redemption),
      buyer_name: row.buyer_name,
      buyer_email: row.buyer_email,
      buyer_country: row.buyer_country,
      buyer_vat_id: row.buyer_vat_id,
      reverse_charge: Boolean(row.reverse_charge),
      paid_at: row.paid_at,
      fulfilled_at: row.fulfilled_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
      order_lines: lines.map((line) => ({
        product_id: line.product_id === null ? null : String(line.product_id),
        description: line.description,
        quantity: line.quantity,
        unit_price_cents: line.unit_price_cents,
        discount_cents: line.discount_cents,
        net_cents: line.net_cents,
        vat_rate: line.vat_rate,
        vat_cents: line.vat_cents,
        total_cents: line.total_cents,
      })),
    },
    relationships: {
      account: { data: identifier('accounts', row.account_id) },
      payments: {
        data: identifiers(
          'payments',
          payments.map((payment) => payment.id),
        ),
      },
      invoices: {
        data: identifiers(
          'invoices',
          invoices.map((invoice) => invoice.id),
        ),
      },
      // The lines themselves are the `order_lines` attribute; a relationship may not share its name.
      products: {
        data: identifiers('products', [
          ...new Set(lines.flatMap((line) => (line.product_id === null ? [] : [line.product_id]))),
        ]),
      },
    },
    meta: { abilities },
  };
}

export function presentSubscription(
  row: {
    id: number;
    state: string;
    is_active: number;
    starts_at: string | null;
    ends_at: string | null;
    product_id: number | null;
  },
  product: ProductRow | undefined,
): SubscriptionResource {
  return {
    type: 'subscriptions',
    id: String(row.id),
    attributes: {
      state: row.state as SubscriptionResource['attributes']['state'],
      is_active: Boolean(row.is_active),
      starts_at: row.starts_at,
      ends_at: row.ends_at,
      renews: row.state === 'active' || row.state === 'past_due',
      plan_name: product?.name ?? null,
      plan_interval: (product?.plan_interval ?? null) as SubscriptionResource['attributes']['plan_interval'],
      price_cents: product?.price_cents ?? null,
      currency: product?.currency ?? null,
    },
    relationships: { product: { data: identifier('products', row.product_id) } },
  };
}

export function presentAutomation(
  row: OrderAutomationRow,
  actions: Array<Record<string, unknown>>,
): OrderAutomationResource {
  return {
    type: 'order_automations',
    id: String(row.id),
    attributes: {
      name: row.name,
      active: Boolean(row.active),
      actions,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: { product: { data: identifier('products', row.product_id) } },
  };
}

export function presentAutomationRun(row: AutomationRunRow): AutomationRunResource {
  let steps: Array<Record<string, unknown>> = [];
  try {
    const parsed = JSON.parse(row.details) as unknown;
    if (Array.isArray(parsed)) steps = parsed as Array<Record<string, unknown>>;
  } catch {
    steps = [];
  }
  return {
    type: 'automation_runs',
    id: String(row.id),
    attributes: {
      outcome: row.outcome as AutomationRunResource['attributes']['outcome'],
      steps,
      attempts: row.attempts,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    relationships: {
      order_automation: { data: identifier('order_automations', row.automation_id) },
      order: { data: identifier('orders', row.order_id) },
    },
  };
}
