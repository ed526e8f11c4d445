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
