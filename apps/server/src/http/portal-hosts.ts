/**
 * What a portal's addresses answer before the app does (decision 057): an extra address sends page
 * requests to the primary one (301, path and query kept), and a closed portal shows a closed page on
 * every address and refuses its API to everyone but platform staff.
 */
import { can, escapeHtml, renderMessage } from '@leerpad/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalContext } from '../context/portal';
import type { AccountContext } from '../context/account';
import { mailLocale } from '../mail/render';
import { subjectOf } from './authorize';
import { ApiError } from './errors';

/** Caddy's on-demand TLS asks here before it fetches a certificate for a host (docs/deployment.md). */
export const TLS_ALLOWED_PATH = '/api/tls-allowed';

/** Addresses machines read (key sets, status lists, metrics): never redirected, never closed. */
const MACHINE_PATHS = /^\/(\.well-known|credentials|metrics|lti)(\/|$)/;

/** API addresses a closed portal still answers: what the closed page and other portals read. */
const OPEN_WHEN_CLOSED = /^\/api\/(ping|v1\/portals\/current|v1\/shared\/|openapi\.json|docs)/;

/** The closed page, in the portal's primary language, with its name, logo and colour. */
export function closedPage(portal: PortalContext): string {
  const locale = mailLocale(null, portal);
  const params = { portal: portal.name };
  const title = escapeHtml(renderMessage('portal_closed_title', params, locale));
  const body = escapeHtml(renderMessage('portal_closed_body', params, locale));
  const colour = /^#[0-9a-f]{3,8}$/i.test(portal.row.primary_color ?? '')
    ? portal.row.primary_color
    : '#7148e5';
  const logo = portal.row.logo_url
    ? `<img src="${escapeHtml(portal.row.logo_url)}" alt="${escapeHtml(portal.name)}" style="max-height:64px">`
    : '';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f8fafc;color:#1e293b}
main{max-width:32rem;padding:2rem;text-align:center;border-top:6px solid ${colour};background:#fff;border-radius:8px}</style>
</head><body><main>${logo}<h1>${title}</h1><p>${body}</p></main></body></html>`;
}

/**
 * Answers a page request (not /api) on a portal's address when the portal says so: the closed page
 * (503: an operator may reopen it), or a 301 from an extra address to the primary one. Portals
 * without a primary address (the demo's, created before decision 057) never redirect.
 */
export function answerPortalPage(
  request: FastifyRequest,
  reply: FastifyReply,
  portal: PortalContext | null,
): boolean {
  if (!portal || MACHINE_PATHS.test(request.url)) return false;
  if (portal.closed) {
    void reply
      .status(503)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(closedPage(portal));
    return true;
  }
  const host = request.hostname.toLowerCase();
  const primary = portal.primaryDomain;
  if (
    primary &&
    host !== primary &&
    portal.domains.includes(host) &&
    ['GET', 'HEAD'].includes(request.method)
  ) {
    const port = request.port && !['80', '443'].includes(String(request.port)) ? `:${request.port}` : '';
    void reply.redirect(`${request.protocol}://${primary}${port}${request.url}`, 301);
    return true;
  }
  return false;
}

/**
 * On a closed portal the API refuses everyone but platform staff (who may reopen it): sign-in, and
 * every request of a session that was open, answer 403 PORTAL_CLOSED.
 */
export function refuseClosedPortal(
  request: FastifyRequest,
  portal: PortalContext,
  account: AccountContext | null,
): void {
  if (!portal.closed || OPEN_WHEN_CLOSED.test(request.url)) return;
  if (account && can(subjectOf(account), 'manage:portal')) return;
  throw new ApiError(403, [
    {
      code: 'PORTAL_CLOSED',
      title: 'Portal closed',
      detail: 'This academy is closed: signing in is not possible.',
      meta: { portal: portal.name },
    },
  ]);
}
