import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { KyselyPlugin, OperationNode, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { LeerpadApp } from '../app';
import { loadConfig } from '../config';
import { AccountViews } from '../context/account-views';
import type { SessionView } from '../context/account-views';
import { createSession, hashToken, loadSession } from '../http/session';
import { meDocument } from '../modules/me/service';
import { WATCHES } from './change-feed';
import { openDatabase } from './connection';
import type { DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';
import { DEMO_PASSWORD, seedDemo } from './seed/demo';

// The SQLite change feed on a database file, whichever database the rest of the suite runs on:
// writes by another connection must reach the cached views too.
let dir: string;
let database: DatabaseHandle;
let built: LeerpadApp;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leerpad-feed-'));
  const url = `sqlite:${join(dir, 'leerpad.sqlite')}`;
  const config = loadConfig({
    DATABASE_URL: url,
    LEERPAD_LOG_LEVEL: 'silent',
    LEERPAD_DATA_DIR: dir,
    LEERPAD_WEB_DIR: '/nonexistent/leerpad-web',
  });
  database = openDatabase(url, 'sqlite');
  await migrateToLatest(database.db);
  await seedDemo(database.db, new URL('http://localhost:3000'));
  built = await buildApp({ config, database, mailer: { send: async () => {} } });
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost', 'x-requested-with': 'XMLHttpRequest' },
    payload: { email: 'student@leerpad.test', password: DEMO_PASSWORD },
  });
  cookie = `leerpad_session=${login.cookies.find((c) => c.name === 'leerpad_session')?.value}`;
});
afterAll(async () => {
  await built.app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A session of account 1 that expires in 2999. */
const view: SessionView = {
  sessionId: 1,
  lastSeenAt: Date.parse('2026-01-01T00:00:00.000Z'),
  lastOnline: null,
  expiresAt: Date.parse('2999-01-01T00:00:00.000Z'),
  account: { id: 1, portalId: 1, fullName: 'A', email: 'a@example.test', locale: null, roles: [] },
};
const june = Date.parse('2026-06-01T00:00:00.000Z');

const me = async () => built.app.inject({ url: '/api/v1/me', headers: { cookie, host: 'localhost' } });

describe('SQLite change feed', () => {
  it('shows a change another process wrote to the database file on the next request', async () => {
    const first = (await me()).json();
    expect(first.meta.unread_notifications).toBeGreaterThan(0);
    const other = new SqliteDatabase(join(dir, 'leerpad.sqlite'));
    other.pragma('busy_timeout = 5000');
    other
      .prepare('update accounts set notifications_unread = 0, full_name = ? where id = ?')
      .run('Stijn Student', Number(first.data.id));
    expect((await me()).json().meta.unread_notifications).toBe(0);

    other.prepare('delete from sessions').run();
    other.close();
    expect((await me()).statusCode).toBe(401);
  });

  it('refuses to keep a view that was read before a write it depends on', async () => {
    const views = new AccountViews(database.watchChanges());
    const before = views.begin();
    await database.db.updateTable('accounts').set({ locale: 'en' }).where('id', '=', 1).execute();
    views.storeSession(before, 'read-before-the-write', view);
    expect(views.session('read-before-the-write', june)).toBeUndefined();

    views.storeSession(views.begin(), 'read-after-the-write', view);
    expect(views.session('read-after-the-write', june)).toBe(view);
    expect(views.session('read-after-the-write', Date.parse('2999-01-01T00:00:00.000Z'))).toBeUndefined();
  });

  it('keeps nothing without a change feed', () => {
    const views = new AccountViews(null);
    views.storeSession(views.begin(), 'token', view);
    expect(views.session('token', june)).toBeUndefined();
  });
});

/** Every column each SELECT reads, as [table, alias, column]; aliases resolved per (sub)query. */
function columnsRead(root: RootOperationNode): Array<[table: string, alias: string, column: string]> {
  const found: Array<[string, string, string]> = [];
  type Node = OperationNode & Record<string, unknown>;
  const tableOf = (node: Node): [name: string, alias: string] | null => {
    if (node.kind === 'TableNode') {
      const name = (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
      return [name, name];
    }
    if (node.kind === 'AliasNode') {
      const { node: inner, alias } = node as unknown as { node: Node; alias: { name: string } };
      const table = tableOf(inner);
      return table ? [table[0], alias.name] : null;
    }
    return null;
  };
  const visit = (value: unknown, aliases: Map<string, string>): void => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, aliases));
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    let scope = aliases;
    if (node.kind === 'SelectQueryNode') {
      scope = new Map(aliases);
      const select = node as unknown as { from?: { froms: Node[] }; joins?: Array<{ table: Node }> };
      for (const from of [...(select.from?.froms ?? []), ...(select.joins ?? []).map((join) => join.table)]) {
        const table = tableOf(from);
        if (table) scope.set(table[1], table[0]);
      }
    }
    if (node.kind === 'ReferenceNode') {
      const reference = node as unknown as { table?: Node; column: Node & { column?: { name: string } } };
      const alias = reference.table && tableOf(reference.table)?.[1];
      const table = alias && scope.get(alias);
      if (table && reference.column.column) found.push([table, alias, reference.column.column.name]);
    }
    for (const child of Object.values(node)) visit(child, scope);
  };
  if (root.kind === 'SelectQueryNode') visit(root, new Map());
  return found;
}

describe('The change feed and the views it keeps fresh', () => {
  it('watches every table and column the session lookup and /me read', async () => {
    const reads: Array<[string, string, string]> = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => {
        reads.push(...columnsRead(node));
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const db = database.db.withPlugin(recorder);
    const views = new AccountViews(null);
    const student = await db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', 'student@leerpad.test')
      .executeTakeFirstOrThrow();
    reads.length = 0;

    const token = await createSession(database.db, student.id, 1);
    const account = await loadSession(db, views, hashToken(token), 1);
    if (!account) throw new Error('the new session was not found');
    const portal = await built.services.portals.findById(account.portalId);
    if (!portal) throw new Error('the account has no portal');
    await meDocument({ ...built.services, db, views }, portal, account);

    const tables = new Set(reads.map(([table]) => table));
    expect([...tables].sort()).toEqual(
      expect.arrayContaining([
        'account_roles',
        'accounts',
        'contracts',
        'profiles',
        'sessions',
        'subscriptions',
      ]),
    );
    const triggers = await sql<{
      tbl_name: string;
    }>`select tbl_name from sqlite_temp_master where type = 'trigger'`.execute(database.db);
    const triggered = new Set(triggers.rows.map((row) => row.tbl_name));
    for (const table of tables) {
      // Every table read reports its updates and deletes, and has the triggers that do it.
      const watched = WATCHES.filter((watch) => watch.table === table);
      expect(
        watched.flatMap((watch) => watch.events),
        table,
      ).toEqual(expect.arrayContaining(['UPDATE', 'DELETE']));
      expect(triggered.has(table), `triggers on ${table}`).toBe(true);
    }
    // Another account's row (the primary coach) is dropped through the coach watch, for its columns only.
    const coach = WATCHES.find((watch) => watch.kind === 'coach');
    for (const [table, alias, column] of reads) {
      if (table !== 'accounts' || alias === 'accounts') continue;
      expect([coach?.key, ...(coach?.columns ?? [])], `${alias}.${column}`).toContain(column);
    }
  });
});
