/**
 * The first reads of a signed-in page that the server answers in the page itself (the session
 * answers of apps/server/src/http/app-page.ts, decisions 015 and 082), so the page needs no round
 * trip for them. The answers are keyed by the exact address the web app asks for, and both build the
 * address here.
 */
import { DEFAULT_PAGE_SIZE } from './constants';
import { buildQueryString } from './jsonapi/query';

/** Where the API is mounted on the app's own host. */
export const API_PATH = '/api';

/** What the course page (the course player) reads first: the outline and the learner's place in it. */
export const COURSE_OVERVIEW_INCLUDES = [
  'catalog_category',
  'content_labels',
  'course_sections',
  'enrollment',
  'learning_object_progress',
  'learning_objects',
] as const;

export const coursePath = (courseId: string) => `/v1/courses/${courseId}`;
export const notificationsPath = (accountId: string) => `/v1/accounts/${accountId}/notifications`;

export function courseOverviewAddress(courseId: string): string {
  return `${API_PATH}${coursePath(courseId)}?${buildQueryString({ include: [...COURSE_OVERVIEW_INCLUDES] })}`;
}

/** A page of the account's notifications, all of them (read and unread). */
export function notificationsAddress(accountId: string, page: number, size: number): string {
  return `${API_PATH}${notificationsPath(accountId)}?${buildQueryString({ page: { number: page, size } })}`;
}

/**
 * The reads the page at `pathname` starts with, for the signed-in account: the course page's outline,
 * the notifications page's first page at the default size. None for other pages.
 */
export function firstReads(pathname: string, search: string, accountId: string): string[] {
  const course = /^\/courses\/(\d+)$/.exec(pathname);
  if (course?.[1]) return [courseOverviewAddress(course[1])];
  const choosesPage = /(^|&)(page|size)=/.test(search.replace(/^\?/, ''));
  if (pathname === '/notifications' && !choosesPage)
    return [notificationsAddress(accountId, 1, DEFAULT_PAGE_SIZE)];
  return [];
}
