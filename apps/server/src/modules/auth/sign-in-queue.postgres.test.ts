import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';
import { SignInQueue } from './sign-in-queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('runs every statement of a sign-in on one PostgreSQL connection, taken before the work', async () => {
  const queue = new SignInQueue({ atOnce: 2, maxWaitMs: 10_000, maxWaiting: 10 });
  const backends = await queue.run(t.services.db, true, async (db) => {
    const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    // Other requests take the pool's connections meanwhile, the one just used first among them.
    const others = Promise.all(
      Array.from({ length: 4 }, () => sql`select pg_sleep(0.2)`.execute(t.services.db)),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
    await others;
    return [first.rows[0]?.pid, second.rows[0]?.pid];
  });
  expect(backends[0]).toBeDefined();
  expect(backends[1]).toBe(backends[0]);
});
