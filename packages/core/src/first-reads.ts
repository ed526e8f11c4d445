/**
 * The first reads of a signed-in page that the server answers in the page itself (the session
 * answers of apps/server/src/http/app-page.ts, decisions 015 and 082), so the page needs no round
 * trip for them. The answers are keyed by the exact address the web app asks for, and both build the
 * address here.
 */
import { DEFAULT_PAGE_SIZE } from './constants';
import { buildQueryString } from './jsonapi/query';
import type { JsonApiDocument, Resource, ResourceIdentifier } from './jsonapi/types';
import { openedObject } from './learning';

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

/** What the catalog reads for each course it lists: its category, its labels and the learner's enrollment. */
export const CATALOG_INCLUDES = ['catalog_category', 'content_labels', 'enrollment'] as const;

/** The catalog's order when the address chooses none. */
export const CATALOG_DEFAULT_SORT = 'title';

/** What the course player reads for the object it shows: the object, with its file. */
export const LEARNING_OBJECT_INCLUDES = ['file'] as const;

export const coursePath = (courseId: string) => `/v1/courses/${courseId}`;
export const learningObjectPath = (id: string) => `/v1/learning_objects/${id}`;
export const notificationsPath = (accountId: string) => `/v1/accounts/${accountId}/notifications`;
export const CONTENT_LABELS_PATH = '/v1/content_labels';
export const CATALOG_CATEGORIES_PATH = '/v1/catalog_categories';

/** The course whose page (the course player) is at `pathname`, if it is one. */
const coursePageId = (pathname: string) => /^\/courses\/(\d+)$/.exec(pathname)?.[1];

export function courseOverviewAddress(courseId: string): string {
  return `${API_PATH}${coursePath(courseId)}?${buildQueryString({ include: [...COURSE_OVERVIEW_INCLUDES] })}`;
}

export function learningObjectAddress(id: string): string {
  return `${API_PATH}${learningObjectPath(id)}?${buildQueryString({ include: [...LEARNING_OBJECT_INCLUDES] })}`;
}

/** A page of the account's notifications, all of them (read and unread). */
export function notificationsAddress(accountId: string, page: number, size: number): string {
  return `${API_PATH}${notificationsPath(accountId)}?${buildQueryString({ page: { number: page, size } })}`;
}

/** A page of the catalog in its default order, with nothing searched or filtered. */
export function catalogAddress(page: number, size: number): string {
  return `${API_PATH}/v1/courses?${buildQueryString({
    include: [...CATALOG_INCLUDES],
    sort: CATALOG_DEFAULT_SORT,
    page: { number: page, size },
  })}`;
}

/**
 * The reads the page at `pathname` starts with, for the signed-in account: the course page's outline,
 * the notifications page's first page at the default size, and the catalog's first page with the
 * labels and categories it filters by (when its address chooses nothing). None for other pages.
 * The categories are answered only where the portal has them; elsewhere the app does not ask.
 */
export function firstReads(pathname: string, search: string, accountId: string): string[] {
  const courseId = coursePageId(pathname);
  if (courseId) return [courseOverviewAddress(courseId)];
  const query = search.replace(/^\?/, '');
  if (pathname === '/notifications' && !/(^|&)(page|size)=/.test(query))
    return [notificationsAddress(accountId, 1, DEFAULT_PAGE_SIZE)];
  if (pathname === '/catalog' && query === '')
    return [
      catalogAddress(1, DEFAULT_PAGE_SIZE),
      `${API_PATH}${CONTENT_LABELS_PATH}`,
      `${API_PATH}${CATALOG_CATEGORIES_PATH}`,
    ];
  return [];
}

const keyOf = (resource: ResourceIdentifier) => `${resource.type}/${resource.id}`;

function related(resource: Resource, name: string): ResourceIdentifier[] {
  const data = resource.relationships?.[name]?.data;
  return Array.isArray(data) ? data : data ? [data] : [];
}

/**
 * The object the course player opens (openedObject), read from the course page's outline as the API
 * sends it (courseOverviewAddress). Null when the page shows no player: the visitor is not enrolled
 * (the course detail shows) or the course has no objects.
 */
export function openedObjectOfOutline(outline: unknown, requested: string | null): string | null {
  const document = outline as JsonApiDocument | null | undefined;
  const course = document?.data;
  if (!course || Array.isArray(course)) return null;
  const included = new Map((document.included ?? []).map((resource) => [keyOf(resource), resource]));
  const enrollment = related(course, 'enrollment')
    .map((reference) => included.get(keyOf(reference)))
    .find((resource) => resource !== undefined);
  if (!enrollment) return null;
  const position = (section: Resource) => Number(section.attributes?.position ?? 0);
  const ordered = related(course, 'course_sections')
    .flatMap((reference) => included.get(keyOf(reference)) ?? [])
    .sort((a, b) => position(a) - position(b))
    .flatMap((section) => related(section, 'learning_objects'))
    .filter((reference) => included.has(keyOf(reference)))
    .map((reference) => reference.id);
  const completed = new Set(
    [...included.values()]
      .filter((row) => row.type === 'learning_object_progress' && row.attributes?.completed === true)
      .flatMap((row) => related(row, 'learning_object').map((reference) => reference.id)),
  );
  const [last] = related(enrollment, 'last_learning_object');
  return openedObject(ordered, completed, last?.id, requested).id;
}

/**
 * The reads that follow from the first reads' answers: on the course page, the object the player
 * opens, once the outline says which. The server answers them in the page as well.
 */
export function followingReads(
  pathname: string,
  search: string,
  answers: Readonly<Record<string, unknown>>,
): string[] {
  const courseId = coursePageId(pathname);
  if (!courseId) return [];
  // An object id is digits: any other value names no object, and the player resumes.
  const requested = /(?:^|&)learning_object=(\d+)(?:&|$)/.exec(search.replace(/^\?/, ''))?.[1] ?? null;
  const opened = openedObjectOfOutline(answers[courseOverviewAddress(courseId)], requested);
  return opened ? [learningObjectAddress(opened)] : [];
}
