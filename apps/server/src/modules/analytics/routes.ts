import { z } from 'zod';
import { actorOf } from '../../context/account';
import { buildDocument, resourceDocument } from '../../http/jsonapi';
import { defineRoute } from '../../http/route';
import { analyticsReportResource, analyticsSettingsResource } from './schema';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  analyticsOn,
  countPageView,
  pageViewReport,
  ROUTE_MAX_LENGTH,
  ROUTE_PATTERN,
  routeKey,
  setAnalytics,
} from './service';

const settingsDocument = (portalId: number, enabled: boolean) =>
  buildDocument({ type: 'analytics_settings', id: String(portalId), attributes: { enabled } });

/** How many page views one address may have counted per window: a busy reader, not a script. */
export const PAGE_VIEWS_PER_WINDOW = 300;
export const PAGE_VIEW_WINDOW_SECONDS = 60;

/** Page views on our own host (decision 072): counted per route and day, read by the portal's admins. */
export const analyticsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/analytics/events',
    summary:
      'Count a page view of the web app by its route pattern (e.g. /courses/:course); 204 whether or not the portal counts them',
    tags: ['analytics'],
    permission: 'public',
    status: 204,
    response: z.null().describe('No content.'),
    resourceType: 'analytics_events',
    body: z.object({
      name: z.literal('pageview').default('pageview'),
      route: z
        .string()
        .trim()
        .min(1, 'This field is required.')
        .max(ROUTE_MAX_LENGTH)
        .regex(ROUTE_PATTERN, 'A route pattern: a path such as /courses/:course, without query or host.'),
    }),
    async handler({ services, request, reply, portal, body }) {
      // Past its share of page views a client is still answered 204, but no longer counted.
      const key = `page-views:${portal.id}:${request.ip}`;
      if ((await services.pageViews.blockedFor(key)) > 0) return null;
      await services.pageViews.fail(key);
      if (await analyticsOn(services.db, portal.id)) {
        const route = routeKey(body.route);
        await countPageView(services.db, portal.id, route);
        // A configured Plausible or Umami hears of it once the answer has gone (decision 075).
        if (services.analyticsForward.enabled) {
          const view = {
            route,
            host: request.host,
            hostname: request.hostname,
            protocol: request.protocol,
            clientIp: request.ip,
            userAgent: request.headers['user-agent'],
          };
          reply.raw.once('close', () => services.analyticsForward.send(view));
        }
      }
      return null;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/analytics/page_views',
    summary: 'Page views per route and per day over the last `days` days (default 30), busiest route first',
    tags: ['analytics'],
    permission: 'read:analytics',
    response: resourceDocument(analyticsReportResource),
    query: z.object({
      days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).default(ANALYTICS_DEFAULT_DAYS),
    }),
    async handler({ services, portal, query }) {
      const attributes = await pageViewReport(services.db, portal.id, query.days);
      return buildDocument({
        type: 'analytics_reports',
        id: String(portal.id),
        attributes: { ...attributes },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/analytics/settings',
    summary: 'Whether the portal counts page views',
    tags: ['analytics'],
    permission: 'manage:portal-settings',
    response: resourceDocument(analyticsSettingsResource),
    async handler({ services, portal }) {
      return settingsDocument(portal.id, await analyticsOn(services.db, portal.id));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/analytics/settings',
    summary: 'Turn counting page views on or off for the portal (audited)',
    tags: ['analytics'],
    permission: 'manage:portal-settings',
    response: resourceDocument(analyticsSettingsResource),
    resourceType: 'analytics_settings',
    body: z.object({ enabled: z.boolean() }),
    async handler({ request, services, portal, account, body }) {
      await setAnalytics(services.db, portal.id, body.enabled, actorOf(account, request.ip));
      return settingsDocument(portal.id, await analyticsOn(services.db, portal.id));
    },
  }),
];
