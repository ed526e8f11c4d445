import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';
import type { DialectName } from '../dialect';

/**
 * The admin dashboard's figures per week, kept as they happen (decision 040): `portal_weeks` holds
 * one row per portal and week (the Monday, UTC, as YYYY-MM-DD) with the sign-ups, enrolments,
 * completions and active learners of that week; `portal_week_learners` remembers which learners
 * were active in a week, so each counts once. Triggers on accounts, enrollments and
 * learning_object_progress keep both in step inside the writing transaction, whichever code (or
 * import, or seed) writes the rows. The rows already there are counted once here (backfill).
 */

/** The Monday (UTC) of the week a timestamp falls in, as YYYY-MM-DD. */
function weekOf(dialect: DialectName, column: string): string {
  return dialect === 'postgres'
    ? `to_char(date_trunc('week', ${column} at time zone 'UTC'), 'YYYY-MM-DD')`
    : `date(${column}, '-6 days', 'weekday 1')`;
}

type Deltas = { sign_ups?: number; enrolments?: number; completions?: number; active_learners?: number };
const COUNTS = ['sign_ups', 'enrolments', 'completions', 'active_learners'] as const;

/** SQLite: adds `deltas` to the week's row, making it when it is not there yet. */
function bump(portal: string, week: string, deltas: Deltas): string {
  return (
    `insert into portal_weeks (portal_id, week, ${COUNTS.join(', ')}) ` +
    `values (${portal}, ${week}, ${COUNTS.map((name) => deltas[name] ?? 0).join(', ')}) ` +
    `on conflict (portal_id, week) do update set ` +
    COUNTS.filter((name) => deltas[name])
      .map((name) => `${name} = portal_weeks.${name} + excluded.${name}`)
      .join(', ')
  );
}

/**
 * Counts the weeks from the rows there are (the backfill; safe to run again: it sets each week's
 * counts to the recount). Progress rows keep only their last update, so an earlier return to the same
 * learning object is not known any more; from then on every week a learner is active in is kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countPortalWeeks(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const week = (column: string) => weekOf(dialect, column);
  const ignore = dialect === 'postgres' ? '' : 'or ignore';
  const nothing = dialect === 'postgres' ? 'on conflict do nothing' : '';
  await sql
    .raw(
      `insert ${ignore} into portal_week_learners (portal_id, week, account_id)
      select learning_object_progress.portal_id, ${week('learning_object_progress.updated_at')}, enrollments.account_id
        from learning_object_progress
        join enrollments on enrollments.id = learning_object_progress.enrollment_id
      union
      select portal_id, ${week('enrolled_at')}, account_id from enrollments
      ${nothing}`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into portal_weeks (portal_id, week, ${COUNTS.join(', ')})
      select portal_id, week, sum(sign_ups), sum(enrolments), sum(completions), sum(active_learners) from (
        select portal_id, ${week('created_at')} as week, 1 as sign_ups, 0 as enrolments, 0 as completions, 0 as active_learners from accounts
        union all select portal_id, ${week('enrolled_at')}, 0, 1, 0, 0 from enrollments
        union all select portal_id, ${week('completed_at')}, 0, 0, 1, 0 from enrollments where completed_at is not null
        union all select portal_id, week, 0, 0, 0, 1 from portal_week_learners
      ) as counted where true group by portal_id, week
      on conflict (portal_id, week) do update set ${COUNTS.map((name) => `${name} = excluded.${name}`).join(', ')}`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema
    .createTable('portal_weeks')
    .addColumn('portal_id', 'integer', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('sign_ups', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enrolments', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completions', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_learners', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('portal_weeks_pk', ['portal_id', 'week'])
    .execute();
  await db.schema
    .createTable('portal_week_learners')
    .addColumn('portal_id', 'integer', (c) => c.notNull())
    .addColumn('week', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('portal_week_learners_pk', ['portal_id', 'week', 'account_id'])
    .execute();

  await countPortalWeeks(db);
  if (dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** SQLite: row triggers (each row is counted where it is written; SQLite updates rows in place). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function sqliteTriggers(db: Kysely<any>): Promise<void> {
  const week = (column: string) => weekOf('sqlite', column);
  const run = (text: string) => sql.raw(text).execute(db);
  // What each write adds or takes away. `new`/`old` are the row after and before the write.
  const accountsInsert = [bump('new.portal_id', week('new.created_at'), { sign_ups: 1 })];
  const accountsDelete = [bump('old.portal_id', week('old.created_at'), { sign_ups: -1 })];
  const enrolmentAdded = (row: 'new') => [
    bump(`${row}.portal_id`, week(`${row}.enrolled_at`), { enrolments: 1 }),
    `insert or ignore into portal_week_learners (portal_id, week, account_id)
       values (${row}.portal_id, ${week(`${row}.enrolled_at`)}, ${row}.account_id)`,
  ];
  const enrolmentRemoved = (row: 'old') => [
    bump(`${row}.portal_id`, week(`${row}.enrolled_at`), { enrolments: -1 }),
  ];
  const completionAdded = (row: 'new') =>
    bump(`${row}.portal_id`, week(`${row}.completed_at`), { completions: 1 });
  const completionRemoved = (row: 'old') =>
    bump(`${row}.portal_id`, week(`${row}.completed_at`), { completions: -1 });
  const progressTouched = `insert or ignore into portal_week_learners (portal_id, week, account_id)
    select new.portal_id, ${week('new.updated_at')}, enrollments.account_id
    from enrollments where enrollments.id = new.enrollment_id`;
  const learnerCounted = bump('new.portal_id', 'new.week', { active_learners: 1 });

  const trigger = (name: string, on: string, statements: string[]) =>
    run(`create trigger ${name} ${on} begin
      ${statements.map((statement) => `${statement};`).join('\n')}
    end`);
  await trigger('portal_weeks_accounts_insert', 'after insert on accounts', accountsInsert);
  await trigger('portal_weeks_accounts_delete', 'after delete on accounts', accountsDelete);
  await trigger('portal_weeks_enrollments_insert', 'after insert on enrollments', enrolmentAdded('new'));
  await trigger(
    'portal_weeks_enrollments_completed_insert',
    'after insert on enrollments when new.completed_at is not null',
    [completionAdded('new')],
  );
  await trigger(
    'portal_weeks_enrollments_enrolled_update',
    'after update of enrolled_at on enrollments when old.enrolled_at is not new.enrolled_at',
    [...enrolmentRemoved('old'), ...enrolmentAdded('new')],
  );
  await trigger(
    'portal_weeks_enrollments_uncompleted',
    'after update of completed_at on enrollments when old.completed_at is not null and old.completed_at is not new.completed_at',
    [completionRemoved('old')],
  );
  await trigger(
    'portal_weeks_enrollments_completed',
    'after update of completed_at on enrollments when new.completed_at is not null and old.completed_at is not new.completed_at',
    [completionAdded('new')],
  );
  await trigger('portal_weeks_enrollments_delete', 'after delete on enrollments', [
    ...enrolmentRemoved('old'),
  ]);
  await trigger(
    'portal_weeks_enrollments_delete_completed',
    'after delete on enrollments when old.completed_at is not null',
    [completionRemoved('old')],
  );
  await trigger('portal_weeks_progress_insert', 'after insert on learning_object_progress', [
    progressTouched,
  ]);
  await trigger(
    'portal_weeks_progress_update',
    'after update of updated_at on learning_object_progress when old.updated_at is not new.updated_at',
    [progressTouched],
  );
  await trigger('portal_weeks_learners_insert', 'after insert on portal_week_learners', [learnerCounted]);
}

/**
 * PostgreSQL: statement triggers over the transition tables, so that a write of many rows (an
 * import, a bulk load) adds its counts once per week rather than once per row; a row updated many
 * times in one transaction would otherwise leave a long chain of versions to walk on every update.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postgresTriggers(db: Kysely<any>): Promise<void> {
  const week = (column: string) => weekOf('postgres', column);
  const run = (text: string) => sql.raw(text).execute(db);
  /** Adds the deltas of `rows` (portal_id, week and one column per count, repeats allowed). */
  const apply = (rows: string) =>
    `insert into portal_weeks (portal_id, week, ${COUNTS.join(', ')})
       select portal_id, week, ${COUNTS.map((name) => `sum(${name})`).join(', ')} from (${rows}) as deltas
       group by portal_id, week
       on conflict (portal_id, week) do update set
       ${COUNTS.map((name) => `${name} = portal_weeks.${name} + excluded.${name}`).join(', ')};`;
  const deltas = (portal: string, weekOfRow: string, counts: Deltas, from: string) =>
    `select ${portal} as portal_id, ${weekOfRow} as week, ${COUNTS.map((name) => `${counts[name] ?? 0} as ${name}`).join(', ')} from ${from}`;
  const trigger = async (name: string, on: string, transition: string, body: string) => {
    await run(`create function ${name}() returns trigger language plpgsql as $body$
      begin
        ${body}
        return null;
      end
      $body$`);
    await run(
      `create trigger ${name} after ${on} referencing ${transition} for each statement execute function ${name}()`,
    );
  };

  await trigger(
    'portal_weeks_accounts_insert',
    'insert on accounts',
    'new table as added',
    apply(deltas('portal_id', week('created_at'), { sign_ups: 1 }, 'added')),
  );
  await trigger(
    'portal_weeks_accounts_delete',
    'delete on accounts',
    'old table as removed',
    apply(deltas('portal_id', week('created_at'), { sign_ups: -1 }, 'removed')),
  );
  const learnersOfEnrolments = (from: string) =>
    `insert into portal_week_learners (portal_id, week, account_id)
       select distinct portal_id, ${week('enrolled_at')}, account_id from ${from}
       on conflict do nothing;`;
  await trigger(
    'portal_weeks_enrollments_insert',
    'insert on enrollments',
    'new table as added',
    apply(
      `${deltas('portal_id', week('enrolled_at'), { enrolments: 1 }, 'added')}
       union all ${deltas('portal_id', week('completed_at'), { completions: 1 }, 'added where completed_at is not null')}`,
    ) + learnersOfEnrolments('added'),
  );
  // The rows whose enrolment or completion time changed (an update of another column adds nothing).
  const changed = `before_rows join after_rows on after_rows.id = before_rows.id
    where (before_rows.enrolled_at is distinct from after_rows.enrolled_at
       or before_rows.completed_at is distinct from after_rows.completed_at)`;
  await trigger(
    'portal_weeks_enrollments_update',
    'update on enrollments',
    'old table as before_rows new table as after_rows',
    `if not exists (select 1 from ${changed}) then
       return null;
     end if;
     ${apply(
       `${deltas('before_rows.portal_id', week('before_rows.enrolled_at'), { enrolments: -1 }, `${changed} and before_rows.enrolled_at is distinct from after_rows.enrolled_at`)}
        union all ${deltas('after_rows.portal_id', week('after_rows.enrolled_at'), { enrolments: 1 }, `${changed} and before_rows.enrolled_at is distinct from after_rows.enrolled_at`)}
        union all ${deltas('before_rows.portal_id', week('before_rows.completed_at'), { completions: -1 }, `${changed} and before_rows.completed_at is distinct from after_rows.completed_at and before_rows.completed_at is not null`)}
        union all ${deltas('after_rows.portal_id', week('after_rows.completed_at'), { completions: 1 }, `${changed} and before_rows.completed_at is distinct from after_rows.completed_at and after_rows.completed_at is not null`)}`,
     )}
     insert into portal_week_learners (portal_id, week, account_id)
       select distinct after_rows.portal_id, ${week('after_rows.enrolled_at')}, after_rows.account_id
       from ${changed} and before_rows.enrolled_at is distinct from after_rows.enrolled_at
       on conflict do nothing;`,
  );
  await trigger(
    'portal_weeks_enrollments_delete',
    'delete on enrollments',
    'old table as removed',
    apply(
      `${deltas('portal_id', week('enrolled_at'), { enrolments: -1 }, 'removed')}
       union all ${deltas('portal_id', week('completed_at'), { completions: -1 }, 'removed where completed_at is not null')}`,
    ),
  );
  const learnersOfProgress = (from: string) =>
    `insert into portal_week_learners (portal_id, week, account_id)
       select distinct touched.portal_id, ${week('touched.updated_at')}, enrollments.account_id
       from ${from} as touched join enrollments on enrollments.id = touched.enrollment_id
       on conflict do nothing;`;
  await trigger(
    'portal_weeks_progress_insert',
    'insert on learning_object_progress',
    'new table as added',
    learnersOfProgress('added'),
  );
  await trigger(
    'portal_weeks_progress_update',
    'update on learning_object_progress',
    'new table as after_rows',
    learnersOfProgress('after_rows'),
  );
  await trigger(
    'portal_weeks_learners_insert',
    'insert on portal_week_learners',
    'new table as added',
    apply(deltas('portal_id', 'week', { active_learners: 1 }, 'added')),
  );
}
