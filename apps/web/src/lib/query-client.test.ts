import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client';
import { onApiError } from './api/events';
import { createQueryClient } from './query-client';
import { PING_QUERY_KEY } from './session/keys';

afterEach(() => vi.useRealTimers());

const failWith = (status: number) => () =>
  Promise.reject(new ApiError(status, [{ status: String(status), title: 'x', detail: `failed ${status}` }]));

describe('the query client', () => {
  it('uses the spec cache rules: stale 20 min, kept 30 min, one retry, 2 s · 2ⁿ up to 30 s', () => {
    const client = createQueryClient();
    const defaults = client.getDefaultOptions().queries!;
    expect(defaults.staleTime).toBe(20 * 60_000);
    expect(defaults.gcTime).toBe(30 * 60_000);
    const retry = defaults.retry as (count: number, error: unknown) => boolean;
    expect(retry(0, new Error('network'))).toBe(true);
    expect(retry(1, new Error('network'))).toBe(false);
    expect(retry(0, new ApiError(503, []))).toBe(true);
    expect(retry(0, new ApiError(404, []))).toBe(false);
    const delay = defaults.retryDelay as (count: number) => number;
    expect([0, 1, 2, 3, 4].map((count) => delay(count))).toEqual([2000, 4000, 8000, 16000, 30000]);
  });

  it('asks for the session again when any query gets a 401', async () => {
    const client = createQueryClient();
    const ping = vi.fn().mockResolvedValue({ authenticated: false });
    await client.fetchQuery({ queryKey: PING_QUERY_KEY, queryFn: ping });
    expect(ping).toHaveBeenCalledTimes(1);
    await client
      .fetchQuery({ queryKey: ['notifications'], queryFn: failWith(401), retry: false })
      .catch(() => {});
    expect(client.getQueryState(PING_QUERY_KEY)?.isInvalidated).toBe(true);
  });

  it('leaves a 401 of a route loader to the screen, which asks for the session from its own page', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: PING_QUERY_KEY, queryFn: () => ({ authenticated: true }) });
    await client.prefetchQuery({
      queryKey: ['notifications'],
      queryFn: failWith(401),
      retry: false,
      meta: { sessionCheck: false },
    });
    expect(client.getQueryState(['notifications'])?.status).toBe('error');
    expect(client.getQueryState(PING_QUERY_KEY)?.isInvalidated).toBe(false);
  });

  it('shows mutation errors through the api-error event, unless the caller handles them', async () => {
    const client = createQueryClient();
    const seen: string[] = [];
    const stop = onApiError((error) => seen.push(error.message));
    await client
      .getMutationCache()
      .build(client, { mutationFn: failWith(500) })
      .execute(undefined)
      .catch(() => {});
    await client
      .getMutationCache()
      .build(client, { mutationFn: failWith(422), meta: { errorToast: false } })
      .execute(undefined)
      .catch(() => {});
    stop();
    expect(seen).toEqual(['failed 500']);
  });
});
