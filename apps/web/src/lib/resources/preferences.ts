/** Account preferences (SPEC §3): property plus payload. Owner of the ['accounts', id, 'preferences'] keys. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDocument } from '../api/client';

export interface AccountPreference {
  id: string;
  type: string;
  property: string;
  payload: string | null;
}

export const preferenceKey = (accountId: string, property: string) =>
  ['accounts', accountId, 'preferences', property] as const;

export function preferenceQuery(accountId: string, property: string) {
  return queryOptions({
    queryKey: preferenceKey(accountId, property),
    queryFn: async ({ signal }) => {
      const { data } = await apiDocument<AccountPreference[]>(`/v1/accounts/${accountId}/preferences`, {
        signal,
        query: { filter: { property } },
      });
      return (Array.isArray(data) ? data : []).find((item) => item.property === property) ?? null;
    },
  });
}

/** Saves (upserts) one preference and puts the answer straight into the cache. */
export function useSavePreference(accountId: string, property: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: string) =>
      (
        await apiDocument<AccountPreference>(`/v1/accounts/${accountId}/preferences`, {
          method: 'POST',
          body: { property, payload },
        })
      ).data,
    onMutate: (payload) => {
      // Optimistic, so a closed tour stays closed even while the request is under way.
      queryClient.setQueryData<AccountPreference | null>(preferenceKey(accountId, property), (current) => ({
        id: current?.id ?? 'pending',
        type: 'account_preferences',
        property,
        payload,
      }));
    },
    onSuccess: (saved) => {
      if (saved) queryClient.setQueryData(preferenceKey(accountId, property), saved);
    },
    meta: { errorToast: false },
  });
}
