/** TanStack Query with the spec's cache rules (SPEC §9) and session handling (SPEC §4, §8). */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_RETRY_COUNT, QUERY_STALE_MS, retryDelay } from '@leerpad/core';
import { isApiError } from './api/client';
import { emitApiError } from './api/events';
import { setPaymentRequired } from './payment-required';
import { refusalToastKey } from './toasts/refusal-toast';
import { showToast } from './toasts/toasts';
import { PING_QUERY_KEY } from './session/keys';

/** Client errors other than time-outs and rate limits will not change on a retry. */
function isRetriable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (error.status === 408 || error.status === 429) return true;
  return error.status < 400 || error.status >= 500;
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** false: the caller shows the error itself (forms), so no api-error toast. */
      errorToast?: boolean;
    };
    queryMeta: {
      /**
       * false: a 401 does not ask the server for the session. For a route loader's prefetch, which
       * may answer before the navigation has changed the address: the screen's own query, which
       * asks again on mount, ends the session from the right page.
       */
      sessionCheck?: boolean;
      /**
       * true: the query reads the record a detail page is about (an order, a ticket, an account, a
       * student, a certificate), so a 404 or a missing enrolment is told in the spec's toast
       * (exceptions.not_found.*, exceptions.not_enrolled.*), beside whatever the page shows.
       */
      refusalToast?: boolean;
    };
  }
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isApiError(error)) return;
        // A 401 on any query means the session may have ended: ask the server (SPEC §4 "Session").
        if (
          error.status === 401 &&
          query.queryKey[0] !== PING_QUERY_KEY[0] &&
          query.meta?.sessionCheck !== false
        ) {
          void client.invalidateQueries({ queryKey: PING_QUERY_KEY });
        }
        if (error.status === 402) setPaymentRequired(true);
        const refusal = query.meta?.refusalToast ? refusalToastKey(error) : null;
        if (refusal) showToast({ kind: 'error', messageKey: refusal });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!isApiError(error)) return;
        if (error.status === 401) void client.invalidateQueries({ queryKey: PING_QUERY_KEY });
        if (error.status === 402) setPaymentRequired(true);
        if (mutation.meta?.errorToast !== false) emitApiError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        gcTime: QUERY_GC_MS,
        retry: (failureCount, error) => failureCount < QUERY_RETRY_COUNT && isRetriable(error),
        retryDelay: (failureCount) => retryDelay(failureCount),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
