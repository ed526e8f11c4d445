import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { retryPolicy } from './job-queue';
import type { EnqueueOptions, JobHandler, JobPayload, JobQueue, RetryPolicy } from './job-queue';

export interface PgBossQueueOptions {
  /** How often each worker asks for due jobs (seconds, at least 0.5). */
  pollSeconds?: number;
  /** Time limits of pg-boss's own connections (ms): a new connection, one statement. */
  connectTimeoutMs?: number;
  onError?: (message: string) => void;
}

/** How often pg-boss looks for expired jobs to retry (seconds). */
const MAINTENANCE_SECONDS = 10;

/** A stable job id for a name and key: a second send with it conflicts and stores nothing. */
function singletonId(name: string, key: string): string {
  const hex = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Jobs on PostgreSQL through pg-boss, in its own `pgboss` schema: every instance works the queue,
 * and SKIP LOCKED hands each job to one of them.
 */
export function pgBossQueue(connectionString: string, options: PgBossQueueOptions = {}): JobQueue {
  // Maintenance (which also retries the jobs of a killed process once they expire) runs every few
  // seconds on one instance, so that a job's expiry is how long a kill delays it.
  // pg-boss hands these to its pg Pool; its types list only some of them.
  const settings = {
    connectionString,
    schema: 'pgboss',
    max: 3,
    schedule: false,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    keepAlive: true,
  };
  const boss = new PgBoss(settings);
  boss.on('error', (error: Error) => options.onError?.(`Job queue: ${error.message}`));
  const handlers = new Map<string, { handler: JobHandler; retry: Partial<RetryPolicy> }>();
  let booted: Promise<unknown> | null = null;
  const queues = new Map<string, Promise<void>>();
  // pg-boss starts once per process; a queue is created once (create_queue ignores one that exists).
  // Instances starting together create the same queue at once; PostgreSQL may pick one of them as a
  // deadlock victim. The queue then exists, so trying again is enough.
  const createQueue = async (name: string) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await boss.createQueue(name);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
      }
    }
  };
  const boot = () => (booted ??= boss.start());
  // This process's worker per queue. pg-boss waits a polling interval after every fetch, even one
  // that found a job; waking the worker after a job and after a send drains a queue at once
  // instead of one job per interval (200 paid orders took minutes to fulfil).
  const workers = new Map<string, string>();
  const wake = (name: string) => {
    const id = workers.get(name);
    if (id) boss.notifyWorker(id);
  };
  const queue = async (name: string) => {
    await boot();
    if (!queues.has(name)) queues.set(name, createQueue(name));
    await queues.get(name);
  };

  return {
    engine: 'pg-boss',
    define(name, handler, retry) {
      handlers.set(name, { handler, retry: retry ?? {} });
    },
    async enqueue(name: string, payload: JobPayload, enqueue: EnqueueOptions = {}) {
      const retry = retryPolicy(handlers.get(name)?.retry, enqueue);
      await queue(name);
      const id = await boss.send(name, payload, {
        retryLimit: retry.retryLimit,
        retryDelay: retry.retryDelaySeconds,
        retryBackoff: true,
        ...(retry.expireInSeconds ? { expireInSeconds: retry.expireInSeconds } : {}),
        ...(enqueue.runAt ? { startAfter: enqueue.runAt } : {}),
        ...(enqueue.singletonKey ? { id: singletonId(name, enqueue.singletonKey) } : {}),
      });
      if (id && !enqueue.runAt) wake(name);
      return id;
    },
    async start() {
      for (const [name, { handler }] of handlers) {
        await queue(name);
        const workerId = await boss.work<JobPayload>(
          name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: options.pollSeconds ?? 2 },
          async ([job]) => {
            if (!job) return;
            // Found one: look for the next as soon as this one ends.
            wake(name);
            try {
              await handler(job.data, { id: job.id, attempt: job.retryCount + 1 });
            } catch (error) {
              options.onError?.(
                `Job ${name} ${job.id} failed (attempt ${job.retryCount + 1}): ${error instanceof Error ? error.message : String(error)}`,
              );
              throw error;
            }
          },
        );
        workers.set(name, workerId);
      }
    },
    async stop() {
      if (!booted) return;
      booted = null;
      queues.clear();
      workers.clear();
      // Graceful: no new jobs are fetched, and the running ones finish before the pool closes.
      await boss.stop({ graceful: true, wait: true, timeout: 8_000 });
    },
    async depth() {
      if (!booted) return 0;
      let total = 0;
      for (const name of handlers.keys()) total += await boss.getQueueSize(name);
      return total;
    },
  };
}
