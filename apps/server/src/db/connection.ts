import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseKind } from '../config';
import { sqliteChangeFeed } from './change-feed';
import type { ChangeFeed } from './change-feed';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * Reports writes to the tables the per-account views depend on, once the schema is migrated;
   * null where no feed exists yet (PostgreSQL), and those views are then never cached.
   */
  watchChanges(): ChangeFeed | null;
  close(): Promise<void>;
}

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;

// Timestamps come back as ISO strings and counts as numbers, exactly as SQLite gives them.
const parseTimestamp = pg.types.getTypeParser(TIMESTAMPTZ_OID);
pg.types.setTypeParser(TIMESTAMPTZ_OID, (value) => (parseTimestamp(value) as Date).toISOString());
pg.types.setTypeParser(TIMESTAMP_OID, (value) => new Date(`${value}Z`).toISOString());
pg.types.setTypeParser(INT8_OID, (value) => Number(value));

export function sqlitePath(url: string): string {
  return url.slice('sqlite:'.length) || ':memory:';
}

export function openDatabase(url: string, kind: DatabaseKind): DatabaseHandle {
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    let closing = false;
    // An idle connection the server drops (a restart, or the database removed while closing) must not
    // bring the process down; the pool opens a new connection for the next query.
    pool.on('error', (error) => {
      if (!closing) console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind,
      watchChanges: () => null,
      close: () => {
        closing = true;
        return db.destroy();
      },
    };
  }
  const path = sqlitePath(url);
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  let feed: ChangeFeed | null = null;
  return {
    db,
    kind,
    watchChanges: () => (feed ??= sqliteChangeFeed(sqlite)),
    close: () => db.destroy(),
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running most of our queries. The same
 * SQL text always compiles to the same statement, so statements are kept and reused (bounded, oldest
 * dropped first). Kysely runs one query at a time per connection, so a statement is never shared by
 * two running queries.
 */
function withStatementCache(database: SqliteDatabase.Database): SqliteDatabase.Database {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = database.prepare(source);
      statements.set(source, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    }
    return statement;
  };
  return new Proxy(database, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
