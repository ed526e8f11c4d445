/**
 * The account's subscriptions (issue 14): plan, state, next renewal, cancel and resume. Types
 * mirror the server presenter (presentSubscription), camelCased. Owner of the ['subscriptions', …]
 * keys.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanInterval, SubscriptionState } from '@leerpad/core';
import { fetchData, fetchList } from './document';
import { ME_QUERY_KEY } from './me';

// ---- Types (mirror presentSubscription) ----
export interface Subscription {
  id: string;
  type: 'subscriptions';
  state: SubscriptionState;
  isActive: boolean;
  startsAt: string | null;
  /** The end of the paid period: the next renewal while it renews. */
  endsAt: string | null;
  renews: boolean;
  planName: string | null;
  planInterval: PlanInterval | null;
  priceCents: number | null;
  currency: string | null;
  product: { id: string; type: 'products' } | null;
}
// ---- End of types ----

export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  mine: () => ['subscriptions', 'mine'] as const,
};

/** My subscriptions, newest first. */
export function mySubscriptionsQuery() {
  return queryOptions({
    queryKey: subscriptionKeys.mine(),
    queryFn: ({ signal }) => fetchList<Subscription>('/v1/subscriptions', { signal }),
  });
}

/** Cancel (runs to the end of the period) or resume a subscription. */
export function useSetSubscriptionCancelled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cancelled }: { id: string; cancelled: boolean }) =>
      fetchData<Subscription>(`/v1/subscriptions/${id}`, { method: 'PATCH', body: { cancelled } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}
