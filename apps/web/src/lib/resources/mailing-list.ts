/** The portal's mailing list settings (SPEC §3). Owner of ['mailing_list_settings']. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from './document';

export interface MailingListSettings {
  id: string;
  type?: string;
  optInText: string;
  defaultConsent: boolean;
  consentingAccounts: number;
  updatedAt: string | null;
}

export const mailingListKeys = { settings: ['mailing_list_settings'] as const };

export const mailingListSettingsQuery = queryOptions({
  queryKey: mailingListKeys.settings,
  queryFn: ({ signal }) => fetchData<MailingListSettings>('/v1/mailing_list_settings', { signal }),
});

export const MAILING_LIST_EXPORT_URL = '/api/v1/mailing_list_settings/export';

export function useSaveMailingListSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { optInText: string; defaultConsent: boolean }) =>
      fetchData<MailingListSettings>('/v1/mailing_list_settings', { method: 'PATCH', body: input }),
    onSuccess: (settings) => queryClient.setQueryData(mailingListKeys.settings, settings),
    meta: { errorToast: false },
  });
}
