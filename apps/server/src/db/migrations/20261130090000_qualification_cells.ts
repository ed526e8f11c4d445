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
    // Every trigger runs once per statement, after the statement-level triggers named before it
    // (portal_weeks on enrollments, decision 040), so all writers take the rows those lock first and
    // this module's advisory locks after them, in the same order. `rows` is the statement's rows
    // that can change a cell: all of them for an insert or a delete, for an update those whose
    // deciding columns changed.
    const functions: Array<[string, (rows: string) => string]> = [
      [
        'enrollments',
        (rows) => `${ACCOUNT_LOCKS(`select distinct account_id from ${rows}`)}
        ${statements((account) => `${account} in (select account_id from ${rows})`)}`,
      ],
      [
        'certificates',
        (rows) => `${ACCOUNT_LOCKS(`select distinct account_id from ${rows}`)}
        ${statements(
          (account, certification) =>
            `(${account}, ${certification}) in (select account_id, certification_id from ${rows})`,
        )}`,
      ],
      [
        'assignments',
        (rows) => `if exists (select 1 from ${rows} where course_id is not null) then
          ${ALL_LOCK}
          ${statements(
            (_account, certification) =>
              `${certification} in (select certification_id from ${rows} where course_id is not null)`,
          )}
        end if;
        if exists (select 1 from ${rows} where account_id is not null) then
          ${ACCOUNT_LOCKS(`select distinct account_id from ${rows} where account_id is not null`)}
          ${statements(
            (account, certification) =>
              `(${account}, ${certification}) in (select account_id, certification_id from ${rows} where account_id is not null)`,
          )}
        end if;`,
      ],
      [
        'requirements',
        (rows) => `${ALL_LOCK}
        ${statements((_account, certification) => `${certification} in (select certification_id from ${rows})`)}`,
      ],
      [
        'due_dates',
        (rows) => `${ALL_LOCK}
        ${statements((_account, certification) => `${certification} in (select id from ${rows})`)}`,
      ],
    ];
    const updated = (condition: string) =>
      `(select after_rows.* from after_rows join before_rows on before_rows.id = after_rows.id where ${condition}) changed`;
    const UPDATES: Record<string, string> = {
      enrollments: updated(
        'before_rows.completed_at is distinct from after_rows.completed_at or before_rows.course_id <> after_rows.course_id or before_rows.account_id <> after_rows.account_id',
      ),
      certificates: updated(
        'before_rows.status is distinct from after_rows.status or before_rows.expires_at is distinct from after_rows.expires_at',
      ),
      assignments: updated(
        'before_rows.due_date is distinct from after_rows.due_date or before_rows.account_id is distinct from after_rows.account_id or before_rows.course_id is distinct from after_rows.course_id',
      ),
      due_dates: updated('before_rows.due_date is distinct from after_rows.due_date'),
    };
    for (const [name, body] of functions) {
      await plpgsql(`qualification_cells_${name}`, body('changed')).execute(db);
      const update = UPDATES[name];
      if (update)
        await plpgsql(
          `qualification_cells_${name}_update`,
          `if not exists (select 1 from ${update}) then return null; end if;
          ${body(update)}`,
        ).execute(db);
    }
    for (const [table, name, events] of PG_TRIGGERS) {
      for (const event of events) {
        const referencing =
          event === 'insert'
            ? 'new table as changed'
            : event === 'delete'
              ? 'old table as changed'
              : 'old table as before_rows new table as after_rows';
        await sql
          .raw(
            `create trigger qualification_cells_${name}_${event} after ${event} on ${table}
             referencing ${referencing} for each statement
             execute function qualification_cells_${name}${event === 'update' ? '_update' : ''}()`,
          )
          .execute(db);
      }
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

const PG_TRIGGERS: Array<[string, string, Array<'insert' | 'update' | 'delete'>]> = [
  ['enrollments', 'enrollments', ['insert', 'update', 'delete']],
  ['certificates', 'certificates', ['insert', 'update', 'delete']],
  ['certification_assignments', 'assignments', ['insert', 'update', 'delete']],
  ['certification_courses', 'requirements', ['insert', 'delete']],
  ['certifications', 'due_dates', ['update']],
];

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
  if (dialectOf(db) === 'postgres') {
    for (const [table, name, events] of PG_TRIGGERS) {
      for (const event of events) {
        await sql.raw(`drop trigger if exists qualification_cells_${name}_${event} on ${table}`).execute(db);
      }
      await sql.raw(`drop function if exists qualification_cells_${name}()`).execute(db);
      await sql.raw(`drop function if exists qualification_cells_${name}_update()`).execute(db);
    }
  } else {
    for (const [name] of TRIGGER_NAMES) {
      await sql.raw(`drop trigger if exists qualification_cells_${name}`).execute(db);
    }
  }
  await db.schema.dropTable('qualification_cells').execute();
  await db.schema.dropIndex('certificates_account_certification').execute();
  await db.schema.dropIndex('certification_assignments_account_id').execute();
  await db.schema.dropIndex('enrollments_account_course').execute();
}
