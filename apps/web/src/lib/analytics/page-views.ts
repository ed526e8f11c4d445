/**
 * First-party page views (decision 072): each page the app shows is reported to our own host by its
 * route pattern from the page map (`/courses/:courseId`, never the address with its ids or query).
 * Sent with keepalive so a view survives leaving the page; no cookie is set, and a failure is dropped.
 */
import { findPage } from '@leerpad/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { afterNextPaint } from '../after-paint';

const EVENTS_PATH = '/api/v1/analytics/events';

/** The route pattern of an address: the page map's, or the path with its numbers as `:id`. */
export function routePatternOf(pathname: string): string {
  const page = findPage(pathname);
  if (page && !page.path.includes('*')) return page.path;
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path.replace(/\/\d+(?=\/|$)/g, '/:id').replace(/[^A-Za-z0-9_\-/:.]/g, '') || '/';
}

export function sendPageView(route: string): void {
  if (typeof fetch !== 'function') return;
  void fetch(EVENTS_PATH, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/vnd.api+json, application/json',
      'X-Requested-With': 'XMLHttpRequest',
    },
    body: JSON.stringify({ name: 'pageview', route }),
  }).catch(() => undefined);
}

/**
 * Reports a page view each time the app shows another address (query and hash changes are not views).
 * Once the page is painted (decision 082); an address left before that (a redirect) is not a view.
 */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => afterNextPaint(() => sendPageView(routePatternOf(pathname))), [pathname]);
}
