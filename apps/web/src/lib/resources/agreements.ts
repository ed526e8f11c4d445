/** The portal's versioned terms, the reader's acceptance and the acceptance log. Owner of ['agreements']. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchDocument, fetchList, pageFrom } from './document';

export interface Agreement {
  id: string;
  type?: string;
  version: number;
  language: string;
  title: string;
  body: string;
  publishedAt: string;
  current: boolean;
}

export interface AgreementAcceptance {
  id: string;
  agreementId: string;
  version: number;
  language: string;
  accountId: string;
  fullName: string;
  email: string;
  acceptedAt: string;
  ip: string | null;
}

export interface CurrentAgreement {
  agreement: Agreement | null;
  acceptedAt: string | null;
  pending: boolean;
}

export const agreementKeys = {
  all: ['agreements'] as const,
  list: ['agreements', 'list'] as const,
  current: ['agreements', 'current'] as const,
  acceptances: (page: number, size: number) => ['agreements', 'acceptances', page, size] as const,
};

export const agreementsQuery = queryOptions({
  queryKey: agreementKeys.list,
  queryFn: ({ signal }) => fetchList<Agreement>('/v1/agreements', { signal }),
});

/** The newest terms for the signed-in account, and whether it still has to accept them. */
export const currentAgreementQuery = queryOptions({
  queryKey: agreementKeys.current,
  queryFn: async ({ signal }): Promise<CurrentAgreement> => {
    const { data, meta } = await fetchDocument<Agreement | null>('/v1/agreements/current', { signal });
    return {
      agreement: data ?? null,
      acceptedAt: typeof meta.acceptedAt === 'string' ? meta.acceptedAt : null,
      pending: meta.pending === true,
    };
  },
  retry: false,
  staleTime: 60_000,
});

export const acceptancesQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: agreementKeys.acceptances(page, size),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<AgreementAcceptance[]>('/v1/agreement_acceptances', {
        signal,
        query: { page: { number: page, size } },
      });
      return pageFrom<AgreementAcceptance>(data, meta);
    },
    placeholderData: keepPreviousData,
  });

export const ACCEPTANCES_EXPORT_URL = '/api/v1/agreement_acceptances/export';

export function usePublishAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { title: string; body: string; language: string; newVersion: boolean }) =>
      fetchData<Agreement>('/v1/agreements', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
    meta: { errorToast: false },
  });
}

export function useAcceptAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/agreements/${id}/acceptances`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agreementKeys.all }),
  });
}
