import { rolesGranting, ROLES } from '@leerpad/core';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect';

/**
 * Two figures about each account that the coach screens read for thousands of students at once,
 * kept on the account by triggers inside the writing transaction, whichever code (or import, or
 * seed) writes the rows (decision 046):
 *
 * - `counts_as_student` (0 or 1): the account holds the student role and no coach or staff role
 *   (SPEC §6: a student counts only if not also coach or staff), from the counts `student_roles`
 *   and `staff_roles` of its rows in `account_roles`;
 * - `progress_percent`: the mean of the account's enrolments' stored progress, floored (decision
 *   026), 0 without enrolments, from `enrolment_count` and `progress_sum` over `enrollments`.
 *
 * The roles that keep an account from counting as a student are those that enter the coach or the
 * admin environment, as core names them when this migration runs; a test checks the trigger against
 * core's current list, so a new staff role cannot be forgotten.
 */
export const NOT_STUDENT_ROLES = [
  ...new Set([...rolesGranting('enter:coach'), ...rolesGranting('enter:admin')]),
];

const quoted = (values: readonly string[]) =>
  values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ');

const STUDENT = `counts_as_student = case when student_roles > 0 and staff_roles = 0 then 1 else 0 end`;
const PROGRESS = `progress_percent = case when enrolment_count > 0 then progress_sum / enrolment_count else 0 end`;

/** What a role row adds to (sign 1) or takes from (-1) the account's role counts. */
const roleDeltas = (role: string, sign: 1 | -1) =>
  `case when ${role} = '${ROLES.student}' then ${sign} else 0 end as student_delta,
   case when ${role} in (${quoted(NOT_STUDENT_ROLES)}) then ${sign} else 0 end as staff_delta`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const postgres = dialectOf(db) === 'postgres';
  for (const column of [
    'student_roles',
    'staff_roles',
    'counts_as_student',
    'enrolment_count',
    'progress_sum',
    'progress_percent',
  ]) {
    await db.schema
      .alterTable('accounts')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await run(
    `update accounts set
       student_roles = (select count(*) from account_roles r where r.account_id = accounts.id and r.role = '${ROLES.student}'),
       staff_roles = (select count(*) from account_roles r where r.account_id = accounts.id and r.role in (${quoted(NOT_STUDENT_ROLES)})),
       enrolment_count = (select count(*) from enrollments e where e.account_id = accounts.id),
       progress_sum = coalesce((select sum(e.progress_percent) from enrollments e where e.account_id = accounts.id), 0)`,
  );
  await run(`update accounts set ${STUDENT}, ${PROGRESS}`);
  // The coach's students: the portal's students, by primary coach.
  await db.schema
    .createIndex('accounts_portal_students')
    .on('accounts')
    .columns(['portal_id', 'counts_as_student', 'primary_coach_id'])
    .execute();

  // The coach's weekly figures: the portal's weeks in order, each row checked against the student set.
  await db.schema
    .createIndex('answer_weeks_portal_week')
    .on('answer_weeks')
    .columns(['portal_id', 'week', 'account_id', 'submissions', 'reviews'])
    .execute();

  // Each write adds its deltas: concurrent writes for one account each add theirs under the row's
  // lock, and the derived columns are computed from the counts in the same update.
  const applyRoles = (deltas: string) =>
    `update accounts set student_roles = student_roles + d.student, staff_roles = staff_roles + d.staff,
           counts_as_student = case when student_roles + d.student > 0 and staff_roles + d.staff = 0 then 1 else 0 end
         from (select account_id, sum(student_delta) as student, sum(staff_delta) as staff from (${deltas}) as rows
               group by account_id) as d
         where accounts.id = d.account_id`;
  const applyProgress = (deltas: string) =>
    `update accounts set enrolment_count = enrolment_count + d.count, progress_sum = progress_sum + d.sum,
       progress_percent = case when enrolment_count + d.count > 0
         then (progress_sum + d.sum) / (enrolment_count + d.count) else 0 end
     from (select account_id, sum(count_delta) as count, sum(sum_delta) as sum from (${deltas}) as rows
           group by account_id) as d
     where accounts.id = d.account_id`;
  const enrolmentDeltas = (from: string, sign: 1 | -1) =>
    `select account_id, ${sign} as count_delta, ${sign} * progress_percent as sum_delta from ${from}`;

  if (postgres) {
    // Named so that they fire after the other statement triggers on enrollments (PostgreSQL fires
    // them in name order): every write then takes the weekly-count and report rows before the
    // account's row, in one order, and two transactions cannot wait on each other across them.
    const trigger = async (name: string, on: string, transition: string, body: string) => {
      await run(`create function ${name}() returns trigger language plpgsql as $body$
        begin
          ${body};
          return null;
        end
        $body$`);
      await run(
        `create trigger ${name} after ${on} referencing ${transition} for each statement execute function ${name}()`,
      );
    };
    const roles = (from: string, sign: 1 | -1) =>
      `select account_id, ${roleDeltas('role', sign)} from ${from}`;
    await trigger(
      'student_figures_roles_insert',
      'insert on account_roles',
      'new table as added',
      applyRoles(roles('added', 1)),
    );
    await trigger(
      'student_figures_roles_delete',
      'delete on account_roles',
      'old table as removed',
      applyRoles(roles('removed', -1)),
    );
    await trigger(
      'student_figures_roles_update',
      'update on account_roles',
      'old table as before_rows new table as after_rows',
      applyRoles(`${roles('before_rows', -1)} union all ${roles('after_rows', 1)}`),
    );
    await trigger(
      'student_figures_enrollments_insert',
      'insert on enrollments',
      'new table as added',
      applyProgress(enrolmentDeltas('added', 1)),
    );
    await trigger(
      'student_figures_enrollments_delete',
      'delete on enrollments',
      'old table as removed',
      applyProgress(enrolmentDeltas('removed', -1)),
    );
    // Only the rows whose progress or account changed count: most updates of an enrolment touch neither.
    const changed = `before_rows join after_rows on after_rows.id = before_rows.id
      where before_rows.progress_percent is distinct from after_rows.progress_percent
         or before_rows.account_id is distinct from after_rows.account_id`;
    await trigger(
      'student_figures_enrollments_update',
      'update on enrollments',
      'old table as before_rows new table as after_rows',
      applyProgress(
        `select before_rows.account_id, -1 as count_delta, -before_rows.progress_percent as sum_delta from ${changed}
         union all
         select after_rows.account_id, 1 as count_delta, after_rows.progress_percent as sum_delta from ${changed}`,
      ),
    );
    return;
  }

  // SQLite: row triggers, one account at a time.
  const trigger = (name: string, on: string, statement: string) =>
    run(`create trigger ${name} ${on} begin ${statement}; end`);
  const roles = (row: string, sign: 1 | -1) =>
    `update accounts set
       student_roles = student_roles + (case when ${row}.role = '${ROLES.student}' then ${sign} else 0 end),
       staff_roles = staff_roles + (case when ${row}.role in (${quoted(NOT_STUDENT_ROLES)}) then ${sign} else 0 end)
     where id = ${row}.account_id;
     update accounts set ${STUDENT} where id = ${row}.account_id`;
  await trigger('student_figures_roles_insert', 'after insert on account_roles', roles('new', 1));
  await trigger('student_figures_roles_delete', 'after delete on account_roles', roles('old', -1));
  await trigger(
    'student_figures_roles_update',
    'after update on account_roles',
    `${roles('old', -1)}; ${roles('new', 1)}`,
  );
  const progress = (row: string, sign: 1 | -1) =>
    `update accounts set enrolment_count = enrolment_count + ${sign},
       progress_sum = progress_sum + ${sign} * ${row}.progress_percent where id = ${row}.account_id;
     update accounts set ${PROGRESS} where id = ${row}.account_id`;
  await trigger('student_figures_enrollments_insert', 'after insert on enrollments', progress('new', 1));
  await trigger('student_figures_enrollments_delete', 'after delete on enrollments', progress('old', -1));
  await trigger(
    'student_figures_enrollments_update',
    'after update of progress_percent, account_id on enrollments when old.progress_percent is not new.progress_percent or old.account_id is not new.account_id',
    `${progress('old', -1)}; ${progress('new', 1)}`,
  );
}
