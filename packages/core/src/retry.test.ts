import { describe, expect, it } from 'vitest';
import { retryDelay } from './retry';

describe('retryDelay', () => {
  it.each([
    [0, 2000],
    [1, 4000],
    [2, 8000],
    [3, 16_000],
    [4, 30_000],
    [10, 30_000],
  ])('retry after %i failures waits %i ms', (failures, delay) => {
    expect(retryDelay(failures)).toBe(delay);
  });
});
