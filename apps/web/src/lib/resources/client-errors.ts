/** Client errors (POST /v1/client_errors): a page's failure, logged on the server under an id. */
import { apiDocument } from '../api/client';

/** The server's caps on a report; longer texts are cut rather than refused. */
const LIMITS = { message: 2000, stack: 10_000, url: 2000 } as const;

export interface ClientErrorReport {
  message: string;
  stack?: string | null;
  url?: string | null;
}

/** Sends one report and answers the id the server logged it under. */
export async function reportClientError(report: ClientErrorReport): Promise<string> {
  const { data } = await apiDocument<{ id: string }>('/v1/client_errors', {
    method: 'POST',
    body: {
      message: report.message.slice(0, LIMITS.message) || 'Unknown error',
      stack: report.stack?.slice(0, LIMITS.stack) ?? null,
      url: report.url?.slice(0, LIMITS.url) ?? null,
    },
  });
  return data.id;
}
