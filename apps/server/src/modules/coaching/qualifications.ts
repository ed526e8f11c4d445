/**
 * The qualifications report (issue 16, decision 041): for each student in the caller's reach, the
 * status of every certification. A cell's status is computed in the database from certificates,
 * assignments and enrolments, so the report pages, filters and counts without loading every cell:
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
 * A revoked certificate does not count as held. Any other pair has no cell (not assigned).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Executor, PortalScope } from '../../db/schema';
import type { AccountContext } from '../../http/session';
import { studentsQuery } from './service';

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
 * status filter all build on. `students` is a list of ids or the report's student query.
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
  const current = sql`(status = 'valid' and (expires_at is null or expires_at > ${nowIso}))`;
  const ranOut = sql`(status = 'expired' or (status = 'valid' and expires_at <= ${nowIso}))`;
  return sql`
    select pairs.account_id, pairs.certification_id,
      case
        when held.valid = 1 then 'achieved'
        when held.ran_out = 1 then 'expired'
        when assigned.account_id is not null and assigned.due < ${today} then 'overdue'
        when learning.enrolled > 0 then 'in_progress'
        else 'due'
      end as status,
      case when held.valid = 1 then held.valid_until when held.ran_out = 1 then held.ran_out_at end as expires_at,
      assigned.due as due_date,
      case when required.total > 0 then (coalesce(learning.done, 0) * 100) / required.total else 0 end as percent
    from (
      select account_id, certification_id from certificates
        where portal_id = ${scope} and status <> 'revoked'
          and certification_id in ${which} and account_id in ${who}
      union
      select a.account_id, a.certification_id from certification_assignments a
        where a.portal_id = ${scope} and a.account_id is not null
          and a.certification_id in ${which} and a.account_id in ${who}
      union
      select e.account_id, a.certification_id from certification_assignments a
        join enrollments e on e.course_id = a.course_id and e.portal_id = a.portal_id
        where a.portal_id = ${scope} and a.course_id is not null
          and a.certification_id in ${which} and e.account_id in ${who}
      union
      select e.account_id, cc.certification_id from certification_courses cc
        join enrollments e on e.course_id = cc.course_id
        where e.portal_id = ${scope} and cc.certification_id in ${which} and e.account_id in ${who}
    ) pairs
    left join (
      select account_id, certification_id,
        max(case when ${current} then 1 else 0 end) as valid,
        max(case when ${current} then expires_at end) as valid_until,
        max(case when ${ranOut} then 1 else 0 end) as ran_out,
        max(case when ${ranOut} then expires_at end) as ran_out_at
      from certificates
      where portal_id = ${scope} and certification_id in ${which} and account_id in ${who}
      group by account_id, certification_id
    ) held on held.account_id = pairs.account_id and held.certification_id = pairs.certification_id
    left join (
      select account_id, certification_id, min(due) as due from (
        select a.account_id, a.certification_id, coalesce(a.due_date, c.due_date) as due
          from certification_assignments a join certifications c on c.id = a.certification_id
          where a.portal_id = ${scope} and a.account_id is not null
            and a.certification_id in ${which} and a.account_id in ${who}
        union all
        select e.account_id, a.certification_id, coalesce(a.due_date, c.due_date) as due
          from certification_assignments a join certifications c on c.id = a.certification_id
          join enrollments e on e.course_id = a.course_id and e.portal_id = a.portal_id
          where a.portal_id = ${scope} and a.course_id is not null
            and a.certification_id in ${which} and e.account_id in ${who}
      ) assigned_rows
      group by account_id, certification_id
    ) assigned on assigned.account_id = pairs.account_id and assigned.certification_id = pairs.certification_id
    left join (
      select e.account_id, cc.certification_id, count(*) as enrolled,
        sum(case when e.completed_at is not null then 1 else 0 end) as done
      from certification_courses cc join enrollments e on e.course_id = cc.course_id
      where e.portal_id = ${scope} and cc.certification_id in ${which} and e.account_id in ${who}
      group by e.account_id, cc.certification_id
    ) learning on learning.account_id = pairs.account_id and learning.certification_id = pairs.certification_id
    left join (
      select certification_id, count(*) as total from certification_courses
      where certification_id in ${which} group by certification_id
    ) required on required.certification_id = pairs.certification_id
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
  const { rows } = await sql<{ certification_id: number; status: QualificationStatus; n: number | string }>`
    select cells.certification_id, cells.status, count(*) as n
    from (${cellsQuery(scope, students, certificationIds, now)}) cells
    group by cells.certification_id, cells.status
  `.execute(db);
  for (const row of rows) {
    const entry = map.get(Number(row.certification_id));
    if (entry) entry[row.status] = Number(row.n);
  }
  return map;
}
