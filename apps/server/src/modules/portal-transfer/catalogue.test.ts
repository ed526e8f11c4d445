import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/connection';
import type { DatabaseHandle } from '../../db/connection';
import { migrateToLatest } from '../../db/migrate';
import { createPostgresDatabase, TEST_DATABASE } from '../../test/test-app';
import { EXPORTED_TABLES, INSTALLATION_TABLES, LEFT_OUT_TABLES, insertOrder } from './catalogue';

interface ForeignKey {
  table: string;
  column: string;
  target: string;
}

/** Every table of the migrated schema with its columns and foreign keys, read from the database itself. */
async function readSchema(database: DatabaseHandle) {
  const db = database.db;
  const columns = new Map<string, Set<string>>();
  const keys: ForeignKey[] = [];
  if (database.kind === 'postgres') {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`.execute(db);
    for (const row of rows.rows) {
      if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
      columns.get(row.table_name)!.add(row.column_name);
    }
    const fks = await sql<ForeignKey>`
      select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as "target"
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`.execute(db);
    keys.push(...fks.rows);
  } else {
    const tables = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    for (const { name } of tables.rows) {
      const info = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      columns.set(name, new Set(info.rows.map((column) => column.name)));
      const fks = await sql<{ from: string; table: string }>`
        select "from", "table" from pragma_foreign_key_list(${name})`.execute(db);
      keys.push(...fks.rows.map((fk) => ({ table: name, column: fk.from, target: fk.table })));
    }
  }
  return { columns, keys };
}

let database: DatabaseHandle;
let drop: (() => Promise<void>) | undefined;
let schema: Awaited<ReturnType<typeof readSchema>>;

beforeAll(async () => {
  if (TEST_DATABASE === 'postgres') {
    const created = await createPostgresDatabase();
    drop = created.drop;
    database = openDatabase(created.url, 'postgres');
  } else {
    database = openDatabase('sqlite::memory:', 'sqlite');
  }
  await migrateToLatest(database.db);
  schema = await readSchema(database);
}, 120_000);

afterAll(async () => {
  await database.close();
  await drop?.();
});

describe('the portal export catalogue', () => {
  it('places every table of the schema: exported, left out with a reason, or the installation’s own', () => {
    const placed = new Map<string, string>();
    for (const [list, names] of [
      ['exported', Object.keys(EXPORTED_TABLES)],
      ['left out', Object.keys(LEFT_OUT_TABLES)],
      ['installation', Object.keys(INSTALLATION_TABLES)],
    ] as const) {
      for (const name of names) {
        expect(placed.get(name), `${name} is placed twice`).toBeUndefined();
        placed.set(name, list);
      }
    }
    const unplaced = [...schema.columns.keys()].filter((table) => !placed.has(table)).sort();
    expect(unplaced, 'tables missing from modules/portal-transfer/catalogue.ts').toEqual([]);
    // Names the catalogue keeps for tables that do not exist (the SQLite-only ones are allowed on PostgreSQL).
    const sqliteOnly = new Set([
      'jobs',
      'courses_search',
      'courses_search_config',
      'courses_search_data',
      'courses_search_docsize',
      'courses_search_idx',
    ]);
    const stale = [...placed.keys()].filter((table) => !schema.columns.has(table) && !sqliteOnly.has(table));
    expect(stale, 'the catalogue names tables the schema does not have').toEqual([]);
  });

  it('calls no table with portal data the installation’s own', () => {
    const portalTables = new Set([...Object.keys(EXPORTED_TABLES), ...Object.keys(LEFT_OUT_TABLES)]);
    for (const table of Object.keys(INSTALLATION_TABLES)) {
      expect(schema.columns.get(table)?.has('portal_id') ?? false, `${table} has a portal_id`).toBe(false);
      const into = schema.keys.filter((key) => key.table === table && portalTables.has(key.target));
      expect(into, `${table} points at portal data`).toEqual([]);
    }
  });

  it('follows every foreign key of an exported table, and finds each table’s rows by its portal', () => {
    const problems: string[] = [];
    for (const [table, spec] of Object.entries(EXPORTED_TABLES)) {
      const columns = schema.columns.get(table) ?? new Set<string>();
      if (spec.scope === 'portal' && !columns.has('portal_id')) problems.push(`${table} has no portal_id`);
      if (spec.scope !== 'portal' && spec.scope !== 'self' && columns.has('portal_id'))
        problems.push(`${table} has a portal_id: scope it by it`);
      if (spec.key === null ? columns.has('id') : !columns.has(spec.key))
        problems.push(
          `${table}: key should name its identity column (${columns.has('id') ? "'id'" : 'null'})`,
        );
      for (const key of schema.keys.filter((fk) => fk.table === table)) {
        if (key.column === 'portal_id') continue;
        const declared = spec.refs[key.column];
        if (declared !== key.target)
          problems.push(`${table}.${key.column} → ${key.target} is not in its refs`);
        if (!EXPORTED_TABLES[key.target] && !spec.clear?.includes(key.column))
          problems.push(`${table}.${key.column} points at ${key.target}, which is not exported: clear it`);
      }
      for (const column of Object.keys(spec.refs))
        if (!columns.has(column)) problems.push(`${table}.${column} does not exist`);
    }
    expect(problems).toEqual([]);
  });

  it('inserts every table after the tables it points at', () => {
    const order = insertOrder();
    expect(new Set(order)).toEqual(new Set(Object.keys(EXPORTED_TABLES)));
    expect(order[0]).toBe('portals');
    const position = new Map(order.map((table, index) => [table, index]));
    for (const table of order.filter((name) => !EXPORTED_TABLES[name]!.derived)) {
      const spec = EXPORTED_TABLES[table]!;
      for (const [column, reference] of Object.entries(spec.refs)) {
        if (spec.clear?.includes(column)) continue;
        const targets = typeof reference === 'string' ? [reference] : Object.values(reference.tables);
        for (const target of targets)
          if (target !== table)
            expect(position.get(target)!, `${table}.${column}`).toBeLessThan(position.get(table)!);
      }
    }
  });
});
