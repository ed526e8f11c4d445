import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import { createPostgresDatabase } from '../test/test-app';
import { startProxy } from './tcp-proxy';
import type { FaultProxy } from './tcp-proxy';
import { eventually, METRICS_TOKEN, signIn, startServer, timed, XHR } from './server-process';
import type { ServerProcess } from './server-process';

/**
 * The real server with PostgreSQL and Redis behind proxies that this test breaks: every answer is a
 * 2xx or a quick 503, never a hang or a 500; every acknowledged write is in the database afterwards;
 * and it recovers by itself. Times to recover are printed (docs/benchmarks.md).
 */
const REDIS_TARGET = { host: '127.0.0.1', port: Number(process.env.TEST_REDIS_PORT ?? 6379) };
const PORTS = { postgresProxy: 4410, redisProxy: 4411, first: 4414, second: 4415 };
const folder = mkdtempSync(join(tmpdir(), 'leerpad-faults-'));
let directUrl = '';
let proxiedUrl = '';
let drop: () => Promise<void> = async () => undefined;
let postgres: FaultProxy;
let redis: FaultProxy;
const servers: ServerProcess[] = [];

const report = (line: string) => process.stdout.write(`[faults] ${line}\n`);

beforeAll(async () => {
  const database = await createPostgresDatabase();
  directUrl = database.url;
  drop = database.drop;
  const url = new URL(directUrl);
  postgres = await startProxy(PORTS.postgresProxy, { host: url.hostname, port: Number(url.port || 5432) });
  redis = await startProxy(PORTS.redisProxy, REDIS_TARGET);
  url.port = String(PORTS.postgresProxy);
  proxiedUrl = url.toString();
}, 60_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await postgres?.close();
  await redis?.close();
  await drop();
}, 60_000);

const serve = (port: number, env: Record<string, string> = {}) => {
  const server = startServer({
    port,
    databaseUrl: proxiedUrl,
    dataDir: join(folder, String(port)),
    env: {
      REDIS_URL: `redis://127.0.0.1:${PORTS.redisProxy}`,
      LEERPAD_DB_CONNECT_TIMEOUT_MS: '1000',
      LEERPAD_DB_STATEMENT_TIMEOUT_MS: '2000',
      ...env,
    },
  });
  servers.push(server);
  return server;
};

const metric = async (base: string, name: string) => {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const line = (await response.text()).split('\n').find((text) => text.startsWith(`${name} `));
  return line === undefined ? null : Number(line.split(' ')[1]);
};

describe('a first start of two instances together on an empty database', () => {
  it('starts both: the second waits for the first one to migrate and set up', async () => {
    const both = [serve(PORTS.first), serve(PORTS.second)];
    await Promise.all(both.map((server) => server.ready));
    for (const server of both) expect((await fetch(`${server.base}/api/ping`)).status).toBe(200);
    const database = openDatabase(directUrl, 'postgres');
    try {
      const domains = await database.db.selectFrom('portal_domains').select('domain').execute();
      expect(new Set(domains.map((row) => row.domain)).size).toBe(domains.length);
      expect(domains.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
    await both[1]!.kill('SIGTERM');
  }, 120_000);
});

describe('PostgreSQL and Redis that break under a running server', () => {
  let server: ServerProcess;
  let admin: string;
  let studentId: number;
  beforeAll(async () => {
    server = servers[0]!;
    admin = await signIn(server.base, 'admin@leerpad.test');
    const database = openDatabase(directUrl, 'postgres');
    studentId = (
      await database.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', 'student@leerpad.test')
        .executeTakeFirstOrThrow()
    ).id;
    await database.close();
  }, 30_000);

  it('answers sign-ins within a second while Redis refuses or drops packets, and counts in Redis again after', async () => {
    for (const mode of ['cut', 'blackhole'] as const) {
      await redis.setMode(mode);
      const { ms, value } = await timed(() =>
        fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { ...XHR, 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'student@leerpad.test', password: 'leerpad-demo' }),
        }),
      );
      expect(value.status).toBe(200);
      expect(ms).toBeLessThan(1000);
      report(`Redis ${mode}: sign-in answered 200 in ${ms} ms`);
      expect(await metric(server.base, 'leerpad_rate_limit_store_fallback')).toBe(1);
    }
    await redis.setMode('pass');
    const healed = Date.now();
    await eventually(
      async () => {
        await signIn(server.base, 'student@leerpad.test');
        return (await metric(server.base, 'leerpad_rate_limit_store_fallback')) === 0;
      },
      30_000,
      'the limits to count in Redis again',
    );
    report(`Redis back: limits count in Redis again after ${Date.now() - healed} ms`);
    expect(server.output.join('\n')).toContain('Rate limits: Redis did not answer');
  }, 60_000);

  it('answers 503 quickly while PostgreSQL is cut or partitioned, loses no acknowledged write, and recovers', async () => {
    const acknowledged: number[] = [];
    const statuses: number[] = [];
    let slowest = 0;
    let stop = false;
    const writer = async (name: string) => {
      for (let index = 0; !stop; index += 1) {
        const started = performance.now();
        const response = await fetch(`${server.base}/api/v1/accounts/${studentId}/notes`, {
          method: 'POST',
          headers: { ...XHR, cookie: admin, 'content-type': 'application/json' },
          body: JSON.stringify({ body: `${name} ${index}` }),
        });
        slowest = Math.max(slowest, performance.now() - started);
        statuses.push(response.status);
        const body = (await response.json()) as { data?: { id: string } };
        if (response.status === 201) acknowledged.push(Number(body.data!.id));
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const writers = [writer('a'), writer('b')];
    await new Promise((resolve) => setTimeout(resolve, 500));

    for (const mode of ['cut', 'blackhole'] as const) {
      await postgres.setMode(mode);
      const ping = await timed(() => fetch(`${server.base}/api/ping`));
      expect(ping.value.status).toBe(503);
      expect(ping.ms).toBeLessThan(2000);
      const metrics = await timed(() =>
        fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }),
      );
      expect(metrics.value.status).toBe(200);
      expect(metrics.ms).toBeLessThan(2500);
      report(`PostgreSQL ${mode}: /api/ping 503 in ${ping.ms} ms, /metrics 200 in ${metrics.ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await postgres.setMode('pass');
      const healed = Date.now();
      await eventually(
        async () => (await fetch(`${server.base}/api/ping`)).status === 200,
        30_000,
        'the server to reach PostgreSQL again',
        50,
      );
      report(`PostgreSQL back after ${mode}: /api/ping 200 after ${Date.now() - healed} ms`);
      const before = acknowledged.length;
      await eventually(() => acknowledged.length > before, 30_000, 'a write to succeed again', 50);
      report(`PostgreSQL back after ${mode}: writes succeed after ${Date.now() - healed} ms`);
    }
    stop = true;
    await Promise.all(writers);

    expect(statuses.filter((status) => status !== 201 && status !== 503)).toEqual([]);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    // The statement limit is 2 s here; no request waits much beyond it.
    expect(slowest).toBeLessThan(6000);
    const database = openDatabase(directUrl, 'postgres');
    try {
      const stored = new Set(
        (
          await database.db
            .selectFrom('account_notes')
            .select('id')
            .where('account_id', '=', studentId)
            .execute()
        ).map((row) => row.id),
      );
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      report(
        `${acknowledged.length} acknowledged writes, all stored; slowest answer ${Math.round(slowest)} ms`,
      );
    } finally {
      await database.close();
    }
  }, 120_000);

  it('gives up a start clearly when PostgreSQL does not answer', async () => {
    await postgres.setMode('blackhole');
    try {
      const starting = serve(PORTS.second, { LEERPAD_DB_START_TIMEOUT_SECONDS: '3' });
      const { ms, value: code } = await timed(() => starting.exited);
      expect(code).toBe(1);
      expect(ms).toBeLessThan(20_000);
      const output = starting.output.join('\n');
      expect(output).toContain('Waiting for PostgreSQL at 127.0.0.1:4410');
      expect(output).toContain('no answer within 3 s');
      report(`start during a partition: gave up after ${ms} ms`);
    } finally {
      await postgres.setMode('pass');
    }
  }, 60_000);
});
