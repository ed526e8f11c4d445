/** Page views per route and day, and whether the portal counts them (decision 072). Owner of ['analytics', …]. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchData } from './document';

export interface AnalyticsReport {
  id: string;
  /** The days (UTC, YYYY-MM-DD) of the period, oldest first. */
  days: string[];
  total: number;
  routes: Array<{ route: string; total: number; perDay: number[] }>;
}

export interface AnalyticsSettings {
  id: string;
  enabled: boolean;
}

export const ANALYTICS_PERIODS = [7, 30, 90] as const;

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (days: number) => ['analytics', 'report', days] as const,
  settings: ['analytics', 'settings'] as const,
};

export const analyticsReportQuery = (days: number) =>
  queryOptions({
    queryKey: analyticsKeys.report(days),
    queryFn: ({ signal }) =>
      fetchData<AnalyticsReport>('/v1/analytics/page_views', { signal, query: { days } }),
    placeholderData: keepPreviousData,
  });

export const analyticsSettingsQuery = queryOptions({
  queryKey: analyticsKeys.settings,
  queryFn: ({ signal }) => fetchData<AnalyticsSettings>('/v1/analytics/settings', { signal }),
});

export function useSaveAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { enabled: boolean }) =>
      fetchData<AnalyticsSettings>('/v1/analytics/settings', { method: 'PATCH', body: input }),
    onSuccess: (settings) => queryClient.setQueryData(analyticsKeys.settings, settings),
  });
}
