import { PostgresAdapter, sql } from 'kysely';
import type { Expression, Kysely, RawBuilder, SqlBool } from 'kysely';

/**
 * Every difference between SQLite and PostgreSQL lives here. Application code stores booleans as
 * integers and reads timestamps as ISO-8601 strings from both databases.
 */
export type DialectName = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const nowIso = (): string => new Date().toISOString();

export const toFlag = (value: boolean): number => (value ? 1 : 0);
export const fromFlag = (value: number | boolean | null | undefined): boolean => Boolean(value);

/** Column type for timestamps: text on SQLite (ISO-8601), timestamptz on PostgreSQL. */
export const timestampType = (dialect: DialectName) => (dialect === 'postgres' ? 'timestamptz' : 'text');
/** Auto-increment primary key type. */
export const identityType = (dialect: DialectName) => (dialect === 'postgres' ? 'serial' : 'integer');

/** The text values of a column joined with commas (group_concat / string_agg), sorted. */
export function commaList(dialect: DialectName, column: Expression<string>): RawBuilder<string | null> {
  return dialect === 'postgres'
    ? sql<string | null>`string_agg(${column}, ',' order by ${column})`
    : sql<string | null>`group_concat(${column}, ',')`;
}

/** Case-insensitive "contains" match; `needle` is escaped for LIKE. */
export function containsInsensitive(
  dialect: DialectName,
  column: Expression<string>,
  needle: string,
): RawBuilder<SqlBool> {
  const pattern = `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return dialect === 'postgres'
    ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;
}

/**
 * Case-insensitive substring search over `columns` of `table`, served by an index: on PostgreSQL an
 * ILIKE that pg_trgm GIN indexes answer (when the extension could be installed; a scan otherwise);
 * on SQLite the FTS5 trigram table `<table>_search` (rowid = the table's id) that triggers keep in
 * step. Needles shorter than three characters have no trigram and are matched by a scan.
 */
export function indexedContains(
  dialect: DialectName,
  table: string,
  columns: readonly string[],
  needle: string,
): RawBuilder<SqlBool> {
  const scan = () =>
    sql<SqlBool>`(${sql.join(
      columns.map((column) => containsInsensitive(dialect, sql.ref(`${table}.${column}`), needle)),
      sql` or `,
    )})`;
  if (dialect === 'postgres' || [...needle].length < 3) return scan();
  const searchTable = sql.table(`${table}_search`);
  const phrase = `"${needle.replace(/"/g, '""')}"`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${searchTable} where ${searchTable} match ${phrase})`;
}

/**
 * Whether the database answers a trivial statement within `withinMs` (for /api/ping and health
 * checks): a database that drops packets silently is as unavailable as one that refuses them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function databaseReachable(db: Kysely<any>, withinMs = 700): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      sql`select 1`.execute(db).then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), withinMs);
        timer.unref();
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
