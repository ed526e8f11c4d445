import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { weekStart } from '../../db/weeks';
import type { AccountContext } from '../../http/session';
import { findStudents, studentIds, studentProgress } from './service';

const DAY = 86_400_000;
const WEEKS = 12;

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
  const inactiveSince = new Date(now.getTime() - options.inactiveDays * DAY).toISOString();
  const weeks = Array.from({ length: WEEKS }, (_, i) =>
    new Date(firstWeek.getTime() + i * 7 * DAY).toISOString().slice(0, 10),
  );
  // The figures over all the coach's students filter by the student set as a subquery, each in one
  // query (decision 039): no lists of thousands of ids sent back and forth.
  const everyone = () => studentIds(db, scope, actor, {});
  const endOfToday = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY,
  ).toISOString();
  const [students, waiting, weekly, completions, menteeProgress, followUps, tickets] = await Promise.all([
    findStudents(db, scope, actor, {}),
    // Answers waiting for review, oldest first.
    db
      .selectFrom('answers')
      .innerJoin('learning_objects', 'learning_objects.id', 'answers.learning_object_id')
      .select([
        'answers.id',
        'answers.account_id',
        'answers.submitted_at',
        'answers.course_id',
        'learning_objects.title',
      ])
      .where('answers.portal_id', '=', scope)
      .where('answers.status', '=', 'submitted')
      // SQLite: walk the portal's waiting answers oldest first (answers_portal_status) and stop at
      // 50 of the coach's students, instead of every student's answers sorted (`+` hides the
      // author index from the planner; PostgreSQL plans this well by itself).
      .where(
        dialectOf(db) === 'sqlite'
          ? sql<number>`+${sql.ref('answers.account_id')}`
          : sql.ref('answers.account_id'),
        'in',
        everyone(),
      )
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
      .where('answer_weeks.account_id', 'in', everyone())
      .where('answer_weeks.week', '>=', weeks[0]!)
      .where('answer_weeks.portal_id', '=', scope)
      .groupBy('answer_weeks.week')
      .execute(),
    db
      .selectFrom('enrollments')
      .innerJoin('courses', 'courses.id', 'enrollments.course_id')
      .select([
        'enrollments.account_id',
        'enrollments.completed_at',
        'enrollments.course_id',
        'courses.title',
      ])
      .where('enrollments.portal_id', '=', scope)
      .where('enrollments.account_id', 'in', everyone())
      .where('enrollments.completed_at', '>=', new Date(now.getTime() - 30 * DAY).toISOString())
      .orderBy('enrollments.completed_at', 'desc')
      .orderBy('enrollments.id', 'asc')
      .limit(10)
      .execute(),
    studentProgress(db, scope, studentIds(db, scope, actor, { mentees: true })),
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
  const names = new Map(students.map((s) => [s.id, s.full_name]));
  const submissions = new Array<number>(WEEKS).fill(0);
  const reviews = new Array<number>(WEEKS).fill(0);
  for (const row of weekly) {
    const index = weeks.indexOf(row.week);
    if (index < 0) continue;
    submissions[index]! += Number(row.submissions);
    reviews[index]! += Number(row.reviews);
  }

  const mentees = students.filter((s) => s.primary_coach_id === actor.id);
  const distribution = PROGRESS_BUCKETS.map(() => 0);
  for (const mentee of mentees) {
    const progress = menteeProgress.get(mentee.id) ?? 0;
    const bucket = progress >= 100 ? 4 : Math.min(3, Math.floor(progress / 25));
    distribution[bucket]!++;
  }

  const inactive = students
    .filter((s) => s.last_online === null || s.last_online < inactiveSince)
    .sort((x, y) => String(x.last_online ?? '').localeCompare(String(y.last_online ?? '')))
    .slice(0, 20);

  const age = (value: string | null) =>
    value ? Math.max(0, Math.floor((now.getTime() - new Date(value).getTime()) / DAY)) : 0;
  return {
    students_count: students.length,
    mentees_count: mentees.length,
    inactive_days: options.inactiveDays,
    waiting_answers: waiting.slice(0, 50).map((w) => ({
      answer_id: String(w.id),
      student_id: String(w.account_id),
      student_name: names.get(w.account_id) ?? '',
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
    recent_completions: completions.slice(0, 10).map((c) => ({
      student_id: String(c.account_id),
      student_name: names.get(c.account_id) ?? '',
      course_id: String(c.course_id),
      title: c.title,
      completed_at: c.completed_at,
    })),
    weekly: { weeks, submissions, reviews },
    mentee_progress: { buckets: [...PROGRESS_BUCKETS], counts: distribution },
  };
}
