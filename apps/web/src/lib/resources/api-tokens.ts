/** API tokens of the portal (decision 022). Owner of ['api-tokens']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchList } from './document';

export interface ApiToken {
  id: string;
  type?: string;
  name: string;
  scopes: string[];
  tokenHint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  creatorName: string;
  /** Only in the answer that creates the token. */
  secret?: string;
}

export const apiTokenKeys = { all: ['api-tokens'] as const };

export const apiTokensQuery = queryOptions({
  queryKey: apiTokenKeys.all,
  queryFn: ({ signal }) => fetchList<ApiToken>('/v1/api_tokens', { signal }),
});

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: string[] }) =>
      fetchData<ApiToken>('/v1/api_tokens', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
    meta: { errorToast: false },
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/api_tokens/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
