/**
 * The qualifications report (issue 16, decision 041): for each student in the caller's reach, the
 * status of every certification. A cell's status follows from certificates, assignments and
 * enrolments, and is computed in the database, so the report pages, filters and counts without
 * loading every cell:
 *
 * 1. achieved — a valid certificate that has not passed its expiry (expires_at tells until when);
 * 2. expired — otherwise, a certificate that expired (or is valid but past its end before the sweep
 *    marked it);
 * 3. overdue — otherwise, assigned (to the person, or to a course they are enrolled in) with a due
 *    date (the assignment's, else the certification's; the earliest) that has passed;
 * 4. in_progress — otherwise, enrolled in at least one required course (percent: the share of
 *    required courses completed);
 * 5. due — otherwise, assigned, with a due date ahead or none.
 *
 * A revoked certificate does not count as held. Any other pair has no cell (not assigned). The
 * facts behind each cell are stored in `qualification_cells`, kept in step by triggers (decision
 * 045); only the comparison with the clock happens when the report reads.
 */
import type { Locale } from '@leerpad/core';
import { sql, type RawBuilder } from 'kysely';
import { pagedList, type PageRequest } from '../../db/pages';
import { dialectOf } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import type { AccountContext } from '../../context/account';
import { localized } from '../certifications/service';
import { studentsQuery } from './service';
import { coachAccounts } from '../accounts/coaches';

export const QUALIFICATION_STATUSES = ['achieved', 'in_progress', 'due', 'overdue', 'expired'] as const;
export type QualificationStatus = (typeof QUALIFICATION_STATUSES)[number];

export interface QualificationFilters {
  course?: number[] | undefined;
  certification?: number[] | undefined;
  status?: QualificationStatus[] | undefined;
  coach?: number[] | undefined;
}

export interface QualificationCell {
  account_id: number;
  certification_id: number;
  status: QualificationStatus;
  /** achieved: until when (null: does not expire); expired: when it ran out. */
  expires_at: string | null;
  /** The earliest due date of the assignments (YYYY-MM-DD), if any. */
  due_date: string | null;
  /** Share of the required courses completed, 0–100. */
  percent: number;
}

/** The students the caller may see in the report, narrowed by the course and coach filters. */
export function reportStudents(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  filters: QualificationFilters,
) {
  let query = studentsQuery(db, scope, actor, { course: filters.course });
  if (filters.coach) query = query.where('accounts.primary_coach_id', 'in', filters.coach);
  return query;
}

type StudentSet = number[] | ReturnType<typeof reportStudents>;

const inList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql.lit(id)),
    sql`, `,
  );

const studentsIn = (students: StudentSet): RawBuilder<unknown> =>
  Array.isArray(students)
    ? sql`(${students.length > 0 ? inList(students) : sql`null`})`
    : sql`(${students.clearSelect().select('accounts.id')})`;

/**
 * One row per (student, certification) that has a status: the query the page, the counts and the
 * status filter all build on. `students` is a list of ids or the report's student query. The facts
 * come from `qualification_cells` (kept by triggers, decision 045); the calendar decides here:
 * achieved while a valid certificate has not passed its expiry, overdue once the due date passed.
 */
export function cellsQuery(
  scope: PortalScope,
  students: StudentSet,
  certificationIds: readonly number[],
  now: Date,
): RawBuilder<{
  account_id: number;
  certification_id: number;
  status: QualificationStatus;
  expires_at: string | null;
  due_date: string | null;
  percent: number | string;
}> {
  const nowIso = now.toISOString();
  const today = nowIso.slice(0, 10);
  const who = studentsIn(students);
  const which = sql`(${certificationIds.length > 0 ? inList(certificationIds) : sql`null`})`;
  const held = sql`(q.valid_open = 1 or q.valid_until > ${nowIso})`;
  // Not held: every valid certificate with an expiry ran out, so the latest of them counts as well.
  const ranOut = sql`(q.lapsed = 1 or q.valid_until is not null)`;
  return sql`
    select q.account_id, q.certification_id,
      case
        when ${held} then 'achieved'
        when ${ranOut} then 'expired'
        when q.assigned = 1 and q.due_date < ${today} then 'overdue'
        when q.enrolled > 0 then 'in_progress'
        else 'due'
      end as status,
      case
        when ${held} then case when q.valid_until > ${nowIso} then q.valid_until end
        when ${ranOut} then case
          when q.lapsed_at is null then q.valid_until
          when q.valid_until is null or q.lapsed_at > q.valid_until then q.lapsed_at
          else q.valid_until end
      end as expires_at,
      q.due_date, q.percent
    from qualification_cells q
    where q.portal_id = ${scope} and q.certification_id in ${which} and q.account_id in ${who}
  `;
}

const toIso = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

/** The cells of the given students (one page), by student. */
export async function cellsOf(
  db: Executor,
  scope: PortalScope,
  studentIds: number[],
  certificationIds: readonly number[],
  now = new Date(),
): Promise<Map<number, QualificationCell[]>> {
  const map = new Map<number, QualificationCell[]>(studentIds.map((id) => [id, []]));
  if (studentIds.length === 0 || certificationIds.length === 0) return map;
  const { rows } = await cellsQuery(scope, studentIds, certificationIds, now).execute(db);
  for (const row of rows) {
    map.get(Number(row.account_id))?.push({
      account_id: Number(row.account_id),
      certification_id: Number(row.certification_id),
      status: row.status,
      expires_at: toIso(row.expires_at),
      due_date: row.due_date === null ? null : String(row.due_date),
      percent: Number(row.percent),
    });
  }
  return map;
}

/**
 * Every cell of the report's students for the CSV export, by student and certification, in a
 * compact form (`status|expiry day|due date|percent`, see `exportCell`): the database joins each
 * student's cells into one text, about 5,000 rows instead of 100,000 at the benchmark's size, and
 * equal cells (most of them) are turned into words once.
 */
export async function cellsForExport(
  db: Executor,
  scope: PortalScope,
  students: ReturnType<typeof reportStudents>,
  certificationIds: readonly number[],
  now = new Date(),
): Promise<Map<number, Map<number, string>>> {
  const map = new Map<number, Map<number, string>>();
  if (certificationIds.length === 0) return map;
  const postgres = dialectOf(db) === 'postgres';
  const day = postgres
    ? sql`to_char(cells.expires_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`substr(cells.expires_at, 1, 10)`;
  const item = sql`cells.certification_id || '|' || cells.status || '|' || coalesce(${day}, '') || '|' || coalesce(cells.due_date, '') || '|' || cells.percent`;
  const joined = postgres ? sql`string_agg(${item}, ';')` : sql`group_concat(${item}, ';')`;
  const { rows } = await sql<{ account_id: number; cells: string | null }>`
    select cells.account_id, ${joined} as cells
    from (${cellsQuery(scope, students, certificationIds, now)}) cells
    group by cells.account_id
  `.execute(db);
  for (const row of rows) {
    const cells = new Map<number, string>();
    for (const text of (row.cells ?? '').split(';')) {
      const split = text.indexOf('|');
      cells.set(Number(text.slice(0, split)), text.slice(split + 1));
    }
    map.set(Number(row.account_id), cells);
  }
  return map;
}

/** A cell of `cellsForExport` (`status|expiry day|due date|percent`) as a cell of the report. */
export function exportCell(text: string): Omit<QualificationCell, 'account_id' | 'certification_id'> {
  const [status, expires, due, percent] = text.split('|');
  return {
    status: status as QualificationStatus,
    expires_at: expires || null,
    due_date: due || null,
    percent: Number(percent),
  };
}

/** Students (of the report's set) with at least one cell in one of the statuses. */
export function withStatus(
  scope: PortalScope,
  students: ReturnType<typeof reportStudents>,
  certificationIds: readonly number[],
  statuses: readonly QualificationStatus[],
  now = new Date(),
): RawBuilder<{ account_id: number }> {
  const list = sql.join(
    statuses.map((status) => sql.lit(status)),
    sql`, `,
  );
  return sql`select cells.account_id from (${cellsQuery(scope, students, certificationIds, now)}) cells where cells.status in (${list})`;
}

/** Per certification, how many of the report's students are in each status. */
export async function statusCounts(
  db: Executor,
  scope: PortalScope,
  students: ReturnType<typeof reportStudents>,
  certificationIds: readonly number[],
  now = new Date(),
): Promise<Map<number, Record<QualificationStatus, number>>> {
  const map = new Map<number, Record<QualificationStatus, number>>(
    certificationIds.map((id) => [id, { achieved: 0, in_progress: 0, due: 0, overdue: 0, expired: 0 }]),
  );
  if (certificationIds.length === 0) return map;
  // One group per certification (conditional sums, in the order of an index): no sort over the
  // portal's cells.
  const { rows } = await sql<{ certification_id: number } & Record<QualificationStatus, number | string>>`
    select cells.certification_id,
      ${sql.join(
        QUALIFICATION_STATUSES.map(
          (status) =>
            sql`sum(case when cells.status = ${sql.lit(status)} then 1 else 0 end) as ${sql.ref(status)}`,
        ),
        sql`, `,
      )}
    from (${cellsQuery(scope, students, certificationIds, now)}) cells
    group by cells.certification_id
  `.execute(db);
  for (const row of rows) {
    const entry = map.get(Number(row.certification_id));
    if (entry) for (const status of QUALIFICATION_STATUSES) entry[status] = Number(row[status] ?? 0);
  }
  return map;
}

/** The certifications shown as columns, by name in the reader's language. */
export async function columnsOf(db: Executor, scope: PortalScope, ids: number[] | undefined, locale: Locale) {
  let query = db.selectFrom('certifications').selectAll().where('portal_id', '=', scope);
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query.orderBy('id').execute();
  return rows
    .map((row) => ({ id: row.id, name: localized(row, locale).name }))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.id - b.id);
}

export async function studentsOf(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  filters: QualificationFilters,
  columns: number[],
) {
  const students = reportStudents(db, scope, actor, filters);
  if (!filters.status) return students;
  // Computed once, so that the page and its count do not each compute every cell again.
  const { rows } = await sql<{ account_id: number }>`select distinct matching.account_id from (${withStatus(
    scope,
    reportStudents(db, scope, actor, filters),
    columns,
    filters.status,
  )}) matching`.execute(db);
  const ids = rows.map((row) => Number(row.account_id));
  return ids.length === 0
    ? students.where(sql<boolean>`1 = 0`)
    : students.where('accounts.id', 'in', sql<number>`(${sql.join(ids.map((id) => sql.lit(id)))})`);
}

/** The ids among `ids` of the portal's rows of `table` (a filter naming others is refused). */
export function knownOfPortal(
  db: Executor,
  scope: PortalScope,
  table: 'courses' | 'certifications',
  ids: number[],
) {
  return db.selectFrom(table).select('id').where('portal_id', '=', scope).where('id', 'in', ids).execute();
}

/** The ids among `ids` of the portal's coaches. */
export function knownCoaches(db: Executor, scope: PortalScope, ids: number[]) {
  return coachAccounts(db, scope).select('accounts.id').where('accounts.id', 'in', ids).execute();
}

/** The report's students as its rows show them, by name. */
export function reportRows(students: ReturnType<typeof reportStudents>) {
  return students
    .clearSelect()
    .select(['accounts.id', 'accounts.full_name', 'accounts.email', 'accounts.primary_coach_id'])
    .orderBy('accounts.full_name')
    .orderBy('accounts.id');
}

/** One page of the report's students and their count. */
export function reportPage(students: ReturnType<typeof reportStudents>, page: PageRequest) {
  return pagedList(students.clearSelect(), reportRows(students), page);
}
