/**
 * Counts failures per key inside a fixed window. Kept in memory: a single instance is the default
 * deployment; several instances share counters once a shared store is configured (docs/decisions).
 */
export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when it may try now. */
  blockedFor(key: string): number;
  fail(key: string): void;
  reset(key: string): void;
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
    blockedFor(key) {
      const entry = current(key);
      return entry && entry.failures >= maxFailures ? Math.max(1, (entry.resetAt - now()) / 1000) : 0;
    },
    fail(key) {
      const entry = current(key);
      if (entry) entry.failures += 1;
      else windows.set(key, { failures: 1, resetAt: now() + windowSeconds * 1000 });
      if (windows.size > 100_000) windows.delete(windows.keys().next().value as string);
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
