import { randomUUID } from 'node:crypto';

/**
 * Exceptions sent to a Sentry-compatible collector (decision 072): one envelope per event, posted
 * with fetch, so the server carries no SDK. Off without a DSN. A person is named by account id only;
 * e-mail addresses are cut from everything an event carries before it leaves.
 */
export interface ErrorReport {
  error: unknown;
  level?: 'error' | 'fatal';
  accountId?: number | null;
  portalId?: number | null;
  /** The route pattern (`/api/v1/courses/:course`), never the raw URL with its ids. */
  route?: string | null;
  method?: string | null;
  /** Where the error came from: the server itself or a page of the web app. */
  source?: 'server' | 'web';
}

export interface ErrorReporter {
  readonly enabled: boolean;
  capture(report: ErrorReport): void;
  /** Resolves when every event sent so far has been answered (or failed). */
  flush(): Promise<void>;
}

export interface SentryDsn {
  envelopeUrl: string;
  publicKey: string;
  dsn: string;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const SEND_TIMEOUT_MS = 3000;

export function scrubEmails(text: string): string {
  return text.replace(EMAIL, '[email]');
}

/** `https://key@host[:port]/[path/]project` → where its envelopes go; null when it is not a DSN. */
export function parseSentryDsn(dsn: string): SentryDsn | null {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || !url.username) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const project = segments.pop();
  if (!project || !/^\d+$/.test(project)) return null;
  const prefix = segments.length ? `/${segments.join('/')}` : '';
  return {
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    dsn,
  };
}

function exceptionOf(error: unknown): { type: string; value: string; stack: string | null } {
  if (error instanceof Error)
    return { type: error.name || 'Error', value: error.message, stack: error.stack ?? null };
  return { type: 'Error', value: String(error), stack: null };
}

/** Frames as Sentry reads them: oldest first. */
function framesOf(stack: string | null) {
  if (!stack) return undefined;
  const frames = stack
    .split('\n')
    .slice(1)
    .map((line) => line.trim().replace(/^at /, ''))
    .filter(Boolean)
    .map((line) => {
      const match = /^(.*?) \((.*):(\d+):(\d+)\)$/.exec(line) ?? /^()(.*):(\d+):(\d+)$/.exec(line);
      return match
        ? {
            function: match[1] || '?',
            filename: match[2],
            lineno: Number(match[3]),
            colno: Number(match[4]),
          }
        : { function: line };
    });
  return frames.length ? { frames: frames.reverse() } : undefined;
}

export function sentryEvent(report: ErrorReport, environment: string) {
  const exception = exceptionOf(report.error);
  return {
    event_id: randomUUID().replace(/-/g, ''),
    timestamp: Date.now() / 1000,
    platform: report.source === 'web' ? 'javascript' : 'node',
    level: report.level ?? 'error',
    environment,
    exception: {
      values: [{ type: exception.type, value: exception.value, stacktrace: framesOf(exception.stack) }],
    },
    ...(report.accountId ? { user: { id: String(report.accountId) } } : {}),
    tags: {
      source: report.source ?? 'server',
      ...(report.portalId ? { portal_id: String(report.portalId) } : {}),
    },
    ...(report.route ? { transaction: report.route } : {}),
    ...(report.route || report.method
      ? { request: { url: report.route ?? undefined, method: report.method ?? undefined } }
      : {}),
  };
}

/** The envelope's three lines, with every e-mail address in them replaced. */
export function sentryEnvelope(dsn: SentryDsn, event: ReturnType<typeof sentryEvent>): string {
  const header = { event_id: event.event_id, sent_at: new Date().toISOString(), dsn: dsn.dsn };
  return scrubEmails(
    `${JSON.stringify(header)}\n${JSON.stringify({ type: 'event' })}\n${JSON.stringify(event)}\n`,
  );
}

export function createErrorReporter(
  dsnText: string | undefined,
  options: { environment?: string; warn?: (message: string) => void; fetch?: typeof fetch } = {},
): ErrorReporter {
  const dsn = dsnText ? parseSentryDsn(dsnText) : null;
  if (!dsn) {
    return { enabled: false, capture: () => {}, flush: async () => {} };
  }
  const send = options.fetch ?? fetch;
  const pending = new Set<Promise<void>>();
  return {
    enabled: true,
    capture(report) {
      const body = sentryEnvelope(dsn, sentryEvent(report, options.environment ?? 'production'));
      const sending = send(dsn.envelopeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_client=leerpad/1, sentry_key=${dsn.publicKey}`,
        },
        body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
        .then((response) => {
          if (!response.ok) options.warn?.(`Error report refused: HTTP ${response.status}`);
        })
        .catch((error: unknown) => options.warn?.(`Error report not sent: ${String(error)}`))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
