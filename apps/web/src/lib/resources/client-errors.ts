/** Client errors (POST /v1/client_errors): a page's failure, logged on the server under an id. */
import { CLIENT_ERRORS_PATH, apiDocument } from '../api/client';
import type { CriticalApiError } from '../api/events';

/** The server's caps on a report; longer texts are cut rather than refused. */
const LIMITS = { message: 2000, stack: 10_000, url: 2000 } as const;

export interface ClientErrorReport {
  message: string;
  stack?: string | null;
  url?: string | null;
  /** critical: an API answer of kind "other" (SPEC §8). */
  severity?: 'error' | 'critical';
}

/** Sends one report and answers the id the server logged it under. */
export async function reportClientError(report: ClientErrorReport): Promise<string> {
  const { data } = await apiDocument<{ id: string }>(CLIENT_ERRORS_PATH, {
    method: 'POST',
    body: {
      message: report.message.slice(0, LIMITS.message) || 'Unknown error',
      stack: report.stack?.slice(0, LIMITS.stack) ?? null,
      url: report.url?.slice(0, LIMITS.url) ?? null,
      severity: report.severity ?? 'error',
    },
  });
  return data.id;
}

/**
 * Reports what a render threw, with the components it was thrown in; answers the id the server
 * logged it under.
 */
export function reportRenderError(
  error: unknown,
  componentStack: string | null | undefined,
): Promise<string> {
  const stack = [error instanceof Error ? error.stack : null, componentStack].filter(Boolean).join('\n');
  return reportClientError({
    message: error instanceof Error ? error.message : String(error),
    stack,
    url: window.location.href,
  });
}

// One report per failing call and status in a page's life: a screen that retries does not flood.
const reportedCalls = new Set<string>();

/** Reports an unexpected API answer as critical; a failing report is dropped, never shown. */
export function reportCriticalApiError({ method, path, error }: CriticalApiError): void {
  const call = `${method} ${path} ${error.status}`;
  if (reportedCalls.has(call)) return;
  reportedCalls.add(call);
  const first = error.errors[0];
  reportClientError({
    message: `${method} ${path} answered ${error.status} ${first?.code ?? ''}: ${error.message}`,
    url: window.location.href,
    severity: 'critical',
  }).catch(() => undefined);
}
