/** Query retry back-off (SPEC §9). */
import { RETRY_BASE_MS, RETRY_MAX_MS } from './constants';

/** Delay before a retry: 2 s, 4 s, 8 s … capped at 30 s. `failureCount` is 0 for the first retry. */
export function retryDelay(failureCount: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, failureCount), RETRY_MAX_MS);
}
