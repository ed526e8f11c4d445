import { can } from '@leerpad/core';
import { sql, type SelectQueryBuilder } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database, Executor, PortalScope } from '../../db/schema';
import { subjectOf } from '../../http/authorize';
import { NotFound } from '../../domain/errors';
import type { AccountContext } from '../../context/account';

export interface StudentFilters {
  mentees?: boolean | undefined;
  search?: string | undefined;
  course?: number[] | undefined;
  inactiveDays?: number | undefined;
  waiting?: boolean | undefined;
  /** The moment `inactiveDays` counts back from (now if not given). */
  now?: Date | undefined;
  /** Only these ids (the detail page). */
  ids?: number[] | undefined;
}

export interface StudentRow {
  id: number;
  full_name: string;
  avatar_url: string | null;
  last_online: string | null;
  email: string;
  phone_number: string | null;
  primary_coach_id: number | null;
  /** The mean of the student's enrolments' progress, kept by the database (decision 046). */
  progress_percent: number;
}

export interface StudentFigures {
  enrollments: number[];
  waiting: number;
}

/** Staff follow every student of the portal; a coach follows their own (decision 026). */
export function followsEveryone(actor: AccountContext): boolean {
  return can(subjectOf(actor), 'search:account');
}

/**
 * The caller's students: accounts whose only role is student (SPEC §6: a student counts only if
 * not also coach or staff). A coach's students are their mentees (primary coach = the coach) and
 * every enrolled student without a primary coach, whom every coach of the portal reviews (as
 * `coachesOf` in answers decides who is told of a hand-in). Staff see every student.
 */
export async function findStudents(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  filters: StudentFilters,
): Promise<StudentRow[]> {
  return studentsQuery(db, scope, actor, filters).orderBy('accounts.id').execute();
}

export type StudentSortKey = 'full_name' | 'last_online' | 'progress';

/**
 * One page of the caller's students in the given order (ties by id), and how many there are in
 * all: sorted, counted and paged by the database. Names sort case-blind by code point on both
 * databases; never-online students come first going up and last going down; progress is the
 * stored mean of the enrolments' (decision 046).
 */
export async function studentPage(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  filters: StudentFilters,
  sort: ReadonlyArray<{ key: StudentSortKey; direction: 'asc' | 'desc' }>,
  page: { offset: number; size: number },
): Promise<{ rows: StudentRow[]; total: number }> {
  const postgres = dialectOf(db) === 'postgres';
  let query = studentsQuery(db, scope, actor, filters);
  for (const { key, direction } of sort) {
    const way = sql.raw(direction);
    if (key === 'full_name') {
      query = query.orderBy(
        postgres
          ? sql`lower(${sql.ref('accounts.full_name')}) collate "C" ${way}`
          : sql`lower(${sql.ref('accounts.full_name')}) ${way}`,
      );
    } else if (key === 'last_online') {
      query = query.orderBy(
        sql`${sql.ref('accounts.last_online')} ${way} ${sql.raw(direction === 'asc' ? 'nulls first' : 'nulls last')}`,
      );
    } else {
      query = query.orderBy(sql`${sql.ref('accounts.progress_percent')} ${way}`);
    }
  }
  const [rows, count] = await Promise.all([
    query.orderBy('accounts.id', 'asc').limit(page.size).offset(page.offset).execute(),
    studentSet(db, scope, actor, filters)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

/**
 * The query behind `findStudents`, with the person-row columns, unordered and unpaged, for reports
 * that page, count or join over the caller's students in the database (the qualifications report).
 */
export function studentsQuery(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  filters: StudentFilters,
) {
  return studentSet(db, scope, actor, filters).select([
    'accounts.id',
    'accounts.full_name',
    'accounts.avatar_url',
    'accounts.last_online',
    'accounts.email',
    'accounts.phone_number',
    'accounts.primary_coach_id',
    'accounts.progress_percent',
  ]);
}

/**
 * The ids of the caller's students (as `findStudents` chooses them), as a subquery: the figures
 * over all of a coach's students filter by it in the database instead of sending thousands of ids.
 */
export function studentIds(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  filters: StudentFilters,
): StudentSet {
  return studentSet(db, scope, actor, filters).select('accounts.id');
}

export type StudentSet = SelectQueryBuilder<Database, 'accounts', { id: number }>;

/** The caller's students as a query without columns: the one place that decides who they are. */
function studentSet(db: Executor, scope: PortalScope, actor: AccountContext, filters: StudentFilters) {
  let query = db
    .selectFrom('accounts')
    .where('accounts.portal_id', '=', scope)
    .where('accounts.deactivated_at', 'is', null)
    // Kept from the account's roles by the database (decision 046).
    .where('accounts.counts_as_student', '=', 1);
  if (filters.mentees) query = query.where('accounts.primary_coach_id', '=', actor.id);
  else if (!followsEveryone(actor)) {
    query = query.where((eb) =>
      eb.or([
        eb('accounts.primary_coach_id', '=', actor.id),
        eb.and([
          eb('accounts.primary_coach_id', 'is', null),
          eb.exists(
            eb
              .selectFrom('enrollments')
              .select('enrollments.id')
              .whereRef('enrollments.account_id', '=', 'accounts.id'),
          ),
        ]),
      ]),
    );
  }
  if (filters.ids) query = query.where('accounts.id', 'in', filters.ids);
  if (filters.search) {
    const term = `%${filters.search.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['accounts.full_name']), 'like', term),
        eb(eb.fn('lower', ['accounts.email']), 'like', term),
      ]),
    );
  }
  const courses = filters.course;
  if (courses) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('enrollments')
          .select('enrollments.id')
          .whereRef('enrollments.account_id', '=', 'accounts.id')
          .where('enrollments.course_id', 'in', courses),
      ),
    );
  }
  if (filters.inactiveDays !== undefined) {
    const since = new Date(
      (filters.now ?? new Date()).getTime() - filters.inactiveDays * 86_400_000,
    ).toISOString();
    query = query.where((eb) =>
      eb.or([eb('accounts.last_online', 'is', null), eb('accounts.last_online', '<', since)]),
    );
  }
  if (filters.waiting) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('answer_members')
          .innerJoin('answers', 'answers.id', 'answer_members.answer_id')
          .select('answer_members.answer_id')
          .whereRef('answer_members.account_id', '=', 'accounts.id')
          .where('answers.status', '=', 'submitted'),
      ),
    );
  }
  return query;
}

const chunksOf = (ids: number[]): number[][] => {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += 500) chunks.push(ids.slice(i, i + 500));
  return chunks;
};

/** Enrolments and waiting answers of the given students, in two queries per 500. */
export async function studentFigures(
  db: Executor,
  scope: PortalScope,
  studentIds: number[],
): Promise<Map<number, StudentFigures>> {
  const figures = new Map<number, StudentFigures>(
    studentIds.map((id) => [id, { enrollments: [], waiting: 0 }]),
  );
  for (const ids of chunksOf(studentIds)) {
    const [enrollments, waiting] = await Promise.all([
      db
        .selectFrom('enrollments')
        .select(['id', 'account_id'])
        .where('portal_id', '=', scope)
        .where('account_id', 'in', ids)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('answer_members')
        .innerJoin('answers', 'answers.id', 'answer_members.answer_id')
        .select(['answer_members.account_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('answers.portal_id', '=', scope)
        .where('answers.status', '=', 'submitted')
        .where('answer_members.account_id', 'in', ids)
        .groupBy('answer_members.account_id')
        .execute(),
    ]);
    for (const enrollment of enrollments) figures.get(enrollment.account_id)!.enrollments.push(enrollment.id);
    for (const row of waiting) figures.get(row.account_id)!.waiting = Number(row.count);
  }
  return figures;
}

/** One of the caller's students; anyone else (or someone they do not coach) is a 404. */
export async function findStudent(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  id: number,
): Promise<StudentRow> {
  const [row] = await findStudents(db, scope, actor, { ids: [id] });
  if (!row) throw new NotFound('student');
  return row;
}

/** What a student's page links to: handed-in answers, and (`followUpsOf`) the follow-ups planned. */
export async function studentLinks(
  db: Executor,
  scope: PortalScope,
  studentId: number,
  followUpsOf: { coachId?: number } | null,
): Promise<{ answerIds: number[]; followUpIds: number[] }> {
  const answers = db
    .selectFrom('answers')
    .innerJoin('answer_members', 'answer_members.answer_id', 'answers.id')
    .select('answers.id')
    .where('answers.portal_id', '=', scope)
    .where('answer_members.account_id', '=', studentId)
    .where('answers.status', '!=', 'draft')
    .orderBy('answers.submitted_at', 'desc')
    .orderBy('answers.id', 'desc')
    .limit(100)
    .execute();
  let followUps = db
    .selectFrom('follow_ups')
    .select('id')
    .where('portal_id', '=', scope)
    .where('student_id', '=', studentId);
  if (followUpsOf?.coachId !== undefined) followUps = followUps.where('coach_id', '=', followUpsOf.coachId);
  const [answerRows, followUpRows] = await Promise.all([
    answers,
    followUpsOf ? followUps.orderBy('due_at', 'desc').orderBy('id', 'desc').limit(100).execute() : [],
  ]);
  return { answerIds: answerRows.map((row) => row.id), followUpIds: followUpRows.map((row) => row.id) };
}
