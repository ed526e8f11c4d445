/**
 * Page views passed on to a Plausible- or Umami-compatible collector (decision 075), beside the
 * portal's own counts. Sent by the server after its answer, with fetch, one event per view: no
 * script in the page, no cookie, no account id. The collector learns what it needs to count a
 * visitor its own way: the client's address (X-Forwarded-For) and browser (User-Agent).
 */

export const ANALYTICS_FORWARD_KINDS = ['plausible', 'umami'] as const;
export type AnalyticsForwardKind = (typeof ANALYTICS_FORWARD_KINDS)[number];

export interface AnalyticsForwardSettings {
  kind: AnalyticsForwardKind;
  /** The collector's address; without a path, its standard event path is added. */
  url: string;
  /** Plausible: the site's domain (by default the host the page was shown on). Umami: the website id. */
  site: string | undefined;
}

export interface ForwardedPageView {
  /** The route pattern (`/courses/:course`), never the address with its ids. */
  route: string;
  /** The host (with its port, if any), host name and protocol the page was shown on. */
  host: string;
  hostname: string;
  protocol: string;
  clientIp: string;
  userAgent: string | undefined;
}

export interface AnalyticsForwarder {
  readonly enabled: boolean;
  /** Queues one view; never waits and never throws. */
  send(view: ForwardedPageView): void;
  /** Resolves when every view sent so far has been answered (or failed). */
  flush(): Promise<void>;
}

const SEND_TIMEOUT_MS = 3000;
const EVENT_PATHS: Record<AnalyticsForwardKind, string> = { plausible: '/api/event', umami: '/api/send' };

/** Where the events go: the URL as given, or with the collector's standard path when it has none. */
export function eventUrl(settings: AnalyticsForwardSettings): string {
  const url = new URL(settings.url);
  if (url.pathname === '/' || url.pathname === '') url.pathname = EVENT_PATHS[settings.kind];
  return url.toString();
}

/** The event's body in the collector's own format. */
export function eventBody(settings: AnalyticsForwardSettings, view: ForwardedPageView): object {
  const pageUrl = `${view.protocol}://${view.host}${view.route}`;
  if (settings.kind === 'plausible') {
    return { name: 'pageview', url: pageUrl, domain: settings.site ?? view.hostname };
  }
  return {
    type: 'event',
    payload: { website: settings.site, hostname: view.hostname, url: view.route },
  };
}

export function createAnalyticsForwarder(
  settings: AnalyticsForwardSettings | null,
  options: { warn?: (message: string) => void; fetch?: typeof fetch } = {},
): AnalyticsForwarder {
  if (!settings) return { enabled: false, send: () => {}, flush: async () => {} };
  const send = options.fetch ?? fetch;
  const target = eventUrl(settings);
  const pending = new Set<Promise<void>>();
  // A collector that is away is said once, not once per page view; its return resets that.
  let failing = false;
  const failed = (message: string) => {
    if (!failing) options.warn?.(`Page views are not forwarded to ${settings.kind}: ${message}`);
    failing = true;
  };
  return {
    enabled: true,
    send(view) {
      const sending = send(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': view.clientIp,
          ...(view.userAgent ? { 'user-agent': view.userAgent } : {}),
        },
        body: JSON.stringify(eventBody(settings, view)),
        // No cookie is sent, and none the collector answers with is kept.
        credentials: 'omit',
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
        .then(async (response) => {
          await response.body?.cancel();
          if (response.ok) failing = false;
          else failed(`HTTP ${response.status}`);
        })
        .catch((error: unknown) => failed(error instanceof Error ? error.message : String(error)))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async flush() {
      await Promise.all([...pending]);
    },
  };
}
