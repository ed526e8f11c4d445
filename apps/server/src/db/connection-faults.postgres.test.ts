import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFailure } from '../http/errors';
import { createTestApp } from '../test/test-app';
import type { TestApp } from '../test/test-app';

/**
 * PostgreSQL connections break: a failover, `pg_terminate_backend`, a proxy restart. The server
 * must answer 503 with Retry-After for the request in flight, keep running, and recover.
 */
let t: TestApp;
let base: string;
let cookie: string;

const terminateOthers = () =>
  sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`.execute(t.services.db);

beforeAll(async () => {
  t = await createTestApp({ loginFailuresPerIp: 10_000, loginFailuresPerAccount: 10_000 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  cookie = await t.login('student@leerpad.test');
}, 60_000);
afterAll(() => t.close(), 90_000);

describe('a PostgreSQL connection that breaks', () => {
  it('fails the query in flight as a 503 and leaves the process running', async () => {
    const inFlight = sql`select pg_sleep(5)`.execute(t.services.db).then(
      () => null,
      (failure: unknown) => failure,
    );
    // Wait until the sleep runs on the server, then end its backend from a second connection.
    for (let tries = 0; tries < 50; tries += 1) {
      const { rows } = await sql<{ count: number }>`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and query like 'select pg_sleep%' and state = 'active'`.execute(
        t.services.db,
      );
      if (rows[0]!.count > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query like 'select pg_sleep%' and pid <> pg_backend_pid()`.execute(
      t.services.db,
    );
    const error = await inFlight;
    const answer = databaseFailure(error);
    expect(answer?.status).toBe(503);
    expect(answer?.headers['retry-after']).toBe('1');
    const ping = await fetch(`${base}/api/ping`);
    expect(ping.status).toBe(200);
    expect(((await ping.json()) as { database: string }).database).toBe('ok');
  });

  it('answers only 200 or 503 with Retry-After while backends are terminated under load, then recovers', async () => {
    const statuses: number[] = [];
    let stop = false;
    const client = async () => {
      while (!stop) {
        const response = await fetch(`${base}/api/v1/courses?page[size]=5`, { headers: { cookie } });
        statuses.push(response.status);
        if (response.status === 503) expect(response.headers.get('retry-after')).toBe('1');
        await response.arrayBuffer();
      }
    };
    const clients = Array.from({ length: 10 }, client);
    for (let round = 0; round < 5; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await terminateOthers();
    }
    stop = true;
    await Promise.all(clients);
    expect(statuses.length).toBeGreaterThan(30);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const after = await fetch(`${base}/api/v1/me`, { headers: { cookie } });
    expect(after.status).toBe(200);
  }, 60_000);
});
