/** Promotions (issue 14): discount codes with limits and a validity window. Owner of ['promotions']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromotionKind } from '@leerpad/core';
import { apiRequest } from '../api/client';
import { SHORT_LIST, fetchList } from './document';

export interface Promotion {
  id: string;
  type: 'promotions';
  code: string;
  description: string | null;
  kind: PromotionKind;
  /** A percentage (whole) or a fixed amount in cents. */
  value: number;
  /** The currency of a fixed amount; null for a percentage. */
  currency: string | null;
  allProducts: boolean;
  startsAt: string | null;
  endsAt: string | null;
  maxRedemptions: number | null;
  maxPerAccount: number | null;
  firstPeriodOnly: boolean;
  redemptions: number;
  createdAt: string;
  updatedAt: string;
  products: Array<{ id: string; type: 'products' }>;
}

export interface PromotionInput {
  code: string;
  description: string | null;
  kind: PromotionKind;
  value: number;
  /** A fixed amount's currency (the server takes the portal's when null). */
  currency: string | null;
  productIds: string[];
  startsAt: string | null;
  endsAt: string | null;
  maxRedemptions: number | null;
  maxPerAccount: number | null;
  firstPeriodOnly: boolean;
}

export const promotionKeys = { all: ['promotions'] as const };

export const promotionsQuery = queryOptions({
  queryKey: promotionKeys.all,
  queryFn: ({ signal }) => fetchList<Promotion>('/v1/promotions', { signal, query: SHORT_LIST }),
});

export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PromotionInput }) =>
      apiRequest(id ? `/v1/promotions/${id}` : '/v1/promotions', {
        method: id ? 'PATCH' : 'POST',
        // Written as a promotion is read: its products are a relationship (decision 050).
        body: (({ productIds, ...rest }: PromotionInput) => ({
          ...rest,
          products: productIds.map((productId) => ({ type: 'products', id: productId })),
        }))(input),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
    meta: { errorToast: false },
  });
}

export function useDeletePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/promotions/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionKeys.all }),
  });
}
