/** Accounts (SPEC §3) and their administration. Owner of the ['accounts', …] keys. */
import { ACCOUNT_SEARCH_LIMIT } from '@leerpad/core';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiDocument, apiRequest } from '../api/client';
import type { Account } from '../session/types';
import { fetchDocument, fetchList, pageFrom } from './document';

export const accountsKey = ['accounts'] as const;
export const accountKey = (accountId: string) => ['accounts', accountId] as const;

export function accountQuery(accountId: string) {
  return queryOptions({
    meta: { refusalToast: true },
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

/** An account as the accounts administration shows it. */
export interface ManagedAccount extends Account {
  active?: boolean;
  deactivatedAt?: string | null;
  createdAt?: string;
  subscriptionActive?: boolean;
  primaryCoach?: { id: string; fullName?: string } | null;
  meta?: { abilities?: { manage?: boolean } };
}

export interface AccountListParams {
  filter: Record<string, string>;
  sort?: string | undefined;
  page: number;
  size: number;
}

export const accountListKey = (params: AccountListParams) => ['accounts', 'list', params] as const;

export function accountListQuery(params: AccountListParams) {
  return queryOptions({
    queryKey: accountListKey(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<ManagedAccount[]>('/v1/accounts', {
        signal,
        query: { filter: params.filter, sort: params.sort, page: { number: params.page, size: params.size } },
      });
      return pageFrom<ManagedAccount>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

/** The address of the CSV export of the list as filtered and sorted now (a plain download link). */
export function accountExportHref(filter: Record<string, string>, sort?: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(`filter[${key}]`, value);
  if (sort) query.set('sort', sort);
  const search = query.toString();
  return `${API_BASE}/v1/accounts/export${search ? `?${search}` : ''}`;
}

export function managedAccountQuery(accountId: string) {
  return queryOptions({
    meta: { refusalToast: true },
    queryKey: accountKey(accountId),
    queryFn: async ({ signal }) =>
      (
        await apiDocument<ManagedAccount>(`/v1/accounts/${accountId}`, {
          signal,
          query: { include: ['entity'] },
        })
      ).data,
  });
}

/** A person in a write body: relationships to people are `accounts` identifiers (decision 050). */
export interface AccountIdentifier {
  type: 'accounts';
  id: string;
}
export const accountIdentifier = (id: string): AccountIdentifier => ({ type: 'accounts', id });

/** Written with the names it is read with: `emailAddress`, `primaryCoach`. */
export interface NewAccount {
  fullName: string;
  emailAddress: string;
  roles: string[];
  locale: string | null;
  primaryCoach?: AccountIdentifier | null;
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (account: NewAccount) =>
      (await apiDocument<ManagedAccount>('/v1/accounts', { method: 'POST', body: account })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['accounts'] }),
    meta: { errorToast: false },
  });
}

export interface StaffAccountUpdate {
  fullName?: string;
  phoneNumber?: string | null;
  locale?: string | null;
  roles?: string[];
  active?: boolean;
  primaryCoach?: AccountIdentifier | null;
}

/** Staff changes to an account (profile, roles, coach, deactivate and reactivate). */
export function useUpdateManagedAccount(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: StaffAccountUpdate) =>
      (await apiDocument<ManagedAccount>(`/v1/accounts/${accountId}`, { method: 'PATCH', body: update }))
        .data,
    onSuccess: (account) => {
      queryClient.setQueryData(accountKey(accountId), account);
      void queryClient.invalidateQueries({ queryKey: ['accounts', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['audit-events'] });
    },
    meta: { errorToast: false },
  });
}

export interface AccountNote {
  id: string;
  body: string;
  authorName: string | null;
  createdAt: string;
}

export const accountNotesKey = (accountId: string) => ['accounts', accountId, 'notes'] as const;

export function accountNotesQuery(accountId: string) {
  return queryOptions({
    queryKey: accountNotesKey(accountId),
    queryFn: async ({ signal }) => fetchList<AccountNote>(`/v1/accounts/${accountId}/notes`, { signal }),
  });
}

export function useAddAccountNote(accountId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest(`/v1/accounts/${accountId}/notes`, { method: 'POST', body: { body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountNotesKey(accountId) }),
    meta: { errorToast: false },
  });
}

export interface SignIn {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export function signInsQuery(accountId: string) {
  return queryOptions({
    queryKey: ['accounts', accountId, 'sign-ins'] as const,
    queryFn: async ({ signal }) => fetchList<SignIn>(`/v1/accounts/${accountId}/sign_ins`, { signal }),
  });
}

// ---- Accounts to choose from (every other read of /v1/accounts) ------------------------------------

/** Accounts of the portal matching a search, to pick from (10; staff). */
export function accountSearchQuery(search: string) {
  return queryOptions({
    queryKey: ['accounts', 'search', search] as const,
    queryFn: ({ signal }) =>
      fetchList<Account>('/v1/accounts', { signal, query: { filter: { search }, page: { size: 10 } } }),
    enabled: search.trim().length >= 2,
  });
}

/** The coaches of the portal (staff only: listing accounts needs search:account). */
export const coachesQuery = queryOptions({
  queryKey: ['accounts', 'coaches'] as const,
  queryFn: ({ signal }) =>
    fetchList<Account>('/v1/accounts', {
      signal,
      query: { filter: { role: 'coach' }, sort: 'full_name', page: { size: 100 } },
    }),
  staleTime: 5 * 60_000,
});

/** The support palette's accounts by text (name, avatar, last online, e-mail and roles only). */
export function paletteAccountsQuery(text: string) {
  return queryOptions({
    queryKey: ['accounts', 'palette', text] as const,
    queryFn: ({ signal }) =>
      fetchList<Account>('/v1/accounts', {
        signal,
        query: {
          filter: { search: text },
          fields: { accounts: ['full_name', 'avatar_url', 'last_online', 'email_address', 'roles'] },
          limit: ACCOUNT_SEARCH_LIMIT,
        },
      }),
    enabled: text.length > 0,
  });
}
