/**
 * The portal's payment provider (decision 038): the built-in test provider or Stripe, with hints of
 * its keys (the server never answers them in full). Owner of ['payment-provider'].
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData } from './document';

export type PaymentProviderName = 'test' | 'stripe';

export interface PaymentProviderSettings {
  id: string;
  provider: PaymentProviderName;
  secretKeyHint: string | null;
  webhookSecretHint: string | null;
  /** Where Stripe should send this portal's events. */
  webhookUrl: string;
  updatedAt: string | null;
}

export interface PaymentProviderInput {
  provider: PaymentProviderName;
  /** Left out (null) keeps the stored key. */
  secretKey: string | null;
  webhookSecret: string | null;
}

const KEY = ['payment-provider'] as const;

export const paymentProviderQuery = queryOptions({
  queryKey: KEY,
  queryFn: ({ signal }) => fetchData<PaymentProviderSettings>('/v1/payment_provider', { signal }),
});

export function useSavePaymentProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentProviderInput) =>
      apiRequest('/v1/payment_provider', { method: 'PATCH', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    meta: { errorToast: false },
  });
}
