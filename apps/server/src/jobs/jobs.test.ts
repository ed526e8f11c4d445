import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection';
import type { DatabaseHandle } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createPostgresDatabase, TEST_DATABASE } from '../test/test-app';
import { embeddedQueue } from './embedded-queue';
import type { JobPayload, JobQueue } from './job-queue';
import { pgBossQueue } from './pg-boss-queue';
import { until } from '../test/wait';

/** The job queue of the database under test, as the app builds it, polling fast for the test. */
let url: string;
let drop: () => Promise<void> = async () => undefined;
const handles: DatabaseHandle[] = [];
const queues: JobQueue[] = [];

async function newQueue(): Promise<JobQueue> {
  let queue: JobQueue;
  if (TEST_DATABASE === 'postgres') {
    queue = pgBossQueue(url, { pollSeconds: 0.5 });
  } else {
    const handle = openDatabase(url, 'sqlite');
    handles.push(handle);
    queue = embeddedQueue(handle.db, { pollMs: 50 });
  }
  queues.push(queue);
  return queue;
}

beforeAll(async () => {
  if (TEST_DATABASE === 'postgres') {
    const database = await createPostgresDatabase();
    url = database.url;
    drop = database.drop;
  } else {
    // A file, not memory: a restarted queue must find the jobs the first one stored.
    url = `sqlite:${join(mkdtempSync(join(tmpdir(), 'leerpad-jobs-')), 'jobs.sqlite')}`;
  }
  const handle = openDatabase(url, TEST_DATABASE);
  await migrateToLatest(handle.db);
  await handle.close();
}, 60_000);

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  for (const handle of handles) await handle.close();
  await drop();
}, 60_000);

describe(`background jobs (${TEST_DATABASE})`, () => {
  it('runs a job with its payload, and retries a failing one with backoff until it succeeds', async () => {
    const queue = await newQueue();
    const seen: JobPayload[] = [];
    const attempts: number[] = [];
    const attemptTimes: number[] = [];
    queue.define('greet', async (payload) => {
      seen.push(payload);
    });
    queue.define(
      'flaky',
      async (_payload, job) => {
        attempts.push(job.attempt);
        attemptTimes.push(Date.now());
        if (job.attempt < 3) throw new Error(`receiver down (${job.attempt})`);
      },
      { retryLimit: 4, retryDelaySeconds: 1 },
    );
    await queue.start();
    await queue.enqueue('greet', { name: 'Sam' });
    await queue.enqueue('flaky', {});
    await until(() => seen.length === 1 && attempts.length === 3, 30_000);
    expect(seen).toEqual([{ name: 'Sam' }]);
    expect(attempts).toEqual([1, 2, 3]);
    // The second retry waited about twice as long as the first (1 s, then 2 s).
    const [first, second, third] = attemptTimes as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1800);
    await queue.stop();
  }, 40_000);

  it('runs a scheduled job at its time, not before', async () => {
    const queue = await newQueue();
    const ranAt: number[] = [];
    queue.define('remind', async () => {
      ranAt.push(Date.now());
    });
    await queue.start();
    const due = Date.now() + 2000;
    await queue.enqueue('remind', {}, { runAt: new Date(due) });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(ranAt).toEqual([]);
    await until(() => ranAt.length === 1);
    expect(ranAt[0]).toBeGreaterThanOrEqual(due - 50);
    await queue.stop();
  }, 30_000);

  it('stores a job once per singleton key', async () => {
    const queue = await newQueue();
    const runs: unknown[] = [];
    queue.define('once', async (payload) => {
      runs.push(payload.n);
    });
    const first = await queue.enqueue('once', { n: 1 }, { singletonKey: 'follow-up-7' });
    const second = await queue.enqueue('once', { n: 2 }, { singletonKey: 'follow-up-7' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    await queue.start();
    await until(() => runs.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs).toEqual([1]);
    await queue.stop();
  }, 30_000);

  it('keeps a job through a restart, and runs each job once with two instances working the queue', async () => {
    // Stored while nothing works the queue, as if the process stopped before running it.
    const before = await newQueue();
    before.define('count', async () => undefined);
    const ids = [];
    for (let n = 0; n < 20; n += 1) ids.push(await before.enqueue('count', { n }));
    await before.stop();
    expect(ids.every(Boolean)).toBe(true);

    const runs = new Map<number, number>();
    const instances = [await newQueue(), await newQueue()];
    for (const instance of instances) {
      instance.define('count', async (payload) => {
        const n = Number(payload.n);
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
    }
    await Promise.all(instances.map((instance) => instance.start()));
    await until(() => runs.size === 20, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(await instances[0]!.depth()).toBe(0);
    await Promise.all(instances.map((instance) => instance.stop()));
  }, 60_000);

  it('starts four instances at once that define the same new job, and each job still runs once', async () => {
    const runs: number[] = [];
    const instances = await Promise.all([newQueue(), newQueue(), newQueue(), newQueue()]);
    for (const instance of instances) {
      instance.define('fresh', async (payload) => {
        runs.push(Number(payload.n));
      });
    }
    await Promise.all(instances.map((instance) => instance.start()));
    await Promise.all([0, 1, 2, 3, 4, 5].map((n) => instances[n % 4]!.enqueue('fresh', { n })));
    await until(() => runs.length === 6, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    await Promise.all(instances.map((instance) => instance.stop()));
  }, 60_000);
});
