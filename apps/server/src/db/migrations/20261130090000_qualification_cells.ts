import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../dialect';

/**
 * The qualifications report's cells (decision 045): per (certification, account) with a status, the
 * facts that decide it, kept by triggers in step with `certificates`, `certification_assignments`,
 * `certification_courses`, `certifications.due_date` and `enrollments`, whichever code writes them.
 * The calendar part (achieved or expired by now, due or overdue by today) is not stored: the report
 * compares the stored dates with the clock when it reads (modules/coaching/qualifications.ts).
 *
 * A write refreshes the cells it can change: an enrolment the account's cells, a certificate or a
 * personal assignment its pair, a course assignment or a requirement edit the certification's
 * cells. A refresh deletes those cells and inserts them again from the source tables, so a pair
 * that no longer has any fact loses its cell. PostgreSQL refreshes a whole statement's rows at once
 * (transition tables) and serialises refreshes that overlap with advisory locks taken before the
 * refresh reads (an account's lock; a certification-wide refresh takes them all), so two concurrent
 * writes cannot leave a cell computed from a snapshot that misses the other one; SQLite runs one
 * writer at a time, row by row.
 */

type Filter = (account: string, certification: string) => string;

/** The facts of the pairs that `filter` selects, one row per pair, from the source tables. */
function factsSelect(filter: Filter): string {
  return `
    select f.portal_id, f.account_id, f.certification_id,
      max(f.valid_open) as valid_open, max(f.valid_until) as valid_until,
      max(f.lapsed) as lapsed, max(f.lapsed_at) as lapsed_at,
      max(f.assigned) as assigned, min(f.due) as due_date,
      sum(f.enrolled) as enrolled,
      case when max(f.total) > 0 then (sum(f.done) * 100) / max(f.total) else 0 end as percent
    from (
      select x.portal_id, x.account_id, x.certification_id,
        case when x.status = 'valid' and x.expires_at is null then 1 else 0 end as valid_open,
        case when x.status = 'valid' then x.expires_at end as valid_until,
        case when x.status = 'expired' then 1 else 0 end as lapsed,
        case when x.status = 'expired' then x.expires_at end as lapsed_at,
        0 as assigned, null as due, 0 as enrolled, 0 as done, 0 as total
      from certificates x join certifications c on c.id = x.certification_id and c.portal_id = x.portal_id
      where x.status <> 'revoked' and ${filter('x.account_id', 'x.certification_id')}
      union all
      select a.portal_id, a.account_id, a.certification_id, 0, null, 0, null,
        1, coalesce(a.due_date, c.due_date), 0, 0, 0
      from certification_assignments a join certifications c on c.id = a.certification_id
      where a.account_id is not null and ${filter('a.account_id', 'a.certification_id')}
      union all
      select a.portal_id, e.account_id, a.certification_id, 0, null, 0, null,
        1, coalesce(a.due_date, c.due_date), 0, 0, 0
      from certification_assignments a join certifications c on c.id = a.certification_id
        join enrollments e on e.course_id = a.course_id and e.portal_id = a.portal_id
      where a.course_id is not null and ${filter('e.account_id', 'a.certification_id')}
      union all
      select c.portal_id, e.account_id, cc.certification_id, 0, null, 0, null, 0, null,
        1, case when e.completed_at is not null then 1 else 0 end,
        (select count(*) from certification_courses t where t.certification_id = cc.certification_id)
      from certification_courses cc join certifications c on c.id = cc.certification_id
        join enrollments e on e.course_id = cc.course_id and e.portal_id = c.portal_id
      where ${filter('e.account_id', 'cc.certification_id')}
    ) f
    where exists (select 1 from accounts acc where acc.id = f.account_id)
    group by f.portal_id, f.account_id, f.certification_id`;
}

const COLUMNS =
  'portal_id, account_id, certification_id, valid_open, valid_until, lapsed, lapsed_at, assigned, due_date, enrolled, percent';

/** Deletes the cells `filter` selects and inserts them again from the source tables. */
export function refreshStatements(filter: Filter): string[] {
  const updates = COLUMNS.split(', ')
    .filter((column) => !['account_id', 'certification_id'].includes(column))
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
  return [
    `delete from qualification_cells where ${filter('account_id', 'certification_id')}`,
    `insert into qualification_cells (${COLUMNS}) ${factsSelect(filter)}
      on conflict (certification_id, account_id) do update set ${updates}`,
  ];
}

const byAccount =
  (value: string): Filter =>
  (account) =>
    `${account} = ${value}`;
const byPair =
  (accountValue: string, certificationValue: string): Filter =>
  (account, certification) =>
    `${account} = ${accountValue} and ${certification} = ${certificationValue}`;
const byCertification =
  (value: string): Filter =>
  (_account, certification) =>
    `${certification} = ${value}`;
const guarded =
  (condition: string, filter: Filter): Filter =>
  (account, certification) =>
    `${condition} and ${filter(account, certification)}`;

/** PostgreSQL: refresh whole statements' rows, serialised per account (see above). */
const ACCOUNT_LOCKS = (accounts: string) => `
  perform pg_advisory_xact_lock_shared(45001, 0);
  perform pg_advisory_xact_lock(45002, keys.k) from (select k from (${accounts}) s(k) order by k) keys;`;
const ALL_LOCK = 'perform pg_advisory_xact_lock(45001, 0);';

function plpgsql(name: string, body: string) {
  return sql.raw(`create function ${name}() returns trigger language plpgsql as $$
    begin
      ${body}
      return null;
    end $$`);
}

const statements = (filter: Filter) =>
  refreshStatements(filter)
    .map((statement) => `${statement};`)
    .join('\n');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const dialect = dialectOf(db);
  const time = timestampType(dialect);
  await db.schema
    .createTable('qualification_cells')
    .addColumn('portal_id', 'integer', (c) => c.notNull().references('portals.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('certification_id', 'integer', (c) =>
      c.notNull().references('certifications.id').onDelete('cascade'),
    )
    .addColumn('valid_open', 'integer', (c) => c.notNull())
    .addColumn('valid_until', time)
    .addColumn('lapsed', 'integer', (c) => c.notNull())
    .addColumn('lapsed_at', time)
    .addColumn('assigned', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text')
    .addColumn('enrolled', 'integer', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('qualification_cells_pk', ['certification_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('qualification_cells_portal_account')
    .on('qualification_cells')
    .columns(['portal_id', 'account_id'])
    .execute();
  // The counts behind the charts, the status filter and the CSV read every cell of the portal in
  // certification order from this index alone, without a sort or a visit to the table.
  await db.schema
    .createIndex('qualification_cells_portal_certification')
    .on('qualification_cells')
    .columns([
      'portal_id',
      'certification_id',
      'account_id',
      'valid_open',
      'valid_until',
      'lapsed',
      'assigned',
      'due_date',
      'enrolled',
      'lapsed_at',
      'percent',
    ])
    .execute();
  // A refresh of one account's cells finds its certificates, assignments and enrolments by account.
  await db.schema
    .createIndex('certificates_account_certification')
    .on('certificates')
    .columns(['account_id', 'certification_id'])
    .execute();
  await db.schema
    .createIndex('certification_assignments_account_id')
    .on('certification_assignments')
    .column('account_id')
    .execute();
  await db.schema
    .createIndex('enrollments_account_course')
    .on('enrollments')
    .columns(['account_id', 'course_id'])
    .execute();
  // The certification sweep's candidates: every required course completed, no valid certificate.
  await db.schema
    .createIndex('qualification_cells_unheld_complete')
    .on('qualification_cells')
    .columns(['portal_id', 'certification_id', 'account_id'])
    .where(sql.ref('percent'), '=', 100)
    .where(sql.ref('valid_open'), '=', 0)
    .where(sql.ref('valid_until'), 'is', null)
    .execute();
  // Every cell of the existing data.
  for (const statement of refreshStatements(() => '1 = 1')) await sql.raw(statement).execute(db);

  if (dialect === 'postgres') {
    const changedAccounts = 'select distinct account_id from changed';
    const pairsIn: Filter = (account, certification) =>
      `(${account}, ${certification}) in (select account_id, certification_id from changed)`;
    await plpgsql(
      'qualification_cells_enrollments',
      `${ACCOUNT_LOCKS(changedAccounts)}
      ${statements((account) => `${account} in (${changedAccounts})`)}`,
    ).execute(db);
    await plpgsql(
      'qualification_cells_certificates',
      `${ACCOUNT_LOCKS(changedAccounts)}
      ${statements(pairsIn)}`,
    ).execute(db);
    await plpgsql(
      'qualification_cells_assignments',
      `if exists (select 1 from changed where course_id is not null) then
        ${ALL_LOCK}
        ${statements(
          (_account, certification) =>
            `${certification} in (select certification_id from changed where course_id is not null)`,
        )}
      end if;
      if exists (select 1 from changed where account_id is not null) then
        ${ACCOUNT_LOCKS('select distinct account_id from changed where account_id is not null')}
        ${statements(pairsIn)}
      end if;`,
    ).execute(db);
    await plpgsql(
      'qualification_cells_requirements',
      `${ALL_LOCK}
      ${statements((_account, certification) => `${certification} in (select certification_id from changed)`)}`,
    ).execute(db);
    // Row by row for updates (a transition table cannot go with a column list), only when a
    // column that decides a status changed.
    await plpgsql(
      'qualification_cells_enrollment_update',
      `${ACCOUNT_LOCKS('select new.account_id')}
      ${statements(byAccount('new.account_id'))}`,
    ).execute(db);
    await plpgsql(
      'qualification_cells_certificate_update',
      `${ACCOUNT_LOCKS('select new.account_id')}
      ${statements(byPair('new.account_id', 'new.certification_id'))}`,
    ).execute(db);
    await plpgsql(
      'qualification_cells_assignment_update',
      `if new.course_id is not null then
        ${ALL_LOCK}
        ${statements(byCertification('new.certification_id'))}
      else
        ${ACCOUNT_LOCKS('select new.account_id')}
        ${statements(byPair('new.account_id', 'new.certification_id'))}
      end if;`,
    ).execute(db);
    await plpgsql(
      'qualification_cells_due_date',
      `${ALL_LOCK}
      ${statements(byCertification('new.id'))}`,
    ).execute(db);
    const statementTriggers: Array<[string, string, string]> = [
      ['enrollments', 'enrollments', 'qualification_cells_enrollments'],
      ['certificates', 'certificates', 'qualification_cells_certificates'],
      ['certification_assignments', 'assignments', 'qualification_cells_assignments'],
      ['certification_courses', 'requirements', 'qualification_cells_requirements'],
    ];
    for (const [table, short, fn] of statementTriggers) {
      await sql
        .raw(
          `create trigger qualification_cells_${short}_insert after insert on ${table}
           referencing new table as changed for each statement execute function ${fn}()`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger qualification_cells_${short}_delete after delete on ${table}
           referencing old table as changed for each statement execute function ${fn}()`,
        )
        .execute(db);
    }
    const rowTriggers: Array<[string, string, string, string]> = [
      [
        'enrollments',
        'enrollments_update',
        'completed_at, course_id, account_id',
        'old.completed_at is distinct from new.completed_at or old.course_id <> new.course_id or old.account_id <> new.account_id',
      ],
      [
        'certificates',
        'certificates_update',
        'status, expires_at',
        'old.status is distinct from new.status or old.expires_at is distinct from new.expires_at',
      ],
      [
        'certification_assignments',
        'assignments_update',
        'due_date, account_id, course_id',
        'old.due_date is distinct from new.due_date',
      ],
      ['certifications', 'due_date_update', 'due_date', 'old.due_date is distinct from new.due_date'],
    ];
    const rowFunctions: Record<string, string> = {
      enrollments_update: 'qualification_cells_enrollment_update',
      certificates_update: 'qualification_cells_certificate_update',
      assignments_update: 'qualification_cells_assignment_update',
      due_date_update: 'qualification_cells_due_date',
    };
    for (const [table, short, columns, when] of rowTriggers) {
      await sql
        .raw(
          `create trigger qualification_cells_${short} after update of ${columns} on ${table}
           for each row when (${when}) execute function ${rowFunctions[short]}()`,
        )
        .execute(db);
    }
    return;
  }

  const trigger = async (name: string, event: string, when: string | null, filters: Filter[]) => {
    const body = filters.map(statements).join('\n');
    await sql
      .raw(
        `create trigger qualification_cells_${name} after ${event}${when ? ` when ${when}` : ''} begin
        ${body}
      end`,
      )
      .execute(db);
  };
  await trigger('enrollments_insert', 'insert on enrollments', null, [byAccount('new.account_id')]);
  await trigger('enrollments_delete', 'delete on enrollments', null, [byAccount('old.account_id')]);
  await trigger(
    'enrollments_update',
    'update of completed_at, course_id, account_id on enrollments',
    'old.completed_at is not new.completed_at or old.course_id <> new.course_id or old.account_id <> new.account_id',
    [byAccount('old.account_id'), byAccount('new.account_id')],
  );
  await trigger('certificates_insert', 'insert on certificates', null, [
    byPair('new.account_id', 'new.certification_id'),
  ]);
  await trigger('certificates_delete', 'delete on certificates', null, [
    byPair('old.account_id', 'old.certification_id'),
  ]);
  await trigger(
    'certificates_update',
    'update of status, expires_at on certificates',
    'old.status is not new.status or old.expires_at is not new.expires_at',
    [byPair('new.account_id', 'new.certification_id')],
  );
  const assignment = (row: 'new' | 'old') => [
    guarded(`${row}.account_id is not null`, byPair(`${row}.account_id`, `${row}.certification_id`)),
    guarded(`${row}.course_id is not null`, byCertification(`${row}.certification_id`)),
  ];
  await trigger('assignments_insert', 'insert on certification_assignments', null, assignment('new'));
  await trigger('assignments_delete', 'delete on certification_assignments', null, assignment('old'));
  await trigger(
    'assignments_update',
    'update of due_date, account_id, course_id on certification_assignments',
    null,
    assignment('new'),
  );
  await trigger('requirements_insert', 'insert on certification_courses', null, [
    byCertification('new.certification_id'),
  ]);
  await trigger('requirements_delete', 'delete on certification_courses', null, [
    byCertification('old.certification_id'),
  ]);
  await trigger(
    'due_date_update',
    'update of due_date on certifications',
    'old.due_date is not new.due_date',
    [byCertification('new.id')],
  );
}

const TRIGGER_NAMES: Array<[string, string]> = [
  ['enrollments_insert', 'enrollments'],
  ['enrollments_delete', 'enrollments'],
  ['enrollments_update', 'enrollments'],
  ['certificates_insert', 'certificates'],
  ['certificates_delete', 'certificates'],
  ['certificates_update', 'certificates'],
  ['assignments_insert', 'certification_assignments'],
  ['assignments_delete', 'certification_assignments'],
  ['assignments_update', 'certification_assignments'],
  ['requirements_insert', 'certification_courses'],
  ['requirements_delete', 'certification_courses'],
  ['due_date_update', 'certifications'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  for (const [name, table] of TRIGGER_NAMES) {
    await sql
      .raw(`drop trigger if exists qualification_cells_${name}${postgres ? ` on ${table}` : ''}`)
      .execute(db);
  }
  if (postgres) {
    for (const name of [
      'enrollments',
      'certificates',
      'assignments',
      'requirements',
      'enrollment_update',
      'certificate_update',
      'assignment_update',
      'due_date',
    ]) {
      await sql.raw(`drop function if exists qualification_cells_${name}()`).execute(db);
    }
  }
  await db.schema.dropTable('qualification_cells').execute();
  await db.schema.dropIndex('certificates_account_certification').execute();
  await db.schema.dropIndex('certification_assignments_account_id').execute();
  await db.schema.dropIndex('enrollments_account_course').execute();
}
