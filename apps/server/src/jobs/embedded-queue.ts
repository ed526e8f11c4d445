import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { backoffSeconds, retryPolicy } from './job-queue';
import type { EnqueueOptions, JobHandler, JobPayload, JobQueue, RetryPolicy } from './job-queue';

export interface EmbeddedQueueOptions {
  /** How often the runner looks for due jobs when nothing woke it (ms). */
  pollMs?: number;
  /** A running job whose process died is taken up again after this long (ms). */
  lockMs?: number;
  /** Finished and failed jobs are kept this long, then deleted (ms). */
  retentionMs?: number;
  onError?: (message: string) => void;
}

/**
 * The job runner of the embedded SQLite database: jobs are rows in `jobs`, so they survive a
 * restart, and one process works them one at a time. SQLite has a single writer process, so a
 * claim is a plain update; a job left `running` by a process that died is taken up again once its
 * lock has run out.
 */
export function embeddedQueue(db: Kysely<Database>, options: EmbeddedQueueOptions = {}): JobQueue {
  const pollMs = options.pollMs ?? 1000;
  const lockMs = options.lockMs ?? 5 * 60_000;
  const retentionMs = options.retentionMs ?? 7 * 24 * 3600_000;
  const handlers = new Map<string, { handler: JobHandler; retry: Partial<RetryPolicy> }>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let started = false;
  let wakeAgain = false;

  const nowIso = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

  async function claim() {
    const names = [...handlers.keys()];
    if (names.length === 0) return undefined;
    return db
      .updateTable('jobs')
      .set({ state: 'running', attempts: sql`attempts + 1`, locked_until: nowIso(lockMs) })
      .where(
        'id',
        '=',
        db
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'waiting')
          .where('run_at', '<=', nowIso())
          .where('name', 'in', names)
          .orderBy('run_at')
          .orderBy('id')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function runOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const { handler, retry } = handlers.get(job.name)!;
    if (retry.expireInSeconds) {
      // This job's own expiry instead of the runner's default.
      await db
        .updateTable('jobs')
        .set({ locked_until: nowIso(retry.expireInSeconds * 1000) })
        .where('id', '=', job.id)
        .execute();
    }
    try {
      await handler(JSON.parse(job.payload) as JobPayload, { id: String(job.id), attempt: job.attempts });
      await db
        .updateTable('jobs')
        .set({ state: 'done', locked_until: null, finished_at: nowIso() })
        .where('id', '=', job.id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const policy = { retryLimit: job.retry_limit, retryDelaySeconds: job.retry_delay_seconds };
      const retriesLeft = job.attempts <= job.retry_limit;
      await db
        .updateTable('jobs')
        .set(
          retriesLeft
            ? {
                state: 'waiting',
                locked_until: null,
                last_error: message,
                run_at: nowIso(backoffSeconds(policy, job.attempts) * 1000),
              }
            : { state: 'failed', locked_until: null, last_error: message, finished_at: nowIso() },
        )
        .where('id', '=', job.id)
        .execute();
      options.onError?.(
        `Job ${job.name} #${job.id} failed (attempt ${job.attempts}${retriesLeft ? ', will retry' : ', giving up'}): ${message}`,
      );
    }
    return true;
  }

  async function housekeeping() {
    // A process that died mid-job left it running: its lock has run out, so it is due again.
    await db
      .updateTable('jobs')
      .set({ state: 'waiting', locked_until: null })
      .where('state', '=', 'running')
      .where('locked_until', '<', nowIso())
      .execute();
    await db
      .deleteFrom('jobs')
      .where('state', 'in', ['done', 'failed'])
      .where('finished_at', '<', nowIso(-retentionMs))
      .execute();
  }

  function schedule(delay: number) {
    if (!started) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  async function tick(): Promise<void> {
    if (running) {
      wakeAgain = true;
      return running;
    }
    running = (async () => {
      try {
        await housekeeping();
        do {
          wakeAgain = false;
          while (started && (await runOne()));
        } while (started && wakeAgain);
      } catch (error) {
        options.onError?.(`Job runner: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        running = null;
        schedule(pollMs);
      }
    })();
    return running;
  }

  return {
    engine: 'embedded',
    define(name, handler, retry) {
      handlers.set(name, { handler, retry: retry ?? {} });
    },
    async enqueue(name: string, payload: JobPayload, enqueue: EnqueueOptions = {}) {
      const retry = retryPolicy(handlers.get(name)?.retry, enqueue);
      const row = await db
        .insertInto('jobs')
        .values({
          name,
          payload: JSON.stringify(payload),
          state: 'waiting',
          run_at: (enqueue.runAt ?? new Date()).toISOString(),
          attempts: 0,
          retry_limit: retry.retryLimit,
          retry_delay_seconds: retry.retryDelaySeconds,
          singleton_key: enqueue.singletonKey ?? null,
          created_at: nowIso(),
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row && (!enqueue.runAt || enqueue.runAt.getTime() <= Date.now())) schedule(0);
      return row ? String(row.id) : null;
    },
    async start() {
      // Nothing to run without handlers; jobs enqueued meanwhile wait in the table.
      if (handlers.size === 0) return;
      // One process works a SQLite file: a job still marked running was left by a process that
      // died (kill -9, power loss), and runs again now rather than when its lock runs out.
      await db
        .updateTable('jobs')
        .set({ state: 'waiting', locked_until: null })
        .where('state', '=', 'running')
        .execute();
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    async depth() {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('state', '=', 'waiting')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
