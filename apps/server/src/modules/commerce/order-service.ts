import { invoiceNumber, orderTotals, periodEnd, reverseChargeApplies, splitRefund } from '@leerpad/core';
import type { PaymentMethod, PlanInterval } from '@leerpad/core';
import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import { dialectOf, nowIso, toFlag } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import { refreshProgress } from '../enrollments/service';
import type { InvoiceRow, OrderLineRow, OrderRow, PaymentRow } from '../../db/schema-commerce';
import type { Services } from '../../context/services';
import { Conflict, Invalid, NotFound } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import { recordAudit } from '../audit/service';
import { notify } from '../notifications/service';
import { coursesOfProducts, productsByIds } from './catalog-service';
import { checkoutUrlOf, openAtProvider, paymentProviderFor } from './provider';
import type { PaymentProvider } from './provider';
import {
  limitReached,
  limitRefusal,
  lockPromotion,
  usablePromotion,
  writeRedemption,
} from './promotion-service';
import { commerceSettings } from './settings';
import type { Seller } from './settings';

export const ORDER_FULFILMENT = 'order_fulfilment';

type Trx = Transaction<Database>;

const PROMOTION_POINTER = '/data/attributes/promotion_code';

export interface NewOrder {
  productIds: number[];
  promotionCode: string | null;
  buyer: { id: number; fullName: string; email: string };
  buyerCountry: string | null;
  buyerVatId: string | null;
  paymentMethod: PaymentMethod;
  idempotencyKey: string | null;
  createdBy: number;
}

export async function findOrder(db: Executor, scope: PortalScope, id: number): Promise<InPortal<OrderRow>> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('order');
  return row as InPortal<OrderRow>;
}

export async function findPayment(
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<PaymentRow>> {
  const row = await db
    .selectFrom('payments')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('payment');
  return row as InPortal<PaymentRow>;
}

export async function findInvoice(
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<InvoiceRow>> {
  const row = await db
    .selectFrom('invoices')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('invoice');
  return row as InPortal<InvoiceRow>;
}

export async function linesOf(db: Executor, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('order_lines').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function paymentsOf(db: Executor, orderIds: number[]): Promise<PaymentRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('payments').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

export async function invoicesOf(db: Executor, orderIds: number[]): Promise<InvoiceRow[]> {
  if (orderIds.length === 0) return [];
  return db.selectFrom('invoices').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
}

/** Prices products for a buyer: lines, the promotion (422 on its code when not usable) and totals. */
export async function priceOrder(
  db: Executor,
  portal: PortalContext,
  input: Pick<NewOrder, 'productIds' | 'promotionCode' | 'buyer' | 'buyerCountry' | 'buyerVatId'>,
) {
  const settings = commerceSettings(portal);
  const products = await productsByIds(db, portal.id, input.productIds);
  const byId = new Map(products.map((product) => [product.id, product]));
  const missing = input.productIds.some((id) => !byId.get(id)?.active);
  if (missing || input.productIds.length === 0) {
    throw new Invalid([
      { pointer: '/data/relationships/products/data', detail: 'Choose products that are for sale.' },
    ]);
  }
  const currencies = new Set(products.map((product) => product.currency));
  if (currencies.size > 1) {
    throw new Invalid([
      { pointer: '/data/relationships/products/data', detail: 'One order has one currency.' },
    ]);
  }
  const promotion = input.promotionCode
    ? await usablePromotion(
        db,
        portal.id,
        input.promotionCode,
        input.buyer.id,
        input.productIds,
        PROMOTION_POINTER,
      )
    : null;
  const reverseCharge = reverseChargeApplies(settings.seller.country, {
    country: input.buyerCountry,
    vatId: input.buyerVatId,
  });
  const ordered = input.productIds.map((id) => byId.get(id)!);
  const totals = orderTotals(
    ordered.map((product) => ({
      productId: product.id,
      unitPriceCents: product.price_cents,
      quantity: 1,
      vatRate: product.vat_rate,
      discountable: promotion ? promotion.appliesTo.has(product.id) : false,
    })),
    promotion
      ? { kind: promotion.promotion.kind as 'percentage' | 'fixed', value: promotion.promotion.value }
      : null,
    reverseCharge,
  );
  return {
    products: ordered,
    totals,
    promotion: promotion?.promotion ?? null,
    reverseCharge,
    currency: ordered[0]!.currency,
  };
}

/**
 * Creates an order with its lines and, for a checkout or a payment link, its first payment. The same
 * idempotency key from the same account answers the order it made first (a unique constraint holds
 * it when two requests race).
 */
export async function createOrder(
  services: Services,
  portal: PortalContext,
  input: NewOrder,
): Promise<{ order: OrderRow; created: boolean }> {
  const db = services.db;
  const existing = async (executor: Executor) =>
    input.idempotencyKey
      ? executor
          .selectFrom('orders')
          .selectAll()
          .where('portal_id', '=', portal.id)
          .where('account_id', '=', input.buyer.id)
          .where('idempotency_key', '=', input.idempotencyKey)
          .executeTakeFirst()
      : undefined;
  const before = await existing(db);
  if (before) return { order: before, created: false };
  const priced = await priceOrder(db, portal, input);
  const provider = await paymentProviderFor(db, services.config, portal, commerceSettings(portal));
  const result = await db.transaction().execute(async (trx) => {
    if (priced.promotion) {
      // The promotion's lock first: who reserves it counts what the one before committed.
      const promotion = await lockPromotion(trx, priced.promotion.id);
      // The same key raced here: the first request's order is the answer, not a refusal.
      if (await existing(trx)) return null;
      const reason = promotion ? await limitReached(trx, promotion, input.buyer.id) : 'used_up';
      if (reason) throw limitRefusal(PROMOTION_POINTER, reason);
    }
    const now = nowIso();
    const order = await trx
      .insertInto('orders')
      .values({
        portal_id: portal.id,
        account_id: input.buyer.id,
        state: 'pending',
        payment_method: input.paymentMethod,
        currency: priced.currency,
        subtotal_cents: priced.totals.subtotalCents,
        discount_cents: priced.totals.discountCents,
        vat_cents: priced.totals.vatCents,
        total_cents: priced.totals.totalCents,
        promotion_id: priced.promotion?.id ?? null,
        promotion_code: priced.promotion?.code ?? null,
        buyer_name: input.buyer.fullName,
        buyer_email: input.buyer.email,
        buyer_country: input.buyerCountry,
        buyer_vat_id: input.buyerVatId,
        reverse_charge: toFlag(priced.reverseCharge),
        idempotency_key: input.idempotencyKey,
        created_by: input.createdBy,
        paid_at: null,
        fulfilled_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['portal_id', 'account_id', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!order) return null;
    if (order.promotion_id !== null) {
      await writeRedemption(trx, { ...order, promotion_id: order.promotion_id }, 'reserved');
    }
    await trx
      .insertInto('order_lines')
      .values(
        priced.totals.lines.map((line, index) => ({
          portal_id: portal.id,
          order_id: order.id,
          product_id: line.productId,
          description: priced.products[index]!.name,
          quantity: 1,
          unit_price_cents: line.grossCents,
          discount_cents: line.discountCents,
          net_cents: line.netCents,
          vat_rate: line.vatRate,
          vat_cents: line.vatCents,
          total_cents: line.totalCents,
        })),
      )
      .execute();
    if (input.paymentMethod !== 'invoice_later') await openPayment(trx, portal, order, provider.name);
    if (input.createdBy !== input.buyer.id) {
      await recordAudit(trx, {
        scope: portal.id,
        actorId: input.createdBy,
        action: 'order.created',
        entityType: 'order',
        entityId: order.id,
        details: {
          account_id: input.buyer.id,
          payment_method: input.paymentMethod,
          total_cents: order.total_cents,
        },
      });
    }
    return order;
  });
  if (result) {
    await openPaymentsAtProvider(services, provider, portal, result);
    return { order: result, created: true };
  }
  const raced = await existing(db);
  if (!raced) throw new Error('order vanished');
  return { order: raced, created: false };
}

/** Gives the order's open payments their provider's checkout (outside any transaction). */
async function openPaymentsAtProvider(
  services: Services,
  provider: PaymentProvider,
  portal: PortalContext,
  order: OrderRow,
): Promise<void> {
  for (const payment of await paymentsOf(services.db, [order.id])) {
    await openAtProvider(services.db, provider, portal, payment, order);
  }
}

async function openPayment(
  trx: Executor,
  portal: PortalContext,
  order: OrderRow,
  providerName: string,
): Promise<PaymentRow> {
  const now = nowIso();
  return trx
    .insertInto('payments')
    .values({
      portal_id: portal.id,
      order_id: order.id,
      provider: providerName,
      state: 'open',
      amount_cents: order.total_cents,
      currency: order.currency,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A new payment for an order that is not paid yet (after a failed or expired one). An order that
 * left `pending` gave its promotion back; it takes it again when the limits leave room, otherwise it
 * is priced without the discount before the payment opens, so the buyer is asked for what the
 * invoice will say (decision 047).
 */
export async function retryPayment(services: Services, portal: PortalContext, order: InPortal<OrderRow>) {
  const db = services.db;
  const notPayable = () =>
    new Conflict({
      code: 'ORDER_NOT_PAYABLE',
      title: 'Conflict',
      detail: 'This order cannot be paid.',
    });
  if (!['pending', 'failed', 'expired'].includes(order.state)) throw notPayable();
  const provider = await paymentProviderFor(db, services.config, portal, commerceSettings(portal));
  const { payment, current } = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payments')
      .set({ state: 'expired', updated_at: nowIso() })
      .where('order_id', '=', order.id)
      .where('state', '=', 'open')
      .execute();
    let current = await locked(
      trx,
      trx.selectFrom('orders').selectAll().where('id', '=', order.id).where('portal_id', '=', portal.id),
    ).executeTakeFirstOrThrow();
    if (!['pending', 'failed', 'expired'].includes(current.state)) throw notPayable();
    current = await keepOrWithdrawPromotion(trx, portal, current);
    await trx
      .updateTable('orders')
      .set({ state: 'pending', updated_at: nowIso() })
      .where('id', '=', order.id)
      .where('state', 'in', ['pending', 'failed', 'expired'])
      .execute();
    return { payment: await openPayment(trx, portal, current, provider.name), current };
  });
  return openAtProvider(db, provider, portal, payment, current);
}

/**
 * Whether an unpaid order keeps its promotion, decided under the promotion's lock. A pending order
 * holds its reservation. One that failed or expired takes its place back when the limits leave
 * room; otherwise its lines and totals lose the discount, its row says `withdrawn`, and the buyer
 * is told. Answers the order as it is now.
 */
async function keepOrWithdrawPromotion(trx: Trx, portal: PortalContext, order: OrderRow): Promise<OrderRow> {
  if (order.promotion_id === null) return order;
  const held = { ...order, promotion_id: order.promotion_id };
  const promotion = await lockPromotion(trx, order.promotion_id);
  const reservation = await trx
    .selectFrom('promotion_redemptions')
    .select('state')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (reservation?.state === 'withdrawn') return order;
  if (order.state === 'pending' && reservation?.state === 'reserved') return order;
  const reason = promotion ? await limitReached(trx, promotion, order.account_id, order.id) : 'used_up';
  if (!reason) {
    await writeRedemption(trx, held, 'reserved');
    return order;
  }
  await writeRedemption(trx, held, 'withdrawn');
  const lines = await linesOf(trx, [order.id]);
  const totals = orderTotals(
    lines.map((line) => ({
      productId: line.product_id ?? 0,
      unitPriceCents: line.unit_price_cents,
      quantity: line.quantity,
      vatRate: line.vat_rate,
      discountable: false,
    })),
    null,
    Boolean(order.reverse_charge),
  );
  for (const [index, line] of totals.lines.entries()) {
    await trx
      .updateTable('order_lines')
      .set({
        discount_cents: line.discountCents,
        net_cents: line.netCents,
        vat_cents: line.vatCents,
        total_cents: line.totalCents,
      })
      .where('id', '=', lines[index]!.id)
      .execute();
  }
  const repriced = await trx
    .updateTable('orders')
    .set({
      subtotal_cents: totals.subtotalCents,
      discount_cents: totals.discountCents,
      vat_cents: totals.vatCents,
      total_cents: totals.totalCents,
      updated_at: nowIso(),
    })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await notify(trx, {
    scope: portal.id,
    accountId: order.account_id,
    key: 'order_promotion_withdrawn',
    params: { order: String(order.id), code: order.promotion_code ?? '' },
    link: `/account/orders/${order.id}`,
  });
  return repriced;
}

/** Where the buyer pays a payment (the test provider's page, or the real provider's checkout). */
export const checkoutUrl = (
  _portal: PortalContext,
  payment: Pick<PaymentRow, 'id' | 'provider' | 'checkout_url'>,
) => checkoutUrlOf(payment);

/** Locks a row for the rest of the transaction on PostgreSQL; SQLite has one writer already. */
function locked<Q extends { forUpdate(): Q }>(trx: Executor, query: Q): Q {
  return dialectOf(trx) === 'postgres' ? query.forUpdate() : query;
}

/**
 * Applies a payment outcome once: the payment leaves `open` by a conditional update, so a second
 * or late outcome changes nothing. Paid marks the order paid (once), issues its invoice and queues
 * the fulfilment; failed leaves the order failed and grants nothing.
 */
export async function applyPaymentOutcome(
  services: Services,
  portal: PortalContext,
  paymentId: number,
  outcome: 'paid' | 'failed' | 'expired',
): Promise<{ payment: PaymentRow; changed: boolean }> {
  const result = await services.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('payments')
      .set({ state: outcome, updated_at: nowIso() })
      .where('id', '=', paymentId)
      .where('portal_id', '=', portal.id)
      .where('state', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!moved) return { payment: await findPayment(trx, portal.id, paymentId), changed: false };
    if (outcome === 'paid') await markPaid(trx, portal, moved.order_id, null);
    else {
      await trx
        .updateTable('orders')
        .set({ state: outcome, updated_at: nowIso() })
        .where('id', '=', moved.order_id)
        .where('state', '=', 'pending')
        .execute();
    }
    return { payment: moved, changed: true };
  });
  if (result.changed && outcome === 'paid') await queueFulfilment(services, result.payment.order_id);
  return result;
}

/** Staff mark an invoice-later order paid. */
export async function markOrderPaidByStaff(
  services: Services,
  portal: PortalContext,
  order: InPortal<OrderRow>,
  actorId: number,
): Promise<void> {
  const changed = await services.db.transaction().execute(async (trx) => {
    const done = await markPaid(trx, portal, order.id, actorId);
    if (done) {
      await trx
        .updateTable('payments')
        .set({ state: 'expired', updated_at: nowIso() })
        .where('order_id', '=', order.id)
        .where('state', '=', 'open')
        .execute();
    }
    return done;
  });
  if (!changed) {
    throw new Conflict({
      code: 'ORDER_NOT_PAYABLE',
      title: 'Conflict',
      detail: 'This order is already paid or closed.',
    });
  }
  await queueFulfilment(services, order.id);
}

/**
 * Marks an unpaid order paid exactly once, with its invoice and its promotion redemption. The order
 * row is locked first, then its promotion (the order in which every path takes them), so two
 * payments of orders holding the same code redeem one after the other and never past its limits.
 */
export async function markPaid(
  trx: Trx,
  portal: PortalContext,
  orderId: number,
  actorId: number | null,
): Promise<boolean> {
  const now = nowIso();
  const unpaid = await locked(
    trx,
    trx
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId)
      .where('portal_id', '=', portal.id)
      .where('state', 'in', ['pending', 'failed', 'expired']),
  ).executeTakeFirst();
  if (!unpaid) return false;
  // A pending order holds its reservation; one marked paid after it failed or expired takes the
  // promotion only if there is room left, and is otherwise paid without the discount.
  await keepOrWithdrawPromotion(trx, portal, unpaid);
  const order = await trx
    .updateTable('orders')
    .set({ state: 'paid', paid_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('portal_id', '=', portal.id)
    .where('state', 'in', ['pending', 'failed', 'expired'])
    .returningAll()
    .executeTakeFirst();
  if (!order) return false;
  const lines = await linesOf(trx, [order.id]);
  await issueInvoice(trx, portal, order, 'invoice', lines);
  const redemption =
    order.promotion_id === null
      ? undefined
      : await trx
          .selectFrom('promotion_redemptions')
          .select('state')
          .where('order_id', '=', order.id)
          .executeTakeFirst();
  if (order.promotion_id !== null && redemption?.state === 'reserved') {
    await writeRedemption(trx, { ...order, promotion_id: order.promotion_id }, 'redeemed');
    await trx
      .updateTable('promotions')
      .set({ redemptions: sql`redemptions + 1` })
      .where('id', '=', order.promotion_id)
      .execute();
    await trx
      .insertInto('subscription_promotions')
      .values({
        portal_id: portal.id,
        account_id: order.account_id,
        code: order.promotion_code ?? '',
        description: `Order ${order.id}`,
        redeemed_at: now,
        created_at: now,
      })
      .execute();
  }
  if (actorId !== null) {
    await recordAudit(trx, {
      scope: portal.id,
      actorId,
      action: 'order.marked_paid',
      entityType: 'order',
      entityId: order.id,
      details: { total_cents: order.total_cents },
    });
  }
  return true;
}

export async function queueFulfilment(services: Services, orderId: number): Promise<void> {
  await services.jobs.enqueue(ORDER_FULFILMENT, { orderId }, { singletonKey: `order-${orderId}` });
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unit_price_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_rate: number;
  vat_cents: number;
  total_cents: number;
}

/**
 * The next invoice number of the portal and year: the counter row is created or incremented by one
 * upsert that holds its row lock until the transaction ends, so numbers never repeat, and a rolled
 * back transaction takes its number back, so none are skipped.
 */
async function nextInvoiceSequence(trx: Trx, scope: PortalScope, year: number): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ portal_id: scope, year, last_number: 1 })
    .onConflict((oc) =>
      oc.columns(['portal_id', 'year']).doUpdateSet({ last_number: sql`invoice_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

async function issueInvoice(
  trx: Trx,
  portal: PortalContext,
  order: OrderRow,
  kind: 'invoice' | 'credit_note',
  lines: InvoiceLine[],
): Promise<InvoiceRow> {
  const settings = commerceSettings(portal);
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const sequence = await nextInvoiceSequence(trx, portal.id, year);
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const seller: Seller = settings.seller;
  return trx
    .insertInto('invoices')
    .values({
      portal_id: portal.id,
      order_id: order.id,
      account_id: order.account_id,
      kind,
      year,
      sequence,
      number: invoiceNumber(year, sequence),
      currency: order.currency,
      subtotal_cents: sum((line) => line.net_cents),
      vat_cents: sum((line) => line.vat_cents),
      total_cents: sum((line) => line.total_cents),
      reverse_charge: order.reverse_charge,
      seller: JSON.stringify(seller),
      buyer: JSON.stringify({
        name: order.buyer_name,
        email: order.buyer_email,
        country: order.buyer_country,
        vat_id: order.buyer_vat_id,
      }),
      lines: JSON.stringify(
        lines.map((line) => ({
          description: line.description,
          quantity: line.quantity,
          unit_price_cents: line.unit_price_cents,
          discount_cents: line.discount_cents,
          net_cents: line.net_cents,
          vat_rate: line.vat_rate,
          vat_cents: line.vat_cents,
          total_cents: line.total_cents,
        })),
      ),
      issued_at: issuedAt.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A full or partial refund: a credit note (negative amounts, its own number) for the refunded part,
 * split over the lines in proportion; optionally the access the order gave is taken back.
 */
export async function refundOrder(
  services: Services,
  portal: PortalContext,
  order: InPortal<OrderRow>,
  input: { amountCents: number | null; reverseAccess: boolean },
  actorId: number,
  pointer: (attribute: string) => string,
): Promise<InvoiceRow> {
  return services.db.transaction().execute(async (trx) => {
    const current = await locked(
      trx,
      trx.selectFrom('orders').selectAll().where('id', '=', order.id).where('portal_id', '=', portal.id),
    ).executeTakeFirstOrThrow();
    if (!['paid', 'partially_refunded'].includes(current.state)) {
      throw new Conflict({
        code: 'ORDER_NOT_REFUNDABLE',
        title: 'Conflict',
        detail: 'Only a paid order can be refunded.',
      });
    }
    const left = current.total_cents - current.refunded_cents;
    const amount = input.amountCents ?? left;
    if (amount <= 0 || amount > left) {
      throw new Invalid([
        {
          pointer: pointer('amount_cents'),
          detail: `Refund between 0.01 and the ${left} cents not refunded yet.`,
        },
      ]);
    }
    const lines = await linesOf(trx, [current.id]);
    const parts = splitRefund(
      lines.map((line) => line.total_cents),
      amount,
    );
    const creditLines: InvoiceLine[] = lines.map((line, index) => {
      const total = parts[index]!;
      // The VAT share of a refunded part follows the line's rate, rounded per line.
      const vat = line.total_cents === 0 ? 0 : Math.round((total * line.vat_cents) / line.total_cents);
      return {
        description: line.description,
        quantity: 1,
        unit_price_cents: -(total - vat),
        discount_cents: 0,
        net_cents: -(total - vat),
        vat_rate: line.vat_rate,
        vat_cents: -vat,
        total_cents: -total,
      };
    });
    const refunded = current.refunded_cents + amount;
    const state = refunded >= current.total_cents ? 'refunded' : 'partially_refunded';
    await trx
      .updateTable('orders')
      .set({ refunded_cents: refunded, state, updated_at: nowIso() })
      .where('id', '=', current.id)
      .execute();
    const note = await issueInvoice(trx, portal, current, 'credit_note', creditLines);
    if (input.reverseAccess) await reverseAccess(trx, portal.id, current);
    await recordAudit(trx, {
      scope: portal.id,
      actorId,
      action: 'order.refunded',
      entityType: 'order',
      entityId: current.id,
      details: { amount_cents: amount, reverse_access: input.reverseAccess, credit_note: note.number },
    });
    await notify(trx, {
      scope: portal.id,
      accountId: current.account_id,
      key: 'order_refunded',
      params: { order: String(current.id) },
      link: '/account/orders',
    });
    return note;
  });
}

/** Takes back what an order gave: enrolments in its courses and the subscription it started. */
async function reverseAccess(trx: Trx, scope: PortalScope, order: OrderRow): Promise<void> {
  const lines = await linesOf(trx, [order.id]);
  const productIds = lines.map((line) => line.product_id).filter((id): id is number => id !== null);
  const courses = [...(await coursesOfProducts(trx, productIds)).values()].flat();
  if (courses.length > 0) {
    await trx
      .deleteFrom('enrollments')
      .where('portal_id', '=', scope)
      .where('account_id', '=', order.account_id)
      .where('course_id', 'in', courses)
      .execute();
  }
  await trx
    .updateTable('subscriptions')
    .set({ state: 'expired', is_active: 0, ends_at: nowIso() })
    .where('portal_id', '=', scope)
    .where('order_id', '=', order.id)
    .execute();
}

/** Enrols the account in a course in the caller's transaction; an existing enrolment stays. */
export async function enrolInTransaction(
  trx: Executor,
  scope: PortalScope,
  courseId: number,
  accountId: number,
) {
  const now = nowIso();
  await trx
    .insertInto('enrollments')
    .values({
      portal_id: scope,
      course_id: courseId,
      account_id: accountId,
      status: 'active',
      last_learning_object_id: null,
      enrolled_at: now,
      last_activity_at: now,
      completed_at: null,
    })
    .onConflict((oc) => oc.columns(['course_id', 'account_id']).doNothing())
    .execute();
  const enrollment = await trx
    .selectFrom('enrollments')
    .select('id')
    .where('course_id', '=', courseId)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  await refreshProgress(trx, { enrollmentIds: [enrollment.id] });
}

/** Starts a plan, or extends the account's running subscription by one period of the plan. */
export async function startOrExtendPlan(
  trx: Executor,
  scope: PortalScope,
  accountId: number,
  product: { id: number; plan_interval: string | null },
  orderId: number | null,
): Promise<void> {
  const interval = (product.plan_interval ?? 'month') as PlanInterval;
  const now = new Date();
  const current = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId)
    .orderBy('is_active', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const runningUntil =
    current && current.is_active && current.ends_at && new Date(current.ends_at) > now
      ? new Date(current.ends_at)
      : now;
  const endsAt = periodEnd(runningUntil, interval).toISOString();
  if (current) {
    await trx
      .updateTable('subscriptions')
      .set({
        state: 'active',
        is_active: 1,
        starts_at: current.is_active ? current.starts_at : now.toISOString(),
        ends_at: endsAt,
        product_id: product.id,
        order_id: orderId,
        renewal_failures: 0,
      })
      .where('id', '=', current.id)
      .execute();
    return;
  }
  await trx
    .insertInto('subscriptions')
    .values({
      portal_id: scope,
      account_id: accountId,
      is_active: 1,
      state: 'active',
      starts_at: now.toISOString(),
      ends_at: endsAt,
      product_id: product.id,
      order_id: orderId,
    })
    .execute();
}
