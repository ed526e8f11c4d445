/**
 * The qualifications report (GET /api/v1/qualifications, decision 041): a row per student with a
 * cell per certification, the per-status counts for the charts, and the CSV export (the same
 * address with `Accept: text/csv`). Owner of the ['qualifications', …] keys.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiFile } from '../api/client';
import { fetchData, fetchDocument, pageFrom, type Page } from './document';

export const QUALIFICATION_STATUSES = ['achieved', 'in_progress', 'due', 'overdue', 'expired'] as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUSES)[number];

export interface QualificationCell {
  certificationId: string;
  status: QualificationStatus;
  expiresAt: string | null;
  dueDate: string | null;
  percent: number;
}

export interface QualificationRow {
  id: string;
  fullName: string;
  email: string;
  primaryCoachId: string | null;
  cells: QualificationCell[];
}

export interface QualificationColumn {
  id: string;
  name: string;
}

export interface QualificationSummary {
  id: string;
  name: string;
  counts: Record<QualificationStatus, number>;
}

/** Filter values as the API takes them (`filter[course]=12`); empty ones are left out. */
export type QualificationFilter = Partial<Record<'course' | 'certification' | 'status' | 'coach', string>>;

const present = (filter: QualificationFilter) =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) as Record<string, string>;

export const qualificationKeys = {
  all: ['qualifications'] as const,
  page: (filter: QualificationFilter, page: number, size: number) =>
    ['qualifications', 'page', present(filter), page, size] as const,
  summaries: (filter: QualificationFilter) => ['qualifications', 'summaries', present(filter)] as const,
  columns: ['qualifications', 'columns'] as const,
};

export function qualificationsQuery(filter: QualificationFilter, page: number, size: number) {
  return queryOptions({
    queryKey: qualificationKeys.page(filter, page, size),
    queryFn: async ({ signal }): Promise<Page<QualificationRow> & { columns: QualificationColumn[] }> => {
      const { data, meta } = await fetchDocument<QualificationRow[]>('/v1/qualifications', {
        signal,
        query: { filter: present(filter), page: { number: page, size } },
      });
      const columns = Array.isArray(meta.certifications)
        ? (meta.certifications as QualificationColumn[])
        : [];
      return { ...pageFrom<QualificationRow>(data, meta), columns };
    },
    placeholderData: keepPreviousData,
  });
}

export function qualificationSummariesQuery(filter: QualificationFilter) {
  return queryOptions({
    queryKey: qualificationKeys.summaries(filter),
    queryFn: ({ signal }) =>
      fetchData<QualificationSummary[]>('/v1/qualification_summaries', {
        signal,
        query: { filter: present(filter) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every certification of the portal, for the certification filter (the report's columns unfiltered). */
export const qualificationColumnsQuery = queryOptions({
  queryKey: qualificationKeys.columns,
  queryFn: async ({ signal }) => {
    const { meta } = await fetchDocument<unknown>('/v1/qualifications', {
      signal,
      query: { page: { size: 1 } },
    });
    return Array.isArray(meta.certifications) ? (meta.certifications as QualificationColumn[]) : [];
  },
  staleTime: 5 * 60_000,
});

/** Every matching row as CSV (status words in the reader's language), as a file to save. */
export function fetchQualificationsCsv(filter: QualificationFilter): Promise<Blob> {
  return apiFile('/v1/qualifications', 'text/csv', { query: { filter: present(filter) } });
}
