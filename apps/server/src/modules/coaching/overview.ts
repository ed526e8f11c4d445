import { sql } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Executor, PortalScope } from '../../db/schema';
import { weekIndex, weekStart } from '../../db/weeks';
import type { AccountContext } from '../../http/session';
import { findStudents, studentFigures } from './service';

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
  const students = await findStudents(db, scope, actor, {});
  const ids = students.map((s) => s.id);
  const names = new Map(students.map((s) => [s.id, s.full_name]));
  const firstWeek = new Date(weekStart(now).getTime() - (WEEKS - 1) * 7 * DAY);
  const inactiveSince = new Date(now.getTime() - options.inactiveDays * DAY).toISOString();
  const chunk = <T>(list: T[]) => {
    const out: T[][] = [];
    for (let i = 0; i < list.length; i += 500) out.push(list.slice(i, i + 500));
    return out;
  };

  const waiting: Array<{
    id: number;
    account_id: number;
    submitted_at: string | null;
    title: string;
    course_id: number;
  }> = [];
  // Submissions and reviews per week, counted by the database (a coach may have 100,000 answers).
  const dialect = dialectOf(db);
  const start = firstWeek.toISOString();
  const end = new Date(weekStart(now).getTime() + 7 * DAY).toISOString();
  const submissions = new Array<number>(WEEKS).fill(0);
  const reviews = new Array<number>(WEEKS).fill(0);
  const addPerWeek = (
    into: number[],
    rows: Array<{ week: number | string | null; count: number | string | bigint }>,
  ) => {
    for (const row of rows) {
      const index = Number(row.week);
      if (index >= 0 && index < WEEKS) into[index]! += Number(row.count);
    }
  };
  const perWeek = (column: 'submitted_at' | 'reviewed_at', part: number[]) =>
    db
      .selectFrom('answers')
      .select((eb) => [
        weekIndex(dialect, `answers.${column}`, start).as('week'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('answers.portal_id', '=', scope)
      .where('answers.account_id', 'in', part)
      .where(`answers.${column}`, '>=', start)
      .where(`answers.${column}`, '<', end)
      .groupBy(sql`1`)
      .execute();
  const completions: Array<{
    account_id: number;
    completed_at: string | null;
    title: string;
    course_id: number;
  }> = [];
  for (const part of chunk(ids)) {
    const [w, submitted, reviewed, c] = await Promise.all([
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
        .where('answers.account_id', 'in', part)
        .orderBy('answers.submitted_at', 'asc')
        .limit(50)
        .execute(),
      perWeek('submitted_at', part),
      perWeek('reviewed_at', part),
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
        .where('enrollments.account_id', 'in', part)
        .where('enrollments.completed_at', '>=', new Date(now.getTime() - 30 * DAY).toISOString())
        .orderBy('enrollments.completed_at', 'desc')
        .limit(20)
        .execute(),
    ]);
    waiting.push(...w);
    addPerWeek(submissions, submitted);
    addPerWeek(reviews, reviewed);
    completions.push(...c);
  }
  waiting.sort((x, y) => String(x.submitted_at).localeCompare(String(y.submitted_at)));
  completions.sort((x, y) => String(y.completed_at).localeCompare(String(x.completed_at)));

  const weeks = Array.from({ length: WEEKS }, (_, i) =>
    new Date(firstWeek.getTime() + i * 7 * DAY).toISOString().slice(0, 10),
  );
  const mentees = students.filter((s) => s.primary_coach_id === actor.id);
  const figures = await studentFigures(
    db,
    scope,
    mentees.map((m) => m.id),
  );
  const distribution = PROGRESS_BUCKETS.map(() => 0);
  for (const mentee of mentees) {
    const progress = figures.get(mentee.id)?.progress ?? 0;
    const bucket = progress >= 100 ? 4 : Math.min(3, Math.floor(progress / 25));
    distribution[bucket]!++;
  }

  const inactive = students
    .filter((s) => s.last_online === null || s.last_online < inactiveSince)
    .sort((x, y) => String(x.last_online ?? '').localeCompare(String(y.last_online ?? '')))
    .slice(0, 20);

  let followUps: Array<{
    id: number;
    student_id: number;
    kind: string;
    note: string;
    due_at: string;
  }> = [];
  if (options.followUps) {
    followUps = await db
      .selectFrom('follow_ups')
      .select(['id', 'student_id', 'kind', 'note', 'due_at'])
      .where('portal_id', '=', scope)
      .where('coach_id', '=', actor.id)
      .where('done_at', 'is', null)
      .where(
        'due_at',
        '<',
        new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY).toISOString(),
      )
      .orderBy('due_at', 'asc')
      .limit(50)
      .execute();
    const missing = followUps.map((f) => f.student_id).filter((id) => !names.has(id));
    if (missing.length > 0) {
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'full_name'])
        .where('portal_id', '=', scope)
        .where('id', 'in', missing)
        .execute();
      for (const row of rows) names.set(row.id, row.full_name);
    }
  }

  // Open tickets the coach answers: those that went to them, or to every coach (decision 027).
  const tickets = options.tickets
    ? await db
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
    : [];

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
      student_name: names.get(f.student_id) ?? '',
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
