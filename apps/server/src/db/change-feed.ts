import type SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { EventBus } from '../events/event-bus';

/**
 * What a write touched, in the terms the per-account views (the session, `/me`) depend on:
 * - `account`: the account's own row (counters and last_online included), roles, profile or
 *   subscriptions;
 * - `coach`: the account's name or contact details, which other accounts show as their coach;
 * - `entity`: an entity or its contracts;
 * - `session`: one session, by token hash;
 * - `everything`: a write this process did not see (another process on the same database file).
 */
export type Change =
  | { kind: 'account' | 'coach' | 'entity'; id: number }
  | { kind: 'session'; tokenHash: string }
  | { kind: 'everything' };

export interface ChangeFeed {
  subscribe(listener: (change: Change) => void): () => void;
  /** Reports writes made outside this feed's sight as `everything`; call before trusting a cached view. */
  catchUp(): void;
  /**
   * Whether a write is reported before the statement returns (SQLite). Otherwise it arrives after
   * the commit, and a request's own writes must drop its account's views before it answers.
   */
  readonly synchronous: boolean;
  /** Whether changes arrive now; while not, nothing may be kept. */
  live(): boolean;
}

export type Event = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Watch {
  table: string;
  kind: 'account' | 'coach' | 'entity' | 'session';
  /** The column whose value names what changed. */
  key: string;
  events: Event[];
  /** Only updates of these columns count (all columns when absent). */
  columns?: string[];
}

/** The tables the session (http/session.ts) and `/me` (modules/me/service.ts) read; change-feed.test.ts checks both queries against it. */
export const WATCHES: readonly Watch[] = [
  { table: 'accounts', kind: 'account', key: 'id', events: ['UPDATE', 'DELETE'] },
  {
    table: 'accounts',
    kind: 'coach',
    key: 'id',
    events: ['UPDATE', 'DELETE'],
    columns: ['full_name', 'email', 'phone_number'],
  },
  { table: 'account_roles', kind: 'account', key: 'account_id', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'profiles', kind: 'account', key: 'account_id', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'subscriptions', kind: 'account', key: 'account_id', events: ['INSERT', 'UPDATE', 'DELETE'] },
  { table: 'sessions', kind: 'session', key: 'token_hash', events: ['UPDATE', 'DELETE'] },
  { table: 'entities', kind: 'entity', key: 'id', events: ['UPDATE', 'DELETE'] },
  { table: 'contracts', kind: 'entity', key: 'entity_id', events: ['INSERT', 'UPDATE', 'DELETE'] },
  // Starting or ending an act drops the acting support user's sessions.
  { table: 'impersonations', kind: 'account', key: 'actor_id', events: ['INSERT', 'UPDATE', 'DELETE'] },
];

const FUNCTION = 'leerpad_changed';

/** The statements of one trigger body: the key before and after the write, as each event has them. */
function reports(watch: Watch, event: Event): string {
  const rows = event === 'INSERT' ? ['NEW'] : event === 'DELETE' ? ['OLD'] : ['OLD', 'NEW'];
  return rows.map((row) => `SELECT ${FUNCTION}('${watch.kind}', ${row}.${watch.key});`).join(' ');
}

/**
 * SQLite reports its own writes through temporary triggers that call back into this process while
 * the statement runs, so a view is dropped before anyone can read the row again. Writes by another
 * connection (a second process, the sqlite3 shell) show as a new `PRAGMA data_version`, which
 * `catchUp()` compares on every call. Call after migrations: the triggers name the tables.
 */
export function sqliteChangeFeed(database: SqliteDatabase.Database): ChangeFeed {
  const listeners = new Set<(change: Change) => void>();
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };

  database.function(FUNCTION, { deterministic: false }, (kind: unknown, key: unknown) => {
    if (key === null || key === undefined) return null;
    if (kind === 'session') emit({ kind: 'session', tokenHash: String(key) });
    else emit({ kind: kind as 'account' | 'coach' | 'entity', id: Number(key) });
    return null;
  });
  WATCHES.forEach((watch, index) => {
    for (const event of watch.events) {
      const on = event === 'UPDATE' && watch.columns ? `UPDATE OF ${watch.columns.join(', ')}` : event;
      database.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS leerpad_watch_${index}_${event.toLowerCase()} ` +
          `AFTER ${on} ON ${watch.table} BEGIN ${reports(watch, event)} END`,
      );
    }
  });

  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  let seenVersion = dataVersion.get();
  return {
    synchronous: true,
    live: () => true,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    catchUp() {
      const version = dataVersion.get();
      if (version === seenVersion) return;
      seenVersion = version;
      emit({ kind: 'everything' });
    },
  };
}

const CHANNEL = 'leerpad_changes';

/**
 * PostgreSQL reports writes through row triggers that `pg_notify` what changed; every instance
 * listens (events/event-bus.ts), so another instance's write reaches this one's views within
 * milliseconds of its commit. The triggers are made from `WATCHES` at start-up, under an advisory
 * lock, so several instances starting at once do not collide. While the listening connection is
 * down nothing is kept, and everything is dropped when it drops and again when it is back.
 */
export async function postgresChangeFeed(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  events: EventBus,
  log: (message: string) => void = () => undefined,
): Promise<ChangeFeed> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${CHANNEL}))`.execute(trx);
    await sql
      .raw(
        `CREATE OR REPLACE FUNCTION ${FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
          before_key text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> TG_ARGV[1] END;
          after_key text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> TG_ARGV[1] END;
        BEGIN
          IF before_key IS NOT NULL THEN
            PERFORM pg_notify('${CHANNEL}', json_build_object('kind', TG_ARGV[0], 'key', before_key)::text);
          END IF;
          IF after_key IS NOT NULL AND after_key IS DISTINCT FROM before_key THEN
            PERFORM pg_notify('${CHANNEL}', json_build_object('kind', TG_ARGV[0], 'key', after_key)::text);
          END IF;
          RETURN NULL;
        END $$`,
      )
      .execute(trx);
    for (const [index, watch] of WATCHES.entries()) {
      const on = watch.events
        .map((event) =>
          event === 'UPDATE' && watch.columns ? `UPDATE OF ${watch.columns.join(', ')}` : event,
        )
        .join(' OR ');
      await sql
        .raw(
          `CREATE OR REPLACE TRIGGER leerpad_watch_${index} AFTER ${on} ON ${watch.table} ` +
            `FOR EACH ROW EXECUTE FUNCTION ${FUNCTION}('${watch.kind}', '${watch.key}')`,
        )
        .execute(trx);
    }
  });

  const listeners = new Set<(change: Change) => void>();
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  // Missed while the connection was down: drop everything on both edges.
  events.watchConnection(() => emit({ kind: 'everything' }));
  try {
    await events.subscribe(CHANNEL, (payload) => {
      const key = payload.key;
      if (typeof key !== 'string') return;
      if (payload.kind === 'session') emit({ kind: 'session', tokenHash: key });
      else if (payload.kind === 'account' || payload.kind === 'coach' || payload.kind === 'entity')
        emit({ kind: payload.kind, id: Number(key) });
    });
  } catch (error) {
    // The bus keeps trying; until it listens, `live()` is false and nothing is kept.
    log(`Change feed not listening yet: ${(error as Error).message}`);
  }
  return {
    synchronous: false,
    live: () => events.connected(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    catchUp() {},
  };
}
