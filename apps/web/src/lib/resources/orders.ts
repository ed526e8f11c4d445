/**
 * Orders (issue 14): `orders` with their `order_lines`, `payments` and `invoices` (credit notes
 * too). Owner of the ['orders', …] keys. The types mirror the server presenter
 * (apps/server/src/modules/commerce/presenter.ts) as the client reads it: camelCase, flattened.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JsonApiDocument, OrderPromotionStatus, OrderState, PaymentState } from '@leerpad/core';
import { API_BASE, apiRequest } from '../api/client';
import { fetchDocument, pageFrom, type Page } from './document';
import { ME_QUERY_KEY } from './me';

// ── Types: the server presenter, camelCased ────────────────────────────────────────────────────
export interface OrderLine {
  productId: string | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  netCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}

export interface Payment {
  id: string;
  type: 'payments';
  provider: string;
  state: PaymentState;
  amountCents: number;
  currency: string;
  checkoutUrl: string | null;
  createdAt: string;
  updatedAt: string;
  order: { id: string; type: 'orders' } | null;
}

export interface Invoice {
  id: string;
  type: 'invoices';
  number: string;
  kind: 'invoice' | 'credit_note';
  currency: string;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
  issuedAt: string;
  pdfUrl: string;
  order: { id: string; type: 'orders' } | null;
  account: { id: string; type: 'accounts' } | null;
}

export interface Order {
  id: string;
  type: 'orders';
  state: OrderState;
  paymentMethod: string;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
  refundedCents: number;
  promotionCode: string | null;
  /** Where the code stands: reserved while unpaid, redeemed, released (failed/expired), withdrawn. */
  promotionStatus: OrderPromotionStatus | null;
  buyerName: string;
  buyerEmail: string;
  buyerCountry: string | null;
  buyerVatId: string | null;
  reverseCharge: boolean;
  paidAt: string | null;
  fulfilledAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The `order_lines` attribute: the lines themselves. */
  orderLines: OrderLine[];
  account: { id: string; type: 'accounts' } | null;
  payments: Payment[];
  invoices: Invoice[];
  meta: { abilities: { pay: boolean; refund: boolean; markPaid: boolean } };
}
// ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The lines as sent in the `order_lines` attribute. An order no longer has a relationship of that
 * name (decision 050), so flattening keeps them; reading them from the answer as sent stays safe.
 */
function withLines(order: Order, document: JsonApiDocument): Order {
  const resources = Array.isArray(document.data) ? document.data : document.data ? [document.data] : [];
  const sent = resources.find((resource) => resource.id === order.id);
  const lines = (sent?.attributes as { orderLines?: OrderLine[] } | undefined)?.orderLines;
  return { ...order, orderLines: Array.isArray(lines) ? lines : [] };
}

export interface OrderListParams {
  filter: Record<string, string>;
  sort?: string | undefined;
  page: number;
  size: number;
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (params: OrderListParams) => ['orders', 'list', params] as const,
  detail: (orderId: string) => ['orders', orderId] as const,
};

export function orderListQuery(params: OrderListParams) {
  return queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: async ({ signal }): Promise<Page<Order>> => {
      const { data, meta, document } = await fetchDocument<Order[]>('/v1/orders', {
        signal,
        query: { filter: params.filter, sort: params.sort, page: { number: params.page, size: params.size } },
      });
      const page = pageFrom<Order>(data, meta);
      return { ...page, items: page.items.map((order) => withLines(order, document)) };
    },
    placeholderData: keepPreviousData,
  });
}

export function orderQuery(orderId: string) {
  return queryOptions({
    meta: { refusalToast: true },
    queryKey: orderKeys.detail(orderId),
    queryFn: async ({ signal }) => {
      const { data, document } = await fetchDocument<Order>(`/v1/orders/${orderId}`, { signal });
      return withLines(data, document);
    },
  });
}

/** The address of the CSV export (for accounting) of the list as filtered now: a plain download. */
export function orderExportHref(filter: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(`filter[${key}]`, value);
  const search = query.toString();
  return `${API_BASE}/v1/orders/export${search ? `?${search}` : ''}`;
}

export interface NewOrder {
  accountId: string;
  productIds: string[];
  promotionCode: string | null;
  paymentMethod: 'invoice_later' | 'payment_link' | 'checkout';
}

/** Staff order for an account: invoice later, or a payment link sent by e-mail. */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (order: NewOrder) => {
      const { data, document } = await fetchDocument<Order>('/v1/orders', {
        method: 'POST',
        body: {
          data: {
            type: 'orders',
            attributes: { promotionCode: order.promotionCode, paymentMethod: order.paymentMethod },
            relationships: {
              products: { data: order.productIds.map((id) => ({ type: 'products', id })) },
              account: { data: { type: 'accounts', id: order.accountId } },
            },
          },
        },
      });
      return withLines(data, document);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    meta: { errorToast: false },
  });
}

function useOrderRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) }),
      queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      queryClient.invalidateQueries({ queryKey: ['automation-runs'] }),
    ]);
}

/** Marks an invoice-later order paid: the invoice is issued and the automations run. */
export function useMarkOrderPaid(orderId: string) {
  const refresh = useOrderRefresh(orderId);
  return useMutation({
    mutationFn: () => apiRequest(`/v1/orders/${orderId}/mark_paid`, { method: 'POST', body: {} }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

export interface RefundInput {
  /** Null refunds what is left. */
  amountCents: number | null;
  reverseAccess: boolean;
}

/** Refunds (part of) a paid order; answers the credit note. */
export function useRefundOrder(orderId: string) {
  const refresh = useOrderRefresh(orderId);
  return useMutation({
    mutationFn: async (input: RefundInput) =>
      (
        await fetchDocument<Invoice>(`/v1/orders/${orderId}/refunds`, {
          method: 'POST',
          body: input,
        })
      ).data,
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

/** The PDF of an invoice or credit note, as the browser opens it. */
export const invoicePdfHref = (invoice: Pick<Invoice, 'pdfUrl'>) => invoice.pdfUrl;

// ── The buyer's side: checkout, the test provider, retry ─────────────────────────────────────────

/** POST /v1/orders/quote: the totals an order would have. */
export interface OrderQuote {
  currency: string;
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
  /** The lines as they would be ordered, in the order of the products asked for. */
  lines: QuoteLine[];
  vatByRate: Array<{ rate: number; netCents: number; vatCents: number }>;
}

export interface QuoteLine {
  productId: string;
  description: string;
  unitPriceCents: number;
  discountCents: number;
  netCents: number;
  vatRate: number;
  vatCents: number;
  totalCents: number;
}

export const paymentKeys = {
  all: ['payments'] as const,
  detail: (paymentId: string) => ['payments', paymentId] as const,
};

/** One payment (its buyer or sales staff), for the provider's checkout page. */
export function paymentQuery(paymentId: string) {
  return queryOptions({
    queryKey: paymentKeys.detail(paymentId),
    queryFn: async ({ signal }) =>
      (await fetchDocument<Payment>(`/v1/payments/${paymentId}`, { signal })).data,
  });
}

export interface CheckoutInput {
  productIds: string[];
  promotionCode?: string | null;
  /** Staff pricing an order for this buyer (whose own promotion limits apply). */
  accountId?: string;
}

const checkoutBody = ({ productIds, promotionCode, accountId }: CheckoutInput) => ({
  data: {
    type: 'orders',
    attributes: { promotionCode: promotionCode?.trim() || null },
    relationships: {
      products: { data: productIds.map((id) => ({ type: 'products', id })) },
      ...(accountId ? { account: { data: { type: 'accounts', id: accountId } } } : {}),
    },
  },
});

/**
 * The lines and totals of an order staff are about to create for a buyer, asked of the server
 * (`POST /v1/orders/quote` with the buyer); refreshed as the products or the code change.
 */
export function staffQuoteQuery(
  input: Required<Pick<CheckoutInput, 'accountId' | 'productIds'>> & CheckoutInput,
) {
  return queryOptions({
    queryKey: [
      'orders',
      'quote',
      input.accountId,
      [...input.productIds].sort(),
      input.promotionCode ?? '',
    ] as const,
    queryFn: async ({ signal }) =>
      (
        await apiRequest<{ meta: OrderQuote }>('/v1/orders/quote', {
          method: 'POST',
          body: checkoutBody(input),
          signal,
        })
      ).meta,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** The totals before ordering; a 422 names the promotion code. The form shows refusals itself. */
export function useQuoteOrder() {
  return useMutation({
    mutationFn: async (input: CheckoutInput) =>
      (
        await apiRequest<{ meta: OrderQuote }>('/v1/orders/quote', {
          method: 'POST',
          body: checkoutBody(input),
        })
      ).meta,
    meta: { errorToast: false },
  });
}

/** A new idempotency key: one per checkout attempt, so a double click or a resend makes one order. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The buyer orders for themselves (201, or 200 with the same order for a repeated key). */
export function useCheckoutOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...input }: CheckoutInput & { idempotencyKey: string }) => {
      const { data, document } = await fetchDocument<Order>('/v1/orders', {
        method: 'POST',
        body: checkoutBody(input),
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return withLines(data, document);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    meta: { errorToast: false },
  });
}

/** A new payment for a failed or expired order. */
export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (orderId: string) =>
      (await fetchDocument<Payment>(`/v1/orders/${orderId}/payments`, { method: 'POST', body: {} })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The test provider: pay or fail an open payment. What it granted shows on /v1/me. */
export function useTestOutcome(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (outcome: 'paid' | 'failed') =>
      (
        await fetchDocument<Payment>(`/v1/payments/${paymentId}/test_outcome`, {
          method: 'POST',
          body: { outcome },
        })
      ).data,
    onSuccess: () =>
      Promise.all(
        [orderKeys.all, paymentKeys.all, ['invoices'], ['subscriptions'], ME_QUERY_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    meta: { errorToast: false },
  });
}
