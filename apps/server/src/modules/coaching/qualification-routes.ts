import { formatCsv, type Locale } from '@leerpad/core';
import { onePageMeta } from '../../db/pages';
import { z } from 'zod';
import type { Executor, PortalScope } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, listQueryShape, pageFrom, resourceSchema } from '../../http/jsonapi';
import { readerLocale } from '../../http/locale';
import { prefersCsv } from '../../http/media-type';
import { defineRoute } from '../../http/route';
import {
  cellsForExport,
  cellsOf,
  columnsOf,
  knownCoaches,
  knownOfPortal,
  reportPage,
  reportRows,
  studentsOf,
  exportCell,
  QUALIFICATION_STATUSES,
  statusCounts,
  type QualificationCell,
  type QualificationFilters,
  type QualificationStatus,
} from './qualifications';
import { MAX_ID } from '../../http/list-query';

const cellSchema = z.object({
  certification_id: z.string(),
  status: z.enum(QUALIFICATION_STATUSES),
  /** achieved: valid until (null: no expiry); expired: when it ran out. */
  expires_at: z.string().nullable(),
  /** The earliest due date (YYYY-MM-DD) of the assignments, if any. */
  due_date: z.string().nullable(),
  /** The share of required courses completed, 0–100. */
  percent: z.number().int(),
});

export const qualificationResource = resourceSchema('Qualification', 'qualifications', {
  attributes: z.object({
    full_name: z.string(),
    email: z.string(),
    primary_coach_id: z.string().nullable(),
    /** One cell per certification the student has a status for; a missing one is "not assigned". */
    cells: z.array(cellSchema),
  }),
});

export const qualificationSummaryResource = resourceSchema(
  'QualificationSummary',
  'qualification_summaries',
  {
    attributes: z.object({
      name: z.string(),
      counts: z.object(
        Object.fromEntries(QUALIFICATION_STATUSES.map((status) => [status, z.number().int()])) as Record<
          QualificationStatus,
          z.ZodNumber
        >,
      ),
    }),
  },
);

const columnSchema = z.object({ id: z.string(), name: z.string() });

const filterShape = {
  'filter[course]': z.string().max(500).optional(),
  'filter[certification]': z.string().max(500).optional(),
  'filter[status]': z.string().max(200).optional(),
  'filter[coach]': z.string().max(500).optional(),
};
type FilterQuery = { [K in keyof typeof filterShape]?: string | undefined };

const ID_LIST = /^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,49}$/;

function invalid(parameter: string, detail: string): never {
  throw ApiError.validation([{ pointer: `/${parameter}`, detail, code: 'INVALID_FILTER' }]);
}

async function knownIds(
  parameter: string,
  raw: string | undefined,
  lookup: (ids: number[]) => Promise<Array<{ id: number }>>,
  what: string,
): Promise<number[] | undefined> {
  if (raw === undefined || raw === '') return undefined;
  if (!ID_LIST.test(raw)) invalid(parameter, 'Expected a comma-separated list of ids.');
  const ids = [...new Set(raw.split(',').map(Number))];
  // Beyond an integer column's range nothing can match; both databases answer it the same way.
  if (ids.some((id) => id > MAX_ID))
    invalid(parameter, `Unknown ${what}: ${ids.filter((id) => id > MAX_ID).join(', ')}.`);
  const found = new Set((await lookup(ids)).map((row) => Number(row.id)));
  const unknown = ids.filter((id) => !found.has(id));
  if (unknown.length > 0) invalid(parameter, `Unknown ${what}: ${unknown.join(', ')}.`);
  return ids;
}

/** Filter values checked against the portal: an unknown course, certification or coach is a 422. */
async function parseFilters(
  db: Executor,
  scope: PortalScope,
  query: FilterQuery,
): Promise<QualificationFilters> {
  const status = query['filter[status]'];
  let statuses: QualificationStatus[] | undefined;
  if (status !== undefined && status !== '') {
    const parts = [...new Set(status.split(',').map((part) => part.trim()))];
    if (!parts.every((part) => (QUALIFICATION_STATUSES as readonly string[]).includes(part)))
      invalid('filter[status]', `Expected one or more of: ${QUALIFICATION_STATUSES.join(', ')}.`);
    statuses = parts as QualificationStatus[];
  }
  const [course, certification, coach] = await Promise.all([
    knownIds(
      'filter[course]',
      query['filter[course]'],
      (ids) => knownOfPortal(db, scope, 'courses', ids),
      'course',
    ),
    knownIds(
      'filter[certification]',
      query['filter[certification]'],
      (ids) => knownOfPortal(db, scope, 'certifications', ids),
      'certification',
    ),
    knownIds('filter[coach]', query['filter[coach]'], (ids) => knownCoaches(db, scope, ids), 'coach'),
  ]);
  return { course, certification, coach, status: statuses };
}

/** Status words of the CSV export, in the reader's language (decision 041). */
const CSV_TEXT: Record<
  Locale,
  Record<QualificationStatus, string> & { student: string; email: string; until: string; due: string }
> = {
  en: {
    student: 'Student',
    email: 'E-mail',
    achieved: 'Achieved',
    in_progress: 'In progress',
    due: 'Due',
    overdue: 'Overdue',
    expired: 'Expired',
    until: 'until',
  },
  nl: {
    student: 'Student',
    email: 'E-mail',
    achieved: 'Behaald',
    in_progress: 'Bezig',
    due: 'Te behalen',
    overdue: 'Te laat',
    expired: 'Verlopen',
    until: 'tot',
  },
  ro: {
    student: 'Student',
    email: 'E-mail',
    achieved: 'Obținută',
    in_progress: 'În curs',
    due: 'De obținut',
    overdue: 'Întârziată',
    expired: 'Expirată',
    until: 'până la',
  },
};

/** A cell as a spreadsheet shows it: the status word, then its date or percentage. */
function csvCell(
  cell: Omit<QualificationCell, 'account_id' | 'certification_id'> | undefined,
  text: (typeof CSV_TEXT)['en'],
): string {
  if (!cell) return '';
  const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);
  switch (cell.status) {
    case 'achieved':
      return cell.expires_at ? `${text.achieved} (${text.until} ${day(cell.expires_at)})` : text.achieved;
    case 'expired':
      return cell.expires_at ? `${text.expired} (${day(cell.expires_at)})` : text.expired;
    case 'in_progress':
      return `${text.in_progress} (${cell.percent}%)`;
    case 'due':
    case 'overdue':
      return cell.due_date ? `${text[cell.status]} (${cell.due_date})` : text[cell.status];
  }
}

const presentCell = (cell: QualificationCell) => ({
  certification_id: String(cell.certification_id),
  status: cell.status,
  expires_at: cell.expires_at,
  due_date: cell.due_date,
  percent: cell.percent,
});

export const qualificationRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/qualifications',
    summary:
      "The qualifications report: a row per student (coaches: their own students; staff: everyone) with a cell per certification (achieved, in_progress, due, overdue, expired); filter by course, certification, status and coach. `meta.certifications` lists the columns. With `Accept: text/csv`, every matching row as CSV with status words in the reader's language",
    tags: ['certifications'],
    permission: 'read:qualifications',
    csv: true,
    filterErrors: true,
    response: listDocument(qualificationResource, { certifications: z.array(columnSchema) }),
    query: z.object({ ...listQueryShape, ...filterShape }),
    async handler({ services, portal, account, query, request, reply }) {
      const db = services.db;
      const filters = await parseFilters(db, portal.id, query);
      const locale = readerLocale(account, portal);
      const columns = await columnsOf(db, portal.id, filters.certification, locale);
      const columnIds = columns.map((column) => column.id);
      const students = await studentsOf(db, portal.id, account, filters, columnIds);
      if (prefersCsv(request)) {
        const [rows, cells] = await Promise.all([
          reportRows(students).execute(),
          cellsForExport(db, portal.id, students, columnIds),
        ]);
        const text = CSV_TEXT[locale];
        const words = new Map<string, string>();
        const wordsOf = (compact: string | undefined) => {
          if (compact === undefined) return '';
          let word = words.get(compact);
          if (word === undefined) {
            word = csvCell(exportCell(compact), text);
            words.set(compact, word);
          }
          return word;
        };
        const lines = rows.map((row) => {
          const byCertification = cells.get(row.id);
          return [row.full_name, row.email, ...columnIds.map((id) => wordsOf(byCertification?.get(id)))];
        });
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="qualifications.csv"')
          .header('cache-control', 'private, no-store');
        const csv = formatCsv([text.student, text.email, ...columns.map((column) => column.name)], lines);
        return Buffer.from(`\uFEFF${csv}`, 'utf8') as unknown as Record<string, unknown>;
      }
      const { rows, meta } = await reportPage(students, pageFrom(query));
      const cells = await cellsOf(
        db,
        portal.id,
        rows.map((row) => row.id),
        columnIds,
      );
      return buildDocument(
        rows.map((row) => ({
          type: 'qualifications' as const,
          id: String(row.id),
          attributes: {
            full_name: row.full_name,
            email: row.email,
            primary_coach_id: row.primary_coach_id === null ? null : String(row.primary_coach_id),
            cells: (cells.get(row.id) ?? []).map(presentCell),
          },
        })),
        {
          meta: {
            ...meta,
            certifications: columns.map((column) => ({ id: String(column.id), name: column.name })),
          },
        },
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/qualification_summaries',
    summary:
      'Per certification, how many students of the qualifications report are in each status (the charts); the same filters and scope as GET /v1/qualifications',
    tags: ['certifications'],
    permission: 'read:qualifications',
    filterErrors: true,
    response: listDocument(qualificationSummaryResource),
    query: z.object(filterShape),
    async handler({ services, portal, account, query }) {
      const db = services.db;
      const filters = await parseFilters(db, portal.id, query);
      const columns = await columnsOf(db, portal.id, filters.certification, readerLocale(account, portal));
      const columnIds = columns.map((column) => column.id);
      const students = await studentsOf(db, portal.id, account, filters, columnIds);
      const counts = await statusCounts(db, portal.id, students, columnIds);
      return buildDocument(
        columns.map((column) => ({
          type: 'qualification_summaries' as const,
          id: String(column.id),
          attributes: { name: column.name, counts: counts.get(column.id)! },
        })),
        { meta: onePageMeta(columns.length) },
      );
    },
  }),
];
