import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { LeerpadApp } from '../app';
import { loadConfig } from '../config';
import { AccountViews } from '../http/account-views';
import type { SessionView } from '../http/account-views';
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
