/** Webhooks and their deliveries (decision 022). Owner of ['webhooks']. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchList } from './document';

export interface Webhook {
  id: string;
  type?: string;
  url: string;
  events: string[];
  active: boolean;
  /** Only in the answer that makes the secret (creation, rotation). */
  secret?: string;
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookDeliveryAttempt {
  attemptedAt: string;
  succeeded: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  type?: string;
  webhookId: string;
  event: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  /** Failed, and the background job will try again. */
  willRetry: boolean;
  responseCode: number | null;
  durationMs: number | null;
  error: string | null;
  createdAt: string;
  deliveredAt: string | null;
  attemptLog: WebhookDeliveryAttempt[];
}

export interface WebhookInput {
  url?: string;
  events?: string[];
  active?: boolean;
  rotateSecret?: boolean;
}

export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (id: string) => ['webhooks', id, 'deliveries'] as const,
};

export const webhooksQuery = queryOptions({
  queryKey: webhookKeys.all,
  queryFn: ({ signal }) => fetchList<Webhook>('/v1/webhooks', { signal }),
});

/** The log refreshes while it is empty (the first delivery is on its way) or a delivery is still on its way (pending, or failed with a retry to come). */
export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => fetchList<WebhookDelivery>(`/v1/webhooks/${id}/deliveries`, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      !query.state.data ||
      query.state.data.length === 0 ||
      query.state.data.some((delivery) => delivery.status === 'pending' || delivery.willRetry)
        ? 3000
        : false,
  });

export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: WebhookInput }) =>
      fetchData<Webhook>(id ? `/v1/webhooks/${id}` : '/v1/webhooks', {
        method: id ? 'PATCH' : 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
    meta: { errorToast: false },
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/webhooks/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useRedeliver(webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiRequest(`/v1/webhook_deliveries/${deliveryId}/redelivery`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
