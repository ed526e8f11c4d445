import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Each enrolment keeps its progress (required objects, completed required objects, percent) on its
 * row, written in the transaction that changes it (`refreshProgress` in modules/enrollments), so
 * the coach overview and the student list read and sort indexed columns instead of counting every
 * enrolment's progress rows per request (decision 039). Backfilled here from the progress rows.
 *
 * `answer_weeks` counts each author's answers handed in and reviewed per week (the week of each
 * answer's current `submitted_at` and `reviewed_at`), so the overview's weekly chart sums at most
 * 12 rows per student instead of reading every answer of 12 weeks. Backfilled from the answers.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['progress_required', 'progress_completed', 'progress_percent']) {
    await db.schema
      .alterTable('enrollments')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`
    update enrollments set
      progress_required = (
        select count(*) from learning_objects
        where learning_objects.course_id = enrollments.course_id and learning_objects.required = 1),
      progress_completed = (
        select count(*) from learning_object_progress
        join learning_objects on learning_objects.id = learning_object_progress.learning_object_id
        where learning_object_progress.enrollment_id = enrollments.id
          and learning_object_progress.status = 'completed' and learning_objects.required = 1)
  `.execute(db);
  await sql`
    update enrollments set progress_percent = case
      when progress_required <= 0 then 0
      when progress_completed >= progress_required then 100
      else (progress_completed * 100) / progress_required end
  `.execute(db);
  await db.schema
    .createIndex('enrollments_portal_account_progress')
    .on('enrollments')
    .columns(['portal_id', 'account_id', 'progress_percent'])
    .execute();
  await db.schema
    .createTable('answer_weeks')
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('submissions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('answer_weeks_account_week')
    .unique()
    .on('answer_weeks')
    .columns(['account_id', 'week'])
    .execute();
  // Covers the chart's read (the students' weeks since a date) without touching the rows.
  await db.schema
    .createIndex('answer_weeks_account_week_counts')
    .on('answer_weeks')
    .columns(['account_id', 'week', 'portal_id', 'submissions', 'reviews'])
    .execute();
  const weekOf = (column: string) =>
    dialectOf(db) === 'postgres'
      ? `to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`
      : `date(${column}, 'weekday 0', '-6 days')`;
  await sql
    .raw(
      `insert into answer_weeks (portal_id, account_id, week, submissions, reviews)
       select portal_id, account_id, week, sum(submissions), sum(reviews) from (
         select portal_id, account_id, ${weekOf('submitted_at')} as week, 1 as submissions, 0 as reviews
         from answers where submitted_at is not null
         union all
         select portal_id, account_id, ${weekOf('reviewed_at')} as week, 0 as submissions, 1 as reviews
         from answers where reviewed_at is not null
       ) moves group by portal_id, account_id, week`,
    )
    .execute(db);
}
