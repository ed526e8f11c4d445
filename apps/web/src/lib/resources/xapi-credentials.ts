/** LRS credentials of the portal (decision 063). Owner of ['xapi-credentials']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchData, fetchList } from './document';

/** xAPI's scope names, in the order the form offers them. */
export const XAPI_SCOPES = [
  'all',
  'all/read',
  'statements/write',
  'statements/read',
  'statements/read/mine',
  'state',
  'profile',
  'define',
] as const;

export interface XapiCredential {
  id: string;
  type?: string;
  name: string;
  key: string;
  scopes: string[];
  endpoint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  creatorName: string | null;
  /** Only in the answer that creates the credential. */
  secret?: string;
}

export const xapiCredentialKeys = { all: ['xapi-credentials'] as const };

export const xapiCredentialsQuery = queryOptions({
  queryKey: xapiCredentialKeys.all,
  queryFn: ({ signal }) => fetchList<XapiCredential>('/v1/xapi_credentials', { signal }),
});

export function useCreateXapiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; scopes: string[] }) =>
      fetchData<XapiCredential>('/v1/xapi_credentials', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: xapiCredentialKeys.all }),
    meta: { errorToast: false },
  });
}

export function useRevokeXapiCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/v1/xapi_credentials/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: xapiCredentialKeys.all }),
  });
}

/** The portal's LRS settings (decision 069). Owner of ['xapi-settings']. */
export interface XapiSettings {
  id: string;
  type?: string;
  /** Whether Leerpad writes statements about its own learning to the LRS. */
  selfStatements: boolean;
}

export const xapiSettingsKeys = { all: ['xapi-settings'] as const };

export const xapiSettingsQuery = queryOptions({
  queryKey: xapiSettingsKeys.all,
  queryFn: ({ signal }) => fetchData<XapiSettings>('/v1/xapi_settings', { signal }),
});

export function useSaveXapiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { selfStatements: boolean }) =>
      fetchData<XapiSettings>('/v1/xapi_settings', { method: 'PATCH', body: input }),
    onSuccess: (settings) => queryClient.setQueryData(xapiSettingsKeys.all, settings),
  });
}
