/** The admin dashboard's figures (GET /api/v1/admin/overview). Owner of the ['admin-overview', …] keys. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchData } from './document';

export interface AdminOverview {
  id: string;
  weeks: number;
  weekStarts: string[];
  activeLearners: number[];
  enrolments: number[];
  completions: number[];
  signUps: number[];
  openContentIssues: { total: number; open: number; inProgress: number };
  openTickets: { total: number; open: number; answered: number } | null;
  revenue: {
    months: string[];
    currencies: Array<{ currency: string; cents: number[]; orders: number[] }>;
  } | null;
}

export const ADMIN_OVERVIEW_PERIODS = [4, 12, 26, 52] as const;

export const adminOverviewKeys = {
  all: ['admin-overview'] as const,
  period: (weeks: number) => ['admin-overview', weeks] as const,
};

export const adminOverviewQuery = (weeks: number) =>
  queryOptions({
    queryKey: adminOverviewKeys.period(weeks),
    queryFn: ({ signal }) => fetchData<AdminOverview>('/v1/admin/overview', { signal, query: { weeks } }),
    placeholderData: keepPreviousData,
  });
