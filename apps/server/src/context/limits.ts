import type { Redis } from 'ioredis';

/**
 * Counts failures per key inside a fixed window. In memory by default (one instance); in Redis with
 * REDIS_URL, so that several instances count together (docs/decisions/016-jobs-events-and-limits.md).
 */
export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string): Promise<number>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryLimiter(
  maxFailures: number,
  windowSeconds: number,
  now = () => Date.now(),
): AttemptLimiter {
  const windows = new Map<string, { failures: number; resetAt: number }>();
  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async blockedFor(key) {
      const entry = current(key);
      return entry && entry.failures >= maxFailures ? Math.max(1, (entry.resetAt - now()) / 1000) : 0;
    },
    async fail(key) {
      const entry = current(key);
      if (entry) entry.failures += 1;
      else windows.set(key, { failures: 1, resetAt: now() + windowSeconds * 1000 });
      if (windows.size > 100_000) windows.delete(windows.keys().next().value as string);
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * The same window in Redis: a counter per key that expires with its window, set by the first failure.
 * `name` keeps the counters of different limits apart.
 */
export function redisLimiter(
  redis: Redis,
  name: string,
  maxFailures: number,
  windowSeconds: number,
): AttemptLimiter {
  const keyOf = (key: string) => `leerpad:limit:${name}:${key}`;
  return {
    async blockedFor(key) {
      const [[, count], [, ttl]] = (await redis.multi().get(keyOf(key)).pttl(keyOf(key)).exec()) as [
        [unknown, string | null],
        [unknown, number],
      ];
      return Number(count ?? 0) >= maxFailures ? Math.max(1, ttl / 1000) : 0;
    },
    async fail(key) {
      await redis
        .multi()
        .incr(keyOf(key))
        .pexpire(keyOf(key), windowSeconds * 1000, 'NX')
        .exec();
    },
    async reset(key) {
      await redis.del(keyOf(key));
    },
  };
}

/** The time a Redis command may take before the limit falls back on this instance's counters. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** After Redis failed, how long counting stays in this instance before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 5000;

/**
 * Whether the shared counters are usable. After a failure they are left alone for a few seconds
 * (a Redis that drops packets would otherwise cost every sign-in its command time-out); the change
 * each way is logged once, and /metrics shows it (decision 054).
 */
export class LimitStoreHealth {
  private fallingBackSince: number | null = null;
  private retryAt = 0;

  constructor(
    private readonly log: { warn(message: string): void; info(message: string): void },
    private readonly retryAfterMs = REDIS_RETRY_AFTER_MS,
    private readonly now = () => Date.now(),
  ) {}

  /** True while the counters are kept per instance because Redis did not answer. */
  get fallingBack(): boolean {
    return this.fallingBackSince !== null;
  }

  shouldTryShared(): boolean {
    return this.fallingBackSince === null || this.now() >= this.retryAt;
  }

  failed(error: unknown): void {
    this.retryAt = this.now() + this.retryAfterMs;
    if (this.fallingBackSince !== null) return;
    this.fallingBackSince = this.now();
    this.log.warn(
      `Rate limits: Redis did not answer (${error instanceof Error ? error.message : String(error)}); ` +
        'counting sign-in attempts in this instance until it is back.',
    );
  }

  succeeded(): void {
    if (this.fallingBackSince === null) return;
    const seconds = ((this.now() - this.fallingBackSince) / 1000).toFixed(1);
    this.fallingBackSince = null;
    this.log.info(`Rate limits: Redis is back after ${seconds} s; counting in Redis again.`);
  }
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Counts in `shared` (Redis) while it answers, in `local` (this instance) while it does not: a
 * sign-in never waits on an unreachable Redis and never fails because of it. Counts made during an
 * outage stay per instance, so for that time each instance allows its own full number of attempts.
 */
export function resilientLimiter(
  shared: AttemptLimiter,
  local: AttemptLimiter,
  health: LimitStoreHealth,
): AttemptLimiter {
  const use = async <T>(operation: (limiter: AttemptLimiter) => Promise<T>): Promise<T> => {
    if (health.shouldTryShared()) {
      try {
        // The client's own time-outs do not cover every command (a MULTI whose connection is lost).
        const result = await within(REDIS_COMMAND_TIMEOUT_MS, operation(shared));
        health.succeeded();
        return result;
      } catch (error) {
        health.failed(error);
      }
    }
    return operation(local);
  };
  return {
    blockedFor: (key) => use((limiter) => limiter.blockedFor(key)),
    fail: (key) => use((limiter) => limiter.fail(key)),
    reset: (key) => use((limiter) => limiter.reset(key)),
  };
}
