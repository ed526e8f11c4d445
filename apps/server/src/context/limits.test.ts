import { describe, expect, it } from 'vitest';
import { LimitStoreHealth, memoryLimiter, resilientLimiter } from './limits';
import type { AttemptLimiter } from './limits';

/** A shared store that can be switched off: failing at once (refused) or never answering (dropped). */
function switchableStore(inner: AttemptLimiter) {
  let state: 'up' | 'refusing' | 'silent' = 'up';
  const call = <T>(work: () => Promise<T>): Promise<T> =>
    state === 'up'
      ? work()
      : state === 'refusing'
        ? Promise.reject(new Error('connect ECONNREFUSED'))
        : new Promise<T>(() => undefined);
  return {
    set: (next: typeof state) => (state = next),
    store: {
      blockedFor: (key: string) => call(() => inner.blockedFor(key)),
      fail: (key: string) => call(() => inner.fail(key)),
      reset: (key: string) => call(() => inner.reset(key)),
    } satisfies AttemptLimiter,
  };
}

describe('rate limits with a shared store that goes away', () => {
  it('count in this instance within half a second, log it once, and go back to the store when it returns', async () => {
    let now = 1_000_000;
    const logs: string[] = [];
    const health = new LimitStoreHealth(
      { warn: (message) => logs.push(`warn ${message}`), info: (message) => logs.push(`info ${message}`) },
      5000,
      () => now,
    );
    const shared = memoryLimiter(2, 60);
    const switchable = switchableStore(shared);
    const limiter = resilientLimiter(switchable.store, memoryLimiter(2, 60), health);

    await limiter.fail('ann');
    expect(await shared.blockedFor('ann')).toBe(0);
    await limiter.fail('ann');
    expect(await shared.blockedFor('ann')).toBeGreaterThan(0);

    for (const state of ['refusing', 'silent'] as const) {
      switchable.set(state);
      now += 6000;
      const started = performance.now();
      expect(await limiter.blockedFor(`bob-${state}`)).toBe(0);
      expect(performance.now() - started).toBeLessThan(700);
      expect(health.fallingBack).toBe(true);
      await limiter.fail(`bob-${state}`);
      await limiter.fail(`bob-${state}`);
      // Counted here meanwhile: the limit still holds.
      expect(await limiter.blockedFor(`bob-${state}`)).toBeGreaterThan(0);
    }
    expect(logs.filter((line) => line.startsWith('warn'))).toHaveLength(1);

    switchable.set('up');
    // Within the retry interval the store is left alone; after it, it is used again.
    expect(health.shouldTryShared()).toBe(false);
    now += 6000;
    expect(await limiter.blockedFor('ann')).toBeGreaterThan(0);
    expect(health.fallingBack).toBe(false);
    expect(logs.at(-1)).toMatch(/^info Rate limits: Redis is back after/);
  });
});
