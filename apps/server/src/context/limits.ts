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
