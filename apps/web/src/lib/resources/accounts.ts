/** Accounts (SPEC §3). Owner of the ['accounts', id] keys. */
import { queryOptions } from '@tanstack/react-query';
import { apiDocument } from '../api/client';
import type { Account } from '../session/types';

export const accountKey = (accountId: string) => ['accounts', accountId] as const;

export function accountQuery(accountId: string) {
  return queryOptions({
    queryKey: accountKey(accountId),
    queryFn: async ({ signal }) =>
      (await apiDocument<Account>(`/v1/accounts/${accountId}`, { signal, query: { include: ['entity'] } }))
        .data,
  });
}

export interface AccountUpdate {
  locale?: string;
  fullName?: string;
  phoneNumber?: string | null;
}

export async function updateAccount(accountId: string, update: AccountUpdate): Promise<Account> {
  return (await apiDocument<Account>(`/v1/accounts/${accountId}`, { method: 'PATCH', body: update })).data;
}
