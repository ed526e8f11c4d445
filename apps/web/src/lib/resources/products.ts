/**
 * Products (issue 14): plans, single courses and bundles, priced in cents excluding VAT. Owner of
 * the ['products', …] keys. The types mirror the server presenter
 * (apps/server/src/modules/commerce/presenter.ts) as the client reads it: camelCase, flattened.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanInterval, ProductKind } from '@leerpad/core';
import { apiRequest } from '../api/client';
import { SHORT_LIST, fetchList } from './document';

// ── Types: the server presenter, camelCased ────────────────────────────────────────────────────
export interface Product {
  id: string;
  type: 'products';
  name: string;
  description: string | null;
  kind: ProductKind;
  planInterval: PlanInterval | null;
  priceCents: number;
  currency: string;
  vatRate: number;
  vatCents: number;
  priceWithVatCents: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  courses: Array<{ id: string; type: 'courses' }>;
}
// ───────────────────────────────────────────────────────────────────────────────────────────────

export interface ProductInput {
  name: string;
  description: string | null;
  kind: ProductKind;
  planInterval: PlanInterval | null;
  priceCents: number;
  vatRate: number;
  active: boolean;
  courseIds: string[];
}

export const productKeys = { all: ['products'] as const, list: ['products', 'list'] as const };

/** Every product of the portal (sales staff). */
export const productsQuery = queryOptions({
  queryKey: productKeys.list,
  queryFn: ({ signal }) => fetchList<Product>('/v1/products', { signal, query: SHORT_LIST }),
});

function useProductRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['sales-catalogs'] }),
    ]);
}

export function useSaveProduct() {
  const refresh = useProductRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      apiRequest(id ? `/v1/products/${id}` : '/v1/products', {
        method: id ? 'PATCH' : 'POST',
        // Written as a product is read: its courses are a relationship (decision 050).
        body: (({ courseIds, ...rest }: ProductInput) => ({
          ...rest,
          courses: courseIds.map((courseId) => ({ type: 'courses', id: courseId })),
        }))(input),
      }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

/** Deletes a product; one that was sold is taken out of sale instead. */
export function useDeleteProduct() {
  const refresh = useProductRefresh();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/products/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
