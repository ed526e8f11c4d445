import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { weekStart } from '../../db/weeks';
import type { AccountContext } from '../../context/account';
import { studentIds, studentsQuery, type StudentSet } from './service';

const DAY = 86_400_000;
const WEEKS = 12;

/**
 * A student column that SQLite may not use an index of (`+column`), so that it walks the portal's
 * index in order and checks each row against the student set; PostgreSQL plans this well by itself.
 */
const byPortalIndex = (db: Executor, column: 'answers.account_id' | 'answer_weeks.account_id') =>
  dialectOf(db) === 'sqlite' ? sql<number>`+${sql.ref(column)}` : sql.ref<number>(column);

export const PROGRESS_BUCKETS = ['0-24', '25-49', '50-74', '75-99', '100'] as const;

/**
 * The coach's work and figures in one read: answers waiting (oldest first), open tickets waiting
 * for an answer, follow-ups due or
 * overdue, students inactive for N days, recent completions, submissions and reviews per week
 * over 12 weeks, and the mentees' progress distribution.
 */
export async function coachOverview(
  db: Executor,
  scope: PortalScope,
  actor: AccountContext,
  options: { inactiveDays: number; followUps: boolean; tickets?: boolean; now?: Date },
) {
  const now = options.now ?? new Date();
  const firstWeek = new Date(weekStart(now).getTime() - (WEEKS - 1) * 7 * DAY);
  const weeks = Array.from({ length: WEEKS }, (_, i) =>
    new Date(firstWeek.getTime() + i * 7 * DAY).toISOString().slice(0, 10),
  );
  // The figures over all the coach's students filter by the student set as a subquery, each in one
  // query (decision 039): no lists of thousands of ids sent back and forth.
  const everyone = () => studentIds(db, scope, actor, {});
  const endOfToday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY,
  ).toISOString();
  const [counts, inactive, waiting, weekly, completions, progress, followUps, tickets] = await Promise.all([
    // How many students and mentees: counted by the database, not loaded.
    studentIds(db, scope, actor, {})
      .clearSelect()
      .select((eb) => [
        eb.fn.countAll<number>().as('students'),
        eb.fn
          .sum<number>(eb.case().when('accounts.primary_coach_id', '=', actor.id).then(1).else(0).end())
          .as('mentees'),
      ])
      .executeTakeFirstOrThrow(),
    // The 20 longest inactive: never online first, then the longest ago.
    studentsQuery(db, scope, actor, { inactiveDays: options.inactiveDays, now })
      .orderBy(sql`${sql.ref('accounts.last_online')} is not null`)
      .orderBy('accounts.last_online', 'asc')
      .orderBy('accounts.id', 'asc')
      .limit(20)
      .execute(),
    // Answers waiting for review, oldest first.
    db
      .selectFrom('answers')
      .innerJoin('learning_objects', 'learning_objects.id', 'answers.learning_object_id')
      .innerJoin('accounts', 'accounts.id', 'answers.account_id')
      .select([
        'answers.id',
        'answers.account_id',
        'answers.submitted_at',
        'answers.course_id',
        'learning_objects.title',
        'accounts.full_name',
      ])
      .where('answers.portal_id', '=', scope)
      .where('answers.status', '=', 'submitted')
      // SQLite: walk the portal's waiting answers oldest first (answers_portal_status) and stop at
      // 50 of the coach's students, instead of every student's answers sorted (`+` hides the
      // author index from the planner; PostgreSQL plans this well by itself).
      .where(byPortalIndex(db, 'answers.account_id'), 'in', everyone())
      .orderBy('answers.submitted_at', 'asc')
      .orderBy('answers.id', 'asc')
      .limit(50)
      .execute(),
    // Submissions and reviews per week: the students' stored weekly counts, at most 12 rows each.
    db
      .selectFrom('answer_weeks')
      .select((eb) => [
        'answer_weeks.week',
        eb.fn.sum<number>('answer_weeks.submissions').as('submissions'),
        eb.fn.sum<number>('answer_weeks.reviews').as('reviews'),
      ])
      // Walk the portal's weeks in order (answer_weeks_portal_week), each row checked against the
      // student set: no sort of every row by week (`+` keeps SQLite off the per-author index).
      .where(byPortalIndex(db, 'answer_weeks.account_id'), 'in', everyone())
      .where('answer_weeks.week', '>=', weeks[0]!)
      .where('answer_weeks.portal_id', '=', scope)
      .groupBy('answer_weeks.week')
      .execute(),
    db
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .innerJoin('accounts', 'accounts.id', 'enrollments.account_id')
      .select([
        'enrollments.account_id',
        'enrollments.completed_at',
        'enrollments.course_id',
        'courses.title',
        'accounts.full_name',
      ])
      .where('enrollments.portal_id', '=', scope)
      .where('enrollments.account_id', 'in', everyone())
      .where('enrollments.completed_at', '>=', new Date(now.getTime() - 30 * DAY).toISOString())
      .orderBy('enrollments.completed_at', 'desc')
      .orderBy('enrollments.id', 'asc')
      .limit(10)
      .execute(),
    progressDistribution(studentIds(db, scope, actor, { mentees: true })),
    // The coach's follow-ups due today or overdue.
    options.followUps
      ? db
          .selectFrom('follow_ups')
          .innerJoin('accounts', 'accounts.id', 'follow_ups.student_id')
          .select([
            'follow_ups.id',
            'follow_ups.student_id',
            'follow_ups.kind',
            'follow_ups.note',
            'follow_ups.due_at',
            'accounts.full_name',
          ])
          .where('follow_ups.portal_id', '=', scope)
          .where('follow_ups.coach_id', '=', actor.id)
          .where('follow_ups.done_at', 'is', null)
          .where('follow_ups.due_at', '<', endOfToday)
          .orderBy('follow_ups.due_at', 'asc')
          .limit(50)
          .execute()
      : [],
    // Open tickets the coach answers: those that went to them, or to every coach (decision 027).
    options.tickets
      ? db
          .selectFrom('tickets')
          .innerJoin('accounts', 'accounts.id', 'tickets.student_id')
          .select([
            'tickets.id',
            'tickets.student_id',
            'tickets.subject',
            'tickets.updated_at',
            'accounts.full_name',
          ])
          .where('tickets.portal_id', '=', scope)
          .where('tickets.state', '=', 'open')
          .where((eb) => eb.or([eb('tickets.coach_id', '=', actor.id), eb('tickets.coach_id', 'is', null)]))
          .orderBy('tickets.updated_at', 'asc')
          .limit(20)
          .execute()
      : [],
  ]);
  const submissions = new Array<number>(WEEKS).fill(0);
  const reviews = new Array<number>(WEEKS).fill(0);
  for (const row of weekly) {
    const index = weeks.indexOf(row.week);
    if (index < 0) continue;
    submissions[index]! += Number(row.submissions);
    reviews[index]! += Number(row.reviews);
  }
  const distribution = PROGRESS_BUCKETS.map((_, index) => progress.get(index) ?? 0);

  const age = (value: string | null) =>
    value ? Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / DAY)) : 0;
  return {
    students_count: Number(counts.students),
    mentees_count: Number(counts.mentees ?? 0),
    inactive_days: options.inactiveDays,
    waiting_answers: waiting.map((w) => ({
      answer_id: String(w.id),
      student_id: String(w.account_id),
      student_name: w.full_name,
      title: w.title,
      submitted_at: w.submitted_at,
      age_days: age(w.submitted_at),
    })),
    follow_ups_due: followUps.map((f) => ({
      follow_up_id: String(f.id),
      student_id: String(f.student_id),
      student_name: f.full_name,
      kind: f.kind as 'call' | 'meeting' | 'message',
      note: f.note,
      due_at: f.due_at,
      overdue: new Date(f.due_at).getTime() < now.getTime(),
    })),
    open_tickets: tickets.map((ticket) => ({
      ticket_id: String(ticket.id),
      student_id: String(ticket.student_id),
      student_name: ticket.full_name,
      subject: ticket.subject,
      updated_at: ticket.updated_at,
      age_days: age(ticket.updated_at),
    })),
    inactive_students: inactive.map((s) => ({
      student_id: String(s.id),
      student_name: s.full_name,
      last_online: s.last_online,
    })),
    recent_completions: completions.map((c) => ({
      student_id: String(c.account_id),
      student_name: c.full_name,
      course_id: String(c.course_id),
      title: c.title,
      completed_at: c.completed_at,
    })),
    weekly: { weeks, submissions, reviews },
    mentee_progress: { buckets: [...PROGRESS_BUCKETS], counts: distribution },
  };
}

/**
 * How many of the students fall in each progress bucket (index into PROGRESS_BUCKETS), from the
 * progress the database keeps on each account (decision 046): the mean of their enrolments',
 * floored; 0 without an enrolment.
 */
async function progressDistribution(students: StudentSet): Promise<Map<number, number>> {
  const bucket = sql<number>`case when ${sql.ref('accounts.progress_percent')} >= 100 then 4
    when ${sql.ref('accounts.progress_percent')} >= 75 then 3
    when ${sql.ref('accounts.progress_percent')} >= 50 then 2
    when ${sql.ref('accounts.progress_percent')} >= 25 then 1 else 0 end`;
  const rows = await students
    .clearSelect()
    .select((eb) => [bucket.as('bucket'), eb.fn.countAll<number>().as('count')])
    .groupBy(bucket)
    .execute();
  return new Map(rows.map((row) => [Number(row.bucket), Number(row.count)]));
}
