import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { buildDocument, resourceDocument } from '../../http/jsonapi';
import { clientErrorResource } from './schema';
import { defineRoute } from '../../http/route';

/** Reports one client address may send per window, so a page failing in a loop cannot flood the log. */
export const CLIENT_ERROR_REPORTS_PER_WINDOW = 20;
export const CLIENT_ERROR_WINDOW_SECONDS = 600;

/** Caps on what a report may carry; the web app trims to them before sending. */
export const CLIENT_ERROR_LIMITS = { message: 2000, stack: 10_000, url: 2000 } as const;

/** How bad a report is: a page's failure, or an API answer of kind "other" (spec §8: critical). */
export const CLIENT_ERROR_SEVERITIES = ['error', 'critical'] as const;

/**
 * Errors the web app caught in a page (spec §8): written to the server log under a fresh id, which
 * the page shows so a person reporting the problem can quote it. A critical report (an API error of
 * kind "other") is logged at the log's highest level, so alerts that watch for it fire.
 */
/** A page's path with its numbers as placeholders: the collector needs no ids. */
function routeOfUrl(url: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://page.invalid').pathname;
  } catch {
    /* keep it as sent */
  }
  return path.replace(/\/\d+(?=\/|$)/g, '/:id');
}

export const clientErrorRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/client_errors',
    summary: 'Report an error a page of the web app ran into; answers the id it was logged under',
    tags: ['client errors'],
    permission: 'public',
    status: 201,
    response: resourceDocument(clientErrorResource),
    resourceType: 'client_errors',
    body: z.object({
      message: z.string().trim().min(1, 'This field is required.').max(CLIENT_ERROR_LIMITS.message),
      stack: z.string().max(CLIENT_ERROR_LIMITS.stack).nullish(),
      url: z.string().max(CLIENT_ERROR_LIMITS.url).nullish(),
      severity: z.enum(CLIENT_ERROR_SEVERITIES).default('error'),
    }),
    async handler({ services, request, portal, account, body }) {
      const key = `client-errors:${request.ip}`;
      const wait = await services.clientErrorReports.blockedFor(key);
      if (wait > 0) throw ApiError.tooManyAttempts(wait);
      await services.clientErrorReports.fail(key);
      const id = randomUUID();
      const log = body.severity === 'critical' ? request.log.fatal : request.log.error;
      log.call(
        request.log,
        {
          clientErrorId: id,
          portalId: portal.id,
          accountId: account?.id ?? null,
          url: body.url ?? null,
          stack: body.stack ?? null,
          severity: body.severity,
        },
        `Client error: ${body.message}`,
      );
      // The page's own error goes to the collector as it was thrown there (decision 072).
      services.errorReports.capture({
        error: Object.assign(new Error(body.message), {
          name: 'ClientError',
          stack: body.stack ?? undefined,
        }),
        level: body.severity === 'critical' ? 'fatal' : 'error',
        accountId: account?.id ?? null,
        portalId: portal.id,
        route: body.url ? routeOfUrl(body.url) : null,
        source: 'web',
      });
      return buildDocument({
        type: 'client_errors',
        id,
        attributes: { message: body.message, severity: body.severity },
      });
    },
  }),
];
