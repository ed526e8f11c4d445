/**
 * Acting as a user (decision 025): starting and stopping an act, and the acts on an account.
 * Owner of the ['impersonations', …] keys. Starting or stopping changes who every cached answer
 * was for, so the caller reloads the app after either.
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchDocument } from './document';

export interface Impersonation {
  id: string;
  reason: string;
  actorName?: string | null;
  accountName?: string | null;
  startedAt: string;
  expiresAt: string;
  endedAt?: string | null;
  active: boolean;
}

export const impersonationKeys = {
  all: ['impersonations'] as const,
  ofAccount: (accountId: string) => ['impersonations', 'account', accountId] as const,
};

export function accountImpersonationsQuery(accountId: string) {
  return queryOptions({
    queryKey: impersonationKeys.ofAccount(accountId),
    queryFn: async ({ signal }) => {
      const { data } = await fetchDocument<Impersonation[]>(
        `/v1/accounts/${encodeURIComponent(accountId)}/impersonations`,
        { signal, query: { page: { size: 10 } } },
      );
      return Array.isArray(data) ? data : [];
    },
  });
}

export async function startImpersonation({
  accountId,
  reason,
}: {
  accountId: string;
  reason: string;
}): Promise<Impersonation> {
  // Written as it is read: the account is a relationship (decision 050).
  const body = { account: { type: 'accounts', id: accountId }, reason };
  const { data } = await fetchDocument<Impersonation>('/v1/impersonations', { method: 'POST', body });
  return data;
}

export async function stopImpersonation(): Promise<void> {
  await fetchDocument<Impersonation>('/v1/impersonations/current', { method: 'DELETE' });
}
