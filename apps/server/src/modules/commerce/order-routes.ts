import { ORDER_STATES, PAYMENT_METHODS } from '@leerpad/core';
import { z } from 'zod';
import type { Executor } from '../../db/schema';
import type { OrderRow } from '../../db/schema-commerce';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, listQueryShape, pageFrom, resourceDocument } from '../../http/jsonapi';
import { sortQuery } from '../../http/query-contract';
import { enumListFilter, idListFilter, sortFrom } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { readerLocale } from '../../http/locale';
import { defineRoute, idParam } from '../../http/route';
import { relatedTo, relatedToMany } from '../../http/write-document';
import type { AccountContext } from '../../context/account';
import { findAccountInPortal } from '../accounts/service';
import { logoPngOf } from '../portals/branding-files';
import { invoicePdf } from './invoice-pdf';
import { listInvoices, listOrders, ordersForExport, type OrderFilters } from './order-queries';
import { commercePolicy } from './policy';
import {
  applyPaymentOutcome,
  checkoutUrl,
  createOrder,
  findInvoice,
  findOrder,
  findPayment,
  invoicesOf,
  linesOf,
  markOrderPaidByStaff,
  paymentsOf,
  priceOrder,
  refundOrder,
  retryPayment,
} from './order-service';
import { presentInvoice, presentOrder, presentPayment } from './presenter';
import { redemptionsOf } from './promotion-service';
import { usesTestProvider } from './provider';
import { invoiceResource, orderResource, paymentResource } from './schema';
import { calendarDate } from '../../http/dates';

const dateFilter = calendarDate;

const orderBody = z.object({
  promotion_code: z.string().trim().max(50).nullable().optional(),
  buyer_country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Expected a two-letter country code.')
    .transform((value) => value.toUpperCase())
    .nullable()
    .optional(),
  buyer_vat_id: z.string().trim().max(20).nullable().optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  products: relatedToMany('products', 20).min(1, 'Choose at least one product.'),
  /** Staff only: the buyer, when it is someone else. */
  account: relatedTo('accounts').optional(),
});

async function ordersDocument(
  db: Executor,
  portal: PortalContext,
  account: AccountContext,
  rows: OrderRow[],
  single: boolean,
  meta?: Record<string, unknown>,
) {
  const ids = rows.map((row) => row.id);
  const [lines, payments, invoices, redemptions] = await Promise.all([
    linesOf(db, ids),
    paymentsOf(db, ids),
    invoicesOf(db, ids),
    redemptionsOf(db, ids),
  ]);
  const staff = commercePolicy.isSalesStaff(account);
  const data = rows.map((row) =>
    presentOrder(
      row,
      lines.filter((line) => line.order_id === row.id),
      payments.filter((payment) => payment.order_id === row.id),
      invoices.filter((invoice) => invoice.order_id === row.id),
      {
        pay: ['pending', 'failed', 'expired'].includes(row.state) && row.payment_method !== 'invoice_later',
        refund: staff && ['paid', 'partially_refunded'].includes(row.state),
        mark_paid: staff && ['pending', 'failed', 'expired'].includes(row.state),
      },
      redemptions.get(row.id),
    ),
  );
  const included = [
    ...payments.map((payment) => presentPayment(payment, checkoutUrl(portal, payment))),
    ...invoices.map(presentInvoice),
  ];
  return buildDocument(single ? data[0]! : data, { included, ...(meta ? { meta } : {}) });
}

async function visibleOrder(db: Executor, portal: PortalContext, account: AccountContext, id: number) {
  const order = await findOrder(db, portal.id, id);
  if (!commercePolicy.canSeeOrder(account, order)) throw ApiError.notFound('order');
  return order;
}

const ORDER_SORTS = ['created_at', 'total_cents'] as const;

const orderFilterShape = {
  'filter[state]': enumListFilter(ORDER_STATES).optional(),
  'filter[product]': idListFilter.optional(),
  'filter[account]': idListFilter.optional(),
  'filter[from]': dateFilter.optional(),
  'filter[to]': dateFilter.optional(),
  'filter[search]': z.string().max(100).optional(),
};
const orderExportQuery = z.object(orderFilterShape);
const orderListQuery = z.object({ ...listQueryShape, sort: sortQuery(ORDER_SORTS), ...orderFilterShape });

/** The list's filters as the orders queries take them: anyone but sales staff sees only their own. */
function orderFilters(account: AccountContext, query: z.output<typeof orderExportQuery>): OrderFilters {
  const staff = commercePolicy.isSalesStaff(account);
  return {
    ...(staff ? { accountIds: query['filter[account]'] } : { buyerId: account.id }),
    states: query['filter[state]'],
    from: query['filter[from]'],
    to: query['filter[to]'],
    search: query['filter[search]'],
    productIds: query['filter[product]'],
  };
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading = + - @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const euros = (cents: number) => (cents / 100).toFixed(2);

export const orderRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/orders',
    summary:
      'Order products (relationships.products); optional promotion_code, buyer_country and buyer_vat_id (reverse charge). An Idempotency-Key header answers the same order again. Staff (manage:order) may order for relationships.account with payment_method invoice_later or payment_link',
    tags: ['commerce'],
    permission: 'signed-in',
    response: resourceDocument(orderResource),
    statuses: [200, 201],
    resourceType: 'orders',
    body: orderBody,
    async handler({ services, portal, account, body, request, reply }) {
      const keyHeader = request.headers['idempotency-key'];
      const key = typeof keyHeader === 'string' ? keyHeader.trim() : '';
      if (key.length > 200)
        throw ApiError.badRequest('BAD_IDEMPOTENCY_KEY', 'The Idempotency-Key is at most 200 characters.');
      const staff = commercePolicy.isSalesStaff(account);
      const target = body.account;
      const method = body.payment_method ?? 'checkout';
      if ((target !== undefined && target !== account.id) || method !== 'checkout') {
        if (!staff) throw ApiError.forbidden('Only sales staff order for someone else or without checkout.');
      }
      const buyerRow =
        target === undefined ? null : await findAccountInPortal(services.db, portal.id, target);
      const buyer = buyerRow
        ? { id: buyerRow.id, fullName: buyerRow.full_name, email: buyerRow.email }
        : { id: account.id, fullName: account.fullName, email: account.email };
      const { order, created } = await createOrder(services, portal, {
        productIds: body.products,
        promotionCode: body.promotion_code || null,
        buyer,
        buyerCountry: body.buyer_country ?? null,
        buyerVatId: body.buyer_vat_id || null,
        paymentMethod: method,
        idempotencyKey: key || null,
        createdBy: account.id,
      });
      if (created && method === 'payment_link') {
        const [payment] = await paymentsOf(services.db, [order.id]);
        const base = portal.row.base_url.replace(/\/$/, '');
        await services.mailer.send({
          to: `${buyer.fullName} <${buyer.email}>`,
          subject: `${portal.name}: your order ${order.id}`,
          text: [
            `Hello ${buyer.fullName},`,
            '',
            `${portal.name} prepared order ${order.id} for you. Pay it here:`,
            new URL(checkoutUrl(portal, payment!) ?? `/account/orders/${order.id}`, `${base}/`).toString(),
          ].join('\n'),
        });
      }
      const document = await ordersDocument(services.db, portal, account, [order], true);
      reply.status(created ? 201 : 200);
      return document;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/orders/quote',
    summary:
      'The totals an order would have (lines, discount, VAT, total) without making it; 422 on an unusable promotion code. Sales staff may price for relationships.account (the buyer of an order they create)',
    tags: ['commerce'],
    permission: 'signed-in',
    response: z.object({
      meta: z.object({
        currency: z.string(),
        subtotal_cents: z.number().int(),
        discount_cents: z.number().int(),
        vat_cents: z.number().int(),
        total_cents: z.number().int(),
        reverse_charge: z.boolean(),
        lines: z.array(
          z.object({
            product_id: z.string(),
            description: z.string(),
            unit_price_cents: z.number().int(),
            discount_cents: z.number().int(),
            net_cents: z.number().int(),
            vat_rate: z.number().int(),
            vat_cents: z.number().int(),
            total_cents: z.number().int(),
          }),
        ),
        vat_by_rate: z.array(
          z.object({ rate: z.number().int(), net_cents: z.number().int(), vat_cents: z.number().int() }),
        ),
      }),
    }),
    resourceType: 'orders',
    body: orderBody,
    async handler({ services, portal, account, body }) {
      // Staff preview an order for someone else: per-account promotion limits apply to that buyer.
      const target = body.account;
      if (target !== undefined && target !== account.id && !commercePolicy.isSalesStaff(account)) {
        throw ApiError.forbidden('Only sales staff price an order for someone else.');
      }
      const buyerRow =
        target === undefined ? null : await findAccountInPortal(services.db, portal.id, target);
      const priced = await priceOrder(services.db, portal, {
        productIds: body.products,
        promotionCode: body.promotion_code || null,
        buyer: buyerRow
          ? { id: buyerRow.id, fullName: buyerRow.full_name, email: buyerRow.email }
          : { id: account.id, fullName: account.fullName, email: account.email },
        buyerCountry: body.buyer_country ?? null,
        buyerVatId: body.buyer_vat_id || null,
      });
      return {
        meta: {
          currency: priced.currency,
          subtotal_cents: priced.totals.subtotalCents,
          discount_cents: priced.totals.discountCents,
          vat_cents: priced.totals.vatCents,
          total_cents: priced.totals.totalCents,
          reverse_charge: priced.reverseCharge,
          lines: priced.totals.lines.map((line, index) => ({
            product_id: String(line.productId),
            description: priced.products[index]!.name,
            unit_price_cents: line.grossCents,
            discount_cents: line.discountCents,
            net_cents: line.netCents,
            vat_rate: line.vatRate,
            vat_cents: line.vatCents,
            total_cents: line.totalCents,
          })),
          vat_by_rate: priced.totals.vatByRate.map((entry) => ({
            rate: entry.rate,
            net_cents: entry.netCents,
            vat_cents: entry.vatCents,
          })),
        },
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/orders',
    summary:
      'Orders, newest first: every order of the portal for sales staff (filter[state], filter[product], filter[account], filter[from], filter[to], filter[search]), my own otherwise; sort by created_at or total_cents (prefix - for descending)',
    tags: ['commerce'],
    permission: 'signed-in',
    response: listDocument(orderResource),
    query: orderListQuery,
    async handler({ services, portal, account, query }) {
      const sort = sortFrom(query.sort, ORDER_SORTS, [{ key: 'created_at', direction: 'desc' }]);
      const list = await listOrders(
        services.db,
        portal.id,
        orderFilters(account, query),
        sort,
        pageFrom(query),
      );
      return ordersDocument(services.db, portal, account, list.rows, false, list.meta);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/orders/export',
    summary: 'The filtered orders as CSV for accounting (sales staff; same filters as the list)',
    tags: ['commerce'],
    permission: 'manage:order',
    response: 'file',
    query: orderExportQuery,
    async handler({ services, portal, account, query, reply }) {
      const rows = await ordersForExport(services.db, portal.id, orderFilters(account, query));
      const invoices = await invoicesOf(
        services.db,
        rows.map((row) => row.id),
      );
      const header = [
        'order',
        'date',
        'state',
        'buyer',
        'email',
        'country',
        'vat_id',
        'currency',
        'subtotal',
        'discount',
        'vat',
        'total',
        'refunded',
        'invoices',
      ];
      const lines = rows.map((row) =>
        [
          row.id,
          row.created_at.slice(0, 10),
          row.state,
          row.buyer_name,
          row.buyer_email,
          row.buyer_country,
          row.buyer_vat_id,
          row.currency,
          euros(row.subtotal_cents),
          euros(row.discount_cents),
          euros(row.vat_cents),
          euros(row.total_cents),
          euros(row.refunded_cents),
          invoices
            .filter((invoice) => invoice.order_id === row.id)
            .map((invoice) => invoice.number)
            .join(' '),
        ]
          .map(csvCell)
          .join(','),
      );
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"');
      return Buffer.from([header.join(','), ...lines].join('\n') + '\n', 'utf8') as unknown as Record<
        string,
        unknown
      >;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/orders/:order',
    summary: 'One order with its lines, payments (with checkout_url while open) and invoices',
    tags: ['commerce'],
    permission: 'signed-in',
    response: resourceDocument(orderResource),
    params: z.object({ order: idParam }),
    async handler({ services, portal, account, params }) {
      const order = await visibleOrder(services.db, portal, account, params.order);
      return ordersDocument(services.db, portal, account, [order], true);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/orders/:order/payments',
    summary: 'A new payment for an unpaid order (after a failed or expired one)',
    tags: ['commerce'],
    permission: 'signed-in',
    response: resourceDocument(paymentResource),
    status: 201,
    params: z.object({ order: idParam }),
    async handler({ services, portal, account, params }) {
      const order = await visibleOrder(services.db, portal, account, params.order);
      const payment = await retryPayment(services, portal, order);
      return buildDocument(presentPayment(payment, checkoutUrl(portal, payment)));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/orders/:order/mark_paid',
    summary: 'Mark an unpaid order paid (invoice later): issues the invoice and grants what it bought',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(orderResource),
    params: z.object({ order: idParam }),
    async handler({ services, portal, account, params }) {
      const order = await findOrder(services.db, portal.id, params.order);
      await markOrderPaidByStaff(services, portal, order, account.id);
      return ordersDocument(
        services.db,
        portal,
        account,
        [await findOrder(services.db, portal.id, order.id)],
        true,
      );
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/orders/:order/refunds',
    summary:
      'Refund a paid order, fully or amount_cents of it: answers the credit note; reverse_access takes back enrolments and the subscription it gave',
    tags: ['commerce'],
    permission: 'manage:order',
    response: resourceDocument(invoiceResource),
    status: 201,
    params: z.object({ order: idParam }),
    resourceType: 'refunds',
    body: z.object({
      amount_cents: z
        .number()
        .int('Enter a whole number of cents.')
        .positive()
        .max(2_000_000_000)
        .nullable()
        .optional(),
      reverse_access: z.boolean().optional(),
    }),
    async handler({ services, portal, account, params, body, pointer }) {
      const order = await findOrder(services.db, portal.id, params.order);
      const note = await refundOrder(
        services,
        portal,
        order,
        { amountCents: body.amount_cents ?? null, reverseAccess: body.reverse_access ?? false },
        account.id,
        pointer,
      );
      return buildDocument(presentInvoice(note));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/payments/:payment',
    summary: "One payment (its buyer or sales staff), for the provider's checkout page",
    tags: ['commerce'],
    permission: 'signed-in',
    response: resourceDocument(paymentResource),
    params: z.object({ payment: idParam }),
    async handler({ services, portal, account, params }) {
      const payment = await findPayment(services.db, portal.id, params.payment);
      await visibleOrder(services.db, portal, account, payment.order_id);
      return buildDocument(presentPayment(payment, checkoutUrl(portal, payment)));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/payments/:payment/test_outcome',
    summary:
      'The test payment provider: pay or fail an open payment ({"outcome":"paid"|"failed"}). Exists only while the portal uses the test provider; a second outcome changes nothing',
    tags: ['commerce'],
    permission: 'signed-in',
    response: resourceDocument(paymentResource),
    params: z.object({ payment: idParam }),
    resourceType: 'payments',
    body: z.object({ outcome: z.enum(['paid', 'failed']) }),
    async handler({ services, portal, account, params, body }) {
      if (!(await usesTestProvider(services.db, portal.id))) throw ApiError.notFound('payment');
      const payment = await findPayment(services.db, portal.id, params.payment);
      if (payment.provider !== 'test') throw ApiError.notFound('payment');
      await visibleOrder(services.db, portal, account, payment.order_id);
      const result = await applyPaymentOutcome(services, portal, payment.id, body.outcome);
      return buildDocument(presentPayment(result.payment, checkoutUrl(portal, result.payment)));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/invoices',
    summary:
      'Invoices and credit notes, newest first: mine, or all of the portal for sales staff (filter[order])',
    tags: ['commerce'],
    permission: 'signed-in',
    response: listDocument(invoiceResource),
    query: z.object({ ...listQueryShape, 'filter[order]': idListFilter.optional() }),
    async handler({ services, portal, account, query }) {
      const list = await listInvoices(
        services.db,
        portal.id,
        {
          accountId: commercePolicy.isSalesStaff(account) ? undefined : account.id,
          orderIds: query['filter[order]'],
        },
        pageFrom(query),
      );
      return buildDocument(list.rows.map(presentInvoice), { meta: list.meta });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/invoices/:invoice',
    summary: 'One invoice or credit note, with its PDF address',
    tags: ['commerce'],
    permission: 'signed-in',
    response: resourceDocument(invoiceResource),
    params: z.object({ invoice: idParam }),
    async handler({ services, portal, account, params }) {
      const invoice = await findInvoice(services.db, portal.id, params.invoice);
      if (!commercePolicy.canSeeOrder(account, invoice)) throw ApiError.notFound('invoice');
      return buildDocument(presentInvoice(invoice));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/invoices/:invoice/pdf',
    summary: 'The invoice as PDF: seller, buyer, lines, VAT per rate and totals',
    tags: ['commerce'],
    permission: 'signed-in',
    response: 'file',
    params: z.object({ invoice: idParam }),
    async handler({ services, portal, account, params, reply }) {
      const invoice = await findInvoice(services.db, portal.id, params.invoice);
      if (!commercePolicy.canSeeOrder(account, invoice)) throw ApiError.notFound('invoice');
      const pdf = await invoicePdf(invoice, readerLocale(account, portal), {
        portalName: portal.name,
        color: portal.row.primary_color,
        accent: portal.row.secondary_color,
        logo: await logoPngOf(services.storage, portal),
      });
      reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.byteLength))
        .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store');
      return pdf as unknown as Record<string, unknown>;
    },
  }),
];
