import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import type { LeerpadApp } from '../app';
import { loadConfig } from '../config';
import type { Config } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { DEMO_PASSWORD, seedDemo } from '../db/seed/demo';
import { defaultStorageRoot, localDiskStorage } from '../storage/file-storage';
import type { FileStorage } from '../storage/file-storage';
import type { MailMessage } from '../mail/mailer';
import { until } from './wait';
import { createdLocationBreach, responseContract } from './contract';

export const TEST_DATABASE = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const XHR = { 'x-requested-with': 'XMLHttpRequest' };
export const ACADEMY_HOST = 'localhost';
export const SECOND_HOST = 'second.localhost';

export interface TestApp extends LeerpadApp {
  mail: MailMessage[];
  /** Signs in on the given host and returns the Cookie header value. */
  login(email: string, host?: string): Promise<string>;
  accountId(email: string): Promise<number>;
  /**
   * Waits until writes made straight to the database (as another instance would) have reached this
   * app's views: at once on SQLite, whose triggers report during the write; on PostgreSQL once a
   * marker sent after them has come back through LISTEN, as notifications arrive in commit order.
   */
  settle(): Promise<void>;
  /** Waits until the outbox holds more than `count` messages (mail sent by background jobs). */
  mailAfter(count: number): Promise<MailMessage>;
  close(): Promise<void>;
}

/** A new, empty PostgreSQL database of its own, dropped with `drop()`. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `leerpad_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A real app on a fresh database (SQLite in memory, or a new PostgreSQL database) with demo data.
 * Files go to the shared test data directory unless another storage is given.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { storage?: FileStorage } = {},
): Promise<TestApp> {
  const postgres = TEST_DATABASE === 'postgres' ? await createPostgresDatabase() : null;
  const databaseUrl = postgres?.url ?? 'sqlite::memory:';
  const config = loadConfig(
    {
      DATABASE_URL: databaseUrl,
      LEERPAD_LOG_LEVEL: 'silent',
      LEERPAD_DATA_DIR: '/tmp/leerpad-test',
      // API tests never depend on whether apps/web/dist happens to be built.
      LEERPAD_WEB_DIR: '/nonexistent/leerpad-web',
    },
    overrides,
  );
  const database = openDatabase(databaseUrl, config.databaseKind);
  await migrateToLatest(database.db);
  const storage = options.storage ?? localDiskStorage(defaultStorageRoot(config.dataDir));
  await seedDemo(database.db, new URL('http://localhost:3000'), { storage });
  const mail: MailMessage[] = [];
  const built = await buildApp({
    config,
    database,
    storage,
    jobPollMs: 500,
    mailer: {
      async send(message) {
        mail.push(message);
      },
    },
  });
  const contractBreaches = checkAnswersAgainstContract(built);
  await built.app.ready();

  return {
    ...built,
    mail,
    async login(email, host = ACADEMY_HOST) {
      const response = await built.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...XHR, host },
        payload: { email, password: DEMO_PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'leerpad_session');
      return `leerpad_session=${cookie?.value}`;
    },
    async accountId(email) {
      const row = await database.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async settle() {
      if (TEST_DATABASE !== 'postgres') return;
      const marker = randomBytes(8).toString('hex');
      const events = built.services.events;
      let stop = () => {};
      const heard = new Promise<void>((resolve) => {
        void events
          .subscribe('leerpad_changes', (payload) => {
            if (payload.key === marker) resolve();
          })
          .then((unsubscribe) => {
            stop = unsubscribe;
            return events.publish('leerpad_changes', { kind: 'marker', key: marker });
          });
      });
      await heard;
      stop();
    },
    async mailAfter(count) {
      await until(() => mail.length > count, 15_000, `a mail after ${count} messages`);
      return mail[count]!;
    },
    async close() {
      await built.app.close();
      await database.close();
      await postgres?.drop();
      const unreported = contractBreaches.unreported();
      if (unreported.length > 0) throw new Error(unreported.join('\n\n'));
    },
  };
}

/**
 * Every answer the API suite receives is checked against the OpenAPI document, so the document
 * cannot drift from the code. A breach fails the `inject()` that received it (and, for requests over
 * a socket, the closing of the app), saying which operation answered what.
 */
function checkAnswersAgainstContract(built: LeerpadApp) {
  const check = responseContract(built.openApi);
  const breaches = new WeakMap<object, string>();
  const unreported = new Set<string>();
  built.app.addHook('onSend', async (request, reply, payload) => {
    const body = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : null;
    const answer = {
      method: request.method,
      route: request.routeOptions.url,
      status: reply.statusCode,
      contentType: reply.getHeader('content-type')?.toString(),
      body,
      sparse: Object.keys((request.query ?? {}) as object).some((key) => key.startsWith('fields[')),
    };
    const breach =
      check(answer) ??
      createdLocationBreach({ ...answer, location: reply.getHeader('location')?.toString() });
    if (breach) {
      breaches.set(request.raw, breach);
      unreported.add(breach);
    }
    return payload;
  });
  const inject = built.app.inject.bind(built.app);
  built.app.inject = ((options?: InjectOptions | string) => {
    if (options === undefined) return inject();
    return inject(options).then((response) => {
      const breach = breaches.get(response.raw.req);
      if (breach) {
        unreported.delete(breach);
        throw new Error(breach);
      }
      return response;
    });
  }) as typeof built.app.inject;
  return { unreported: () => [...unreported] };
}
