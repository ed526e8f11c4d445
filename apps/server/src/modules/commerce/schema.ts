import {
  ORDER_PROMOTION_STATUSES,
  ORDER_STATES,
  PAYMENT_STATES,
  PLAN_INTERVALS,
  PRODUCT_KINDS,
  PROMOTION_KINDS,
  SUBSCRIPTION_STATES,
} from '@leerpad/core';
import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp, toMany, toOne } from '../../http/jsonapi';

const cents = z.number().int();

export const productResource = resourceSchema('Product', 'products', {
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable(),
    kind: z.enum(PRODUCT_KINDS),
    plan_interval: z.enum(PLAN_INTERVALS).nullable(),
    price_cents: cents,
    currency: z.string(),
    vat_rate: z.number().int(),
    vat_cents: cents,
    price_with_vat_cents: cents,
    active: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ courses: toMany('courses') }),
});
export type ProductResource = z.infer<typeof productResource>;

export const salesCatalogResource = resourceSchema('SalesCatalog', 'sales_catalogs', {
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable(),
    shown_to_students: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ products: toMany('products') }),
});
export type SalesCatalogResource = z.infer<typeof salesCatalogResource>;

export const promotionResource = resourceSchema('Promotion', 'promotions', {
  attributes: z.object({
    code: z.string(),
    description: z.string().nullable(),
    kind: z.enum(PROMOTION_KINDS),
    value: z.number().int(),
    /** The currency of a fixed amount; null for a percentage. */
    currency: z.string().nullable(),
    all_products: z.boolean(),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    max_redemptions: z.number().int().nullable(),
    max_per_account: z.number().int().nullable(),
    first_period_only: z.boolean(),
    redemptions: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ products: toMany('products') }),
});
export type PromotionResource = z.infer<typeof promotionResource>;

export const orderLineResource = resourceSchema('OrderLine', 'order_lines', {
  attributes: z.object({
    description: z.string(),
    quantity: z.number().int(),
    unit_price_cents: cents,
    discount_cents: cents,
    net_cents: cents,
    vat_rate: z.number().int(),
    vat_cents: cents,
    total_cents: cents,
  }),
  relationships: z.object({ product: toOne('products') }),
});
export type OrderLineResource = z.infer<typeof orderLineResource>;

export const paymentResource = resourceSchema('Payment', 'payments', {
  attributes: z.object({
    provider: z.string(),
    state: z.enum(PAYMENT_STATES),
    amount_cents: cents,
    currency: z.string(),
    checkout_url: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ order: toOne('orders') }),
});
export type PaymentResource = z.infer<typeof paymentResource>;

export const invoiceResource = resourceSchema('Invoice', 'invoices', {
  attributes: z.object({
    number: z.string(),
    kind: z.enum(['invoice', 'credit_note']),
    currency: z.string(),
    subtotal_cents: cents,
    vat_cents: cents,
    total_cents: cents,
    reverse_charge: z.boolean(),
    issued_at: timestamp,
    pdf_url: z.string(),
  }),
  relationships: z.object({ order: toOne('orders'), account: toOne('accounts') }),
});
export type InvoiceResource = z.infer<typeof invoiceResource>;

export const orderResource = resourceSchema('Order', 'orders', {
  attributes: z.object({
    state: z.enum(ORDER_STATES),
    payment_method: z.string(),
    currency: z.string(),
    subtotal_cents: cents,
    discount_cents: cents,
    vat_cents: cents,
    total_cents: cents,
    refunded_cents: cents,
    promotion_code: z.string().nullable(),
    promotion_status: z.enum(ORDER_PROMOTION_STATUSES).nullable(),
    buyer_name: z.string(),
    buyer_email: z.string(),
    buyer_country: z.string().nullable(),
    buyer_vat_id: z.string().nullable(),
    reverse_charge: z.boolean(),
    paid_at: timestamp.nullable(),
    fulfilled_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    order_lines: z.array(orderLineResource.shape.attributes.extend({ product_id: z.string().nullable() })),
  }),
  relationships: z.object({
    account: toOne('accounts'),
    payments: toMany('payments'),
    invoices: toMany('invoices'),
    products: toMany('products'),
  }),
  meta: abilitiesMeta(['pay', 'refund', 'mark_paid']),
});
export type OrderResource = z.infer<typeof orderResource>;

export const subscriptionResource = resourceSchema('CommerceSubscription', 'subscriptions', {
  attributes: z.object({
    state: z.enum(SUBSCRIPTION_STATES),
    is_active: z.boolean(),
    starts_at: timestamp.nullable(),
    ends_at: timestamp.nullable(),
    renews: z.boolean(),
    plan_name: z.string().nullable(),
    plan_interval: z.enum(PLAN_INTERVALS).nullable(),
    price_cents: cents.nullable(),
    currency: z.string().nullable(),
  }),
  relationships: z.object({ product: toOne('products') }),
});
export type SubscriptionResource = z.infer<typeof subscriptionResource>;

export const orderAutomationResource = resourceSchema('OrderAutomation', 'order_automations', {
  attributes: z.object({
    name: z.string(),
    active: z.boolean(),
    actions: z.array(z.record(z.string(), z.unknown())),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ product: toOne('products') }),
});
export type OrderAutomationResource = z.infer<typeof orderAutomationResource>;

export const automationRunResource = resourceSchema('AutomationRun', 'automation_runs', {
  attributes: z.object({
    outcome: z.enum(['pending', 'succeeded', 'retrying', 'failed']),
    steps: z.array(z.record(z.string(), z.unknown())),
    attempts: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
  relationships: z.object({ order_automation: toOne('order_automations'), order: toOne('orders') }),
});
export type AutomationRunResource = z.infer<typeof automationRunResource>;
