import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseKind, DatabaseTimeouts } from '../config';
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
  /** Connections of the PostgreSQL pool (null on SQLite, which has one connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
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

/** PostgreSQL's connection-level SQLSTATEs: the server went away, or is shutting down or starting. */
const CONNECTION_LOST_CODES = /^(08|57P0[1-3]|25P03)/;
// "Query read timeout": no answer within the client's time limit, as when packets are dropped silently.
const CONNECTION_LOST_MESSAGES =
  /Connection terminated|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ETIMEDOUT|server closed the connection|timeout exceeded when trying to connect|not queryable|Query read timeout/i;

/** The time limits when none are configured (README, LEERPAD_DB_…). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 3000,
  statementMs: 10_000,
  idleInTransactionMs: 30_000,
};

/**
 * The client waits a little longer than the server's statement limit: a statement the server ends
 * reports why, and only a database that does not answer at all (a silent partition) reaches this.
 */
const CLIENT_MARGIN_MS = 2000;

/** Whether a database error means the connection is gone (temporary), not that the query was wrong. */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  return CONNECTION_LOST_CODES.test(code) || CONNECTION_LOST_MESSAGES.test(error.message);
}

/**
 * The database file's folder must exist (or be creatable) and be writable, as must the file. Folders
 * are made one level at a time: Node's recursive mkdir loops forever on some /proc paths.
 */
function checkWritableLocation(path: string): void {
  const missing: string[] = [];
  for (let folder = dirname(path); !existsSync(folder); folder = dirname(folder)) missing.unshift(folder);
  try {
    for (const folder of missing) mkdirSync(folder);
    accessSync(dirname(path), constants.W_OK);
    if (existsSync(path)) accessSync(path, constants.W_OK);
    else closeSync(openSync(path, 'a'));
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    throw new Error(
      `The database ${path} cannot be created or written there (${code || (error as Error).message}). ` +
        'Choose another DATABASE_URL=sqlite:<path>, or make the folder writable.',
    );
  }
}

export function sqlitePath(url: string): string {
  return url.slice('sqlite:'.length) || ':memory:';
}

export function openDatabase(
  url: string,
  kind: DatabaseKind,
  options: { poolSize?: number; timeouts?: DatabaseTimeouts } = {},
): DatabaseHandle {
  if (kind === 'postgres') {
    const pool = new pg.Pool(postgresPoolOptions(url, options.poolSize ?? 10, options.timeouts));
    let closing = false;
    // An idle connection the server drops (a restart, or the database removed while closing) must not
    // bring the process down; the pool opens a new connection for the next query.
    const lost = (error: Error) => {
      if (!closing) console.error(`PostgreSQL connection lost: ${error.message}`);
    };
    pool.on('error', lost);
    // A connection that breaks while checked out (a failover, pg_terminate_backend, a proxy restart)
    // emits 'error' on its client, where the pool listens only while it is idle: without a listener
    // of our own that event would end the process. The query in flight fails and answers 503.
    pool.on('connect', (client) => {
      client.on('error', lost);
      // A query can fail on a dead connection before the client itself notices; such a client must
      // not go back to the pool as idle, where the next request would pick it up and fail too.
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: typeof query }).query = (...args) => {
        const result = query(...args);
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            // Ending it marks it so: the pool drops it on release. Runs before the caller's own handler.
            if (isConnectionLoss(error)) client.end().catch(() => undefined);
          });
        }
        return result;
      };
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind,
      watchChanges: () => null,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: async () => {
        closing = true;
        // Ending the pool waits for every client; one whose backend was ended can wait forever.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          db.destroy(),
          new Promise((resolve) => {
            timer = setTimeout(resolve, 5_000);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
      },
    };
  }
  const path = sqlitePath(url);
  if (path !== ':memory:') checkWritableLocation(path);
  const sqlite = new SqliteDatabase(path);
  // A read-only file opens fine and fails at the first write; find that out now.
  try {
    sqlite.exec('BEGIN IMMEDIATE; ROLLBACK');
  } catch (error) {
    sqlite.close();
    throw new Error(`The database file ${path} cannot be written: ${(error as Error).message}`);
  }
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
    poolStats: () => null,
    close: () => db.destroy(),
  };
}

/**
 * The pool's settings: every wait has an end. Without them a database that drops packets silently
 * holds each request (and a start) for as long as the partition lasts.
 */
export function postgresPoolOptions(
  url: string,
  max: number,
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    // No JIT compilation: our statements run in milliseconds, but a plan with a high cost estimate
    // (a hashed subplan over a few thousand rows) crosses `jit_above_cost` and then spends ~15 ms
    // compiling before it starts (decision 044).
    options: '-c jit=off',
    // A new connection, or a free slot in a full pool.
    connectionTimeoutMillis: timeouts.connectMs,
    // Ended by the server: one statement, and a transaction left open without work.
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Ended by the client: a database that does not answer at all.
    query_timeout: timeouts.statementMs + CLIENT_MARGIN_MS,
    keepAlive: true,
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
