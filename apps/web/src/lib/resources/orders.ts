/**
 * Orders, their lines and payments (issue 14): checkout, the test provider's page, the result and
 * the account's order list. Types mirror the server presenter (apps/server/src/modules/commerce/
 * presenter.ts: presentOrder, presentPayment), camelCased. Owner of the ['orders', …] and
 * ['payments', …] keys.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { JsonApiDocument, OrderState, PaymentState } from '@leerpad/core';
import { apiRequest } from '../api/client';
import { ME_QUERY_KEY } from './me';
import { fetchData, fetchDocument, pageFrom, type Page } from './document';
import type { Invoice } from './invoices';
import { invoiceKeys } from './invoices';
import { subscriptionKeys } from './subscriptions';

// ---- Types (mirror presentOrder / presentPayment) ----
/** One line of `attributes.order_lines`. */
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
  /** Where the buyer pays, while the payment is open. */
  checkoutUrl: string | null;
  createdAt: string;
  updatedAt: string;
  order: { id: string; type: 'orders' } | null;
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
  buyerName: string;
  buyerEmail: string;
  buyerCountry: string | null;
  buyerVatId: string | null;
  reverseCharge: boolean;
  paidAt: string | null;
  fulfilledAt: string | null;
  createdAt: string;
  updatedAt: string;
  orderLines: OrderLine[];
  account: { id: string; type: 'accounts' } | null;
  /** relationships.payments, resolved from `included`. */
  payments: Payment[];
  /** relationships.invoices, resolved from `included`. */
  invoices: Invoice[];
  meta?: { abilities?: { pay?: boolean; refund?: boolean; markPaid?: boolean } };
}

/** POST /v1/orders/quote: the totals an order would have. */
export interface OrderQuote {
  currency: string;
  subtotalCents: number;
  discountCents: number;
  vatCents: number;
  totalCents: number;
  reverseCharge: boolean;
  vatByRate: Array<{ rate: number; netCents: number; vatCents: number }>;
}
// ---- End of types ----

export interface OrderListParams {
  state?: string;
  page: number;
  size: number;
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (params: OrderListParams) => ['orders', 'list', params] as const,
  one: (id: string) => ['orders', 'one', id] as const,
};

export const paymentKeys = {
  all: ['payments'] as const,
  one: (id: string) => ['payments', 'one', id] as const,
};

/**
 * An order has `order_lines` both as an attribute (the lines) and as a relationship (identifiers
 * only, nothing included); flattening lets the relationship win, so the lines are read back from
 * the attributes as sent.
 */
function withLines(orders: Order[], document: JsonApiDocument): Order[] {
  const raw = document.data === null || document.data === undefined ? [] : [document.data].flat();
  return orders.map((order) => {
    const source = raw.find((item) => item.id === order.id);
    const lines = (source?.attributes as { orderLines?: OrderLine[] } | undefined)?.orderLines;
    return { ...order, orderLines: Array.isArray(lines) ? lines : [] };
  });
}

async function fetchOrders(path: string, options: Parameters<typeof fetchDocument>[1]) {
  const { data, meta, document } = await fetchDocument<Order | Order[]>(path, options);
  const list = Array.isArray(data) ? data : [data];
  return { orders: withLines(list, document), meta };
}

/** My orders (all of the portal's for sales staff), newest first. */
export function ordersQuery(params: OrderListParams) {
  return queryOptions({
    queryKey: orderKeys.list(params),
    queryFn: async ({ signal }): Promise<Page<Order>> => {
      const { orders, meta } = await fetchOrders('/v1/orders', {
        signal,
        query: {
          filter: { state: params.state || undefined },
          page: { number: params.page, size: params.size },
        },
      });
      return pageFrom<Order>(orders, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function orderQuery(id: string) {
  return queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: async ({ signal }) => (await fetchOrders(`/v1/orders/${id}`, { signal })).orders[0]!,
  });
}

export function paymentQuery(id: string) {
  return queryOptions({
    queryKey: paymentKeys.one(id),
    queryFn: ({ signal }) => fetchData<Payment>(`/v1/payments/${id}`, { signal }),
  });
}

export interface OrderInput {
  productIds: string[];
  promotionCode?: string | null;
}

const orderBody = ({ productIds, promotionCode }: OrderInput) => ({
  data: {
    type: 'orders',
    attributes: { promotionCode: promotionCode?.trim() || null },
    relationships: { products: { data: productIds.map((id) => ({ type: 'products', id })) } },
  },
});

/** The totals before ordering; a 422 names the promotion code. The form shows refusals itself. */
export function useQuoteOrder() {
  return useMutation({
    mutationFn: async (input: OrderInput) =>
      (await apiRequest<{ meta: OrderQuote }>('/v1/orders/quote', { method: 'POST', body: orderBody(input) }))
        .meta,
    meta: { errorToast: false },
  });
}

/** A new idempotency key: one per checkout attempt, so a double click or a resend makes one order. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Creates the order (201, or 200 with the same order for a repeated key). */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...input }: OrderInput & { idempotencyKey: string }) => {
      const { data, document } = await fetchDocument<Order>('/v1/orders', {
        method: 'POST',
        body: orderBody(input),
        headers: { 'Idempotency-Key': idempotencyKey },
      });
      return withLines([data], document)[0]!;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
    meta: { errorToast: false },
  });
}

/** A new payment for a failed or expired order. */
export function useRetryPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      fetchData<Payment>(`/v1/orders/${orderId}/payments`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The test provider: pay or fail an open payment. What it granted shows on /v1/me. */
export function useTestOutcome(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: 'paid' | 'failed') =>
      fetchData<Payment>(`/v1/payments/${paymentId}/test_outcome`, { method: 'POST', body: { outcome } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
    meta: { errorToast: false },
  });
}
