import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { LeerpadApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import type { DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';
import { defaultStorageRoot, localDiskStorage } from '../storage/file-storage';
import { createPostgresDatabase, XHR } from '../test/test-app';

/**
 * The session and `/me` views kept per instance on PostgreSQL: two instances on one database, each
 * with its own pool and listening connection, as two processes behind a load balancer.
 */
let url: string;
let drop: () => Promise<void>;
const handles: DatabaseHandle[] = [];
const apps: LeerpadApp[] = [];

async function instance(): Promise<LeerpadApp> {
  const config = loadConfig({
    DATABASE_URL: url,
    LEERPAD_LOG_LEVEL: 'silent',
    LEERPAD_DATA_DIR: '/tmp/leerpad-test',
    LEERPAD_WEB_DIR: '/nonexistent/leerpad-web',
  });
  const database = openDatabase(url, 'postgres');
  handles.push(database);
  const built = await buildApp({ config, database, mailer: { send: async () => undefined } });
  await built.app.ready();
  apps.push(built);
  return built;
}

const headers = (cookie: string) => ({ ...XHR, cookie, host: 'localhost' });

async function signIn(app: LeerpadApp, email: string): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { ...XHR, host: 'localhost' },
    payload: { email, password: DEMO_PASSWORD },
  });
  return `leerpad_session=${response.cookies.find((cookie) => cookie.name === 'leerpad_session')!.value}`;
}

const unread = async (app: LeerpadApp, cookie: string): Promise<number> =>
  (await app.app.inject({ url: '/api/v1/me', headers: headers(cookie) })).json().meta.unread_notifications;

async function readOne(app: LeerpadApp, cookie: string, accountId: string): Promise<void> {
  const list = await app.app.inject({
    url: `/api/v1/accounts/${accountId}/notifications?filter[status]=unread&page[size]=1`,
    headers: headers(cookie),
  });
  const id = list.json().data[0].id as string;
  const read = await app.app.inject({
    method: 'PATCH',
    url: `/api/v1/accounts/${accountId}/notifications/${id}`,
    headers: headers(cookie),
    payload: { data: { type: 'notifications', id, attributes: { read_at: new Date().toISOString() } } },
  });
  expect(read.statusCode).toBe(200);
}

beforeAll(async () => {
  const database = await createPostgresDatabase();
  url = database.url;
  drop = database.drop;
  const handle = openDatabase(url, 'postgres');
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, new URL('http://localhost:3000'), {
    storage: localDiskStorage(defaultStorageRoot('/tmp/leerpad-test')),
  });
  await handle.close();
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.app.close();
  for (const handle of handles) await handle.close();
  await drop();
}, 60_000);

describe('per-instance views on PostgreSQL', () => {
  it("show a request its own write at once, and another instance's write within a second", async () => {
    const [first, second] = [await instance(), await instance()];
    const cookie = await signIn(first, 'student@leerpad.test');
    const me = (await first.app.inject({ url: '/api/v1/me', headers: headers(cookie) })).json();
    const accountId = me.data.id as string;
    const start = await unread(first, cookie);
    expect(await unread(second, cookie)).toBe(start);

    // Its own write: the very next request of the same instance sees it.
    await readOne(first, cookie, accountId);
    expect(await unread(first, cookie)).toBe(start - 1);

    // Another instance's write: the first sees it once the notification arrives, well within 1 s.
    await readOne(second, cookie, accountId);
    const written = Date.now();
    while ((await unread(first, cookie)) !== start - 2) {
      expect(Date.now() - written).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('keep nothing while the listening connection is down, so no change is missed', async () => {
    const [first, second] = [await instance(), await instance()];
    const cookie = await signIn(first, 'student@leerpad.test');
    const accountId = (await first.app.inject({ url: '/api/v1/me', headers: headers(cookie) })).json().data
      .id as string;
    const start = await unread(first, cookie);
    expect(await unread(first, cookie)).toBe(start);

    // A failover or a proxy restart ends every listening connection.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    await admin.end();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Written while the first instance may be deaf: its next read must not come from memory.
    await readOne(second, cookie, accountId);
    expect(await unread(first, cookie)).toBe(start - 1);

    // Back again, it follows the other instance's writes as before.
    while (!first.services.events.connected()) await new Promise((resolve) => setTimeout(resolve, 20));
    await readOne(second, cookie, accountId);
    const written = Date.now();
    while ((await unread(first, cookie)) !== start - 2) {
      expect(Date.now() - written).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });
});
