import { spawn } from 'node:child_process';
import { request } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/connection';
import { migrateToLatest } from './db/migrate';
import { DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { defaultStorageRoot, localDiskStorage } from './storage/file-storage';
import { openEventStream } from './test/event-stream';
import { createPostgresDatabase } from './test/test-app';

/**
 * Two server processes on one PostgreSQL and one Redis, as behind a load balancer: what one
 * instance knows, the other knows too.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const FAILURES_PER_ACCOUNT = 4;
const instances: Array<{ process: ChildProcess; url: string }> = [];
/** One data folder for both, as a shared volume: the outgoing mail of either lands here. */
const dataDir = mkdtempSync(join(tmpdir(), 'leerpad-instances-'));
let drop: () => Promise<void> = async () => undefined;
/** A content issue the demo student reported: resolving it notifies them. */
let reportedIssue = 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startInstance(databaseUrl: string): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: new URL('..', import.meta.url).pathname,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      LEERPAD_LOG_LEVEL: 'warn',
      LEERPAD_DATA_DIR: dataDir,
      LEERPAD_WEB_DIR: '/nonexistent/leerpad-web',
      LEERPAD_LOGIN_FAILURES_PER_ACCOUNT: String(FAILURES_PER_ACCOUNT),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Leerpad is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`instance ended (${code}):\n${output}`)));
  });
  return { process: child, url: `http://localhost:${port}` };
}

const post = (url: string, body: object, cookie?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  const database = await createPostgresDatabase();
  drop = database.drop;
  const handle = openDatabase(database.url, 'postgres');
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, new URL('http://localhost:3000'), {
    storage: localDiskStorage(defaultStorageRoot('/tmp/leerpad-test')),
  });
  reportedIssue = (
    await handle.db
      .selectFrom('content_issues')
      .innerJoin('accounts', 'accounts.id', 'content_issues.reporter_id')
      .select('content_issues.id')
      .where('accounts.email', '=', 'student@leerpad.test')
      .where('content_issues.status', '=', 'open')
      .executeTakeFirstOrThrow()
  ).id;
  await handle.close();
  // Counters of an earlier run of this test would still be in their window.
  const redis = new Redis(REDIS_URL);
  const stale = await redis.keys('leerpad:limit:*classmate@leerpad.test');
  if (stale.length) await redis.del(...stale);
  await redis.quit();
  instances.push(...(await Promise.all([startInstance(database.url), startInstance(database.url)])));
}, 90_000);

afterAll(async () => {
  await Promise.all(
    instances.map(
      ({ process: child }) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  await drop();
}, 60_000);

describe('two instances on one PostgreSQL and one Redis', () => {
  it('accept a session made on the other instance, and end it for both on sign-out', async () => {
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const signIn = await post(`${first.url}/api/auth/login`, {
      email: 'student@leerpad.test',
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const me = await fetch(`${second.url}/api/v1/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    const document = (await me.json()) as {
      included: Array<{ type: string; attributes: Record<string, unknown> }>;
    };
    const account = document.included.find((resource) => resource.type === 'accounts');
    expect(account?.attributes.email_address).toBe('student@leerpad.test');

    expect((await post(`${second.url}/api/auth/logout`, {}, cookie)).status).toBe(200);
    // The first instance kept the session; the sign-out reaches it through NOTIFY within a second.
    const signedOut = Date.now();
    while ((await fetch(`${first.url}/api/v1/me`, { headers: { cookie } })).status !== 401) {
      expect(Date.now() - signedOut).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });

  it('run a background job once, on one of them', async () => {
    const mailsTo = (address: string) =>
      existsSync(join(dataDir, 'mail'))
        ? readdirSync(join(dataDir, 'mail'), { withFileTypes: true })
            .filter((entry) => entry.isFile())
            .filter((entry) => readFileSync(join(dataDir, 'mail', entry.name), 'utf8').includes(address))
        : [];
    // Both instances work the queue; the sign-up mail is a job.
    const answer = await post(`${instances[0]!.url}/api/auth/register`, {
      full_name: 'Jo Once',
      email: 'jo.once@example.com',
      password: 'a long password',
    });
    expect(answer.status).toBe(202);
    const sent = Date.now();
    while (mailsTo('jo.once@example.com').length === 0) {
      expect(Date.now() - sent).toBeLessThan(15_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(mailsTo('jo.once@example.com')).toHaveLength(1);
  }, 30_000);

  it('count failed sign-ins of one account across both instances', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILURES_PER_ACCOUNT + 1; attempt += 1) {
      const instance = instances[attempt % 2]!;
      const response = await post(`${instance.url}/api/auth/login`, {
        email: 'classmate@leerpad.test',
        password: 'not the password',
      });
      statuses.push(response.status);
    }
    // Two failures on each instance fill the shared window; the next try is refused on either.
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const right = await post(`${instances[1]!.url}/api/auth/login`, {
      email: 'classmate@leerpad.test',
      password: DEMO_PASSWORD,
    });
    expect(right.status).toBe(429);
  });

  it('deliver a notification made on one instance to a stream open on the other within a second', async () => {
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    const signIn = async (email: string) => {
      const response = await post(`${first.url}/api/auth/login`, { email, password: DEMO_PASSWORD });
      expect(response.status).toBe(200);
      return response.headers.getSetCookie()[0]!.split(';')[0]!;
    };
    const student = await signIn('student@leerpad.test');
    const admin = await signIn('admin@leerpad.test');
    const stream = await openEventStream(`${second.url}/api/v1/notifications/stream`, { cookie: student });
    try {
      await stream.next('ready');
      const resolved = await fetch(`${first.url}/api/v1/content_issues/${reportedIssue}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: admin },
        body: JSON.stringify({ status: 'resolved' }),
      });
      expect(resolved.status).toBe(200);
      const event = await stream.next('notification', 1_000);
      expect(JSON.parse(event.data).message).toContain('opgelost');
    } finally {
      stream.close();
    }
  });

  it('serve a portal created on one instance on the other within a second, and its closing too', async () => {
    const [first, second] = instances as [(typeof instances)[0], (typeof instances)[0]];
    /** A request on the second instance as if to the new portal's host (fetch cannot set Host). */
    const onHost = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const url = new URL(path, second.url);
        request(
          { host: url.hostname, port: url.port, path: url.pathname, headers: { host: 'across.example.nl' } },
          (answer) => {
            answer.resume();
            resolve(answer.statusCode ?? 0);
          },
        )
          .on('error', reject)
          .end();
      });
    // The second instance remembers that no portal is served there.
    expect(await onHost('/api/v1/portals/current')).toBe(404);
    const signIn = await post(`${first.url}/api/auth/login`, {
      email: 'support@leerpad.test',
      password: DEMO_PASSWORD,
    });
    const support = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const created = await post(
      `${first.url}/api/v1/portals`,
      {
        data: {
          type: 'portals',
          attributes: {
            name: 'Across',
            domains: ['across.example.nl'],
            languages: ['en'],
            primary_language: 'en',
            business_models: ['free'],
            seller: { name: 'Across Ltd', country: 'GB' },
            first_admin: { email: 'admin@across.example.nl', full_name: 'Ada Across' },
          },
        },
      },
      support,
    );
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { id: string } }).data.id;
    const createdAt = Date.now();
    while ((await onHost('/api/v1/portals/current')) !== 200) {
      expect(Date.now() - createdAt).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const closed = await fetch(`${first.url}/api/v1/portals/${id}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: support },
      body: JSON.stringify({ data: { type: 'portal_statuses', id, attributes: { status: 'closed' } } }),
    });
    expect(closed.status).toBe(200);
    const closedAt = Date.now();
    while ((await onHost('/catalog')) !== 503) {
      expect(Date.now() - closedAt).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
