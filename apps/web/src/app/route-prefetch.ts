/**
 * Route loaders (docs/decisions/015): the moment a signed-in page's address is known — the first
 * load, and every navigation — its code, its texts and its data start loading together, instead of
 * the data waiting until the code has loaded and rendered. Each screen's queries use the same query
 * options as the screen, so the screen finds them in the cache (or in flight).
 *
 * A lazy chunk of its own: the sign-in page never loads it. The server preloads it (with the
 * route's chunks) for signed-in pages.
 */
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { FEATURES, hasFeature } from '@leerpad/core';
import { catalogParamsFrom } from '../features/learning/catalog-params';
import { catalogCategoriesQuery } from '../lib/resources/catalog-categories';
import { contentLabelsQuery } from '../lib/resources/content-labels';
import { catalogQuery, courseOverviewQuery, openedObjectOf } from '../lib/resources/courses';
import { learningObjectQuery } from '../lib/resources/learning-objects';
import { meQuery } from '../lib/resources/me';
import { notificationsQuery } from '../lib/resources/notifications';
import { currentPortalQuery } from '../lib/resources/portals';
import { currentSalesCatalogQuery } from '../lib/resources/sales-catalogs';
import { loadLanguage, loadNamespace } from '../lib/i18n/i18n';
import { activeLocale } from '../lib/i18n/language';
import { listAddressFrom } from '../lib/use-list-address';
import { pingQuery } from '../lib/session/queries';
import { sessionFeatures } from '../lib/session/use-session';
import type { Me, Portal } from '../lib/session/types';
import { AuthenticatedShell } from './app-layout';
import {
  AcademyRoutes,
  AccountRoutes,
  AdminRoutes,
  ApprovalsPage,
  CatalogRoutes,
  CheckoutRoutes,
  CoachRoutes,
  CoursesRoutes,
  NotificationsPage,
  PortfolioRoutes,
  ProfileRoutes,
} from './route-modules';

interface RouteContext {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  me: Me;
  portal: Portal | null;
}

interface RouteLoader {
  /** A React Router path pattern, matched against the whole path. */
  path: string;
  /** The route's lazy component, loaded so that it renders without suspending. */
  code?: () => Promise<unknown>;
  /** Translation namespaces the route's module asks for with useNamespace. */
  namespaces?: string[];
  /** Starts the screen's queries (prefetchQuery: an error is left to the screen's own query). */
  data?: (context: RouteContext) => void;
}

/** Starts a screen's query; a 401 here is left to the screen's own query (see query-client.ts). */
function prefetch<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
): void {
  void queryClient.prefetchQuery({ ...options, meta: { ...options.meta, sessionCheck: false } });
}

const ROUTES: RouteLoader[] = [
  {
    path: '/courses/:courseId',
    code: CoursesRoutes.preload,
    namespaces: ['learning'],
    data: ({ queryClient, params: { courseId = '' }, searchParams }) => {
      if (!/^\d+$/.test(courseId)) return;
      // The outline, then the object the player opens as soon as the outline says which (a student
      // who is not enrolled sees the course detail, without one).
      void queryClient
        .fetchQuery({ ...courseOverviewQuery(courseId), meta: { sessionCheck: false } })
        .then((answer) => {
          const opened = openedObjectOf(answer, searchParams.get('learning_object')).id;
          if (answer.course.enrollment && opened) prefetch(queryClient, learningObjectQuery(opened));
        })
        .catch(() => undefined);
    },
  },
  {
    path: '/catalog',
    code: CatalogRoutes.preload,
    namespaces: ['learning'],
    data: ({ queryClient, searchParams, me, portal }) => {
      const categoriesOn = hasFeature(sessionFeatures(me, portal), FEATURES.catalogCategories);
      prefetch(queryClient, catalogQuery(catalogParamsFrom(searchParams, categoriesOn)));
      prefetch(queryClient, contentLabelsQuery);
      if (categoriesOn) prefetch(queryClient, catalogCategoriesQuery);
    },
  },
  { path: '/catalog/*', code: CatalogRoutes.preload, namespaces: ['learning'] },
  { path: '/courses/*', code: CoursesRoutes.preload, namespaces: ['learning'] },
  { path: '/portfolio/*', code: PortfolioRoutes.preload },
  { path: '/profile/*', code: ProfileRoutes.preload },
  {
    path: '/notifications',
    code: NotificationsPage.preload,
    data: ({ queryClient, searchParams, me }) => {
      const { page, size } = listAddressFrom(searchParams);
      prefetch(queryClient, notificationsQuery(me.account.id, page, size));
    },
  },
  {
    path: '/account/orders/pricing',
    code: AccountRoutes.preload,
    namespaces: ['shop'],
    // A portal without a price list has no catalog to ask for (the page says so).
    data: ({ queryClient, portal }) => {
      if (portal?.hasPriceList !== false) prefetch(queryClient, currentSalesCatalogQuery());
    },
  },
  { path: '/account/orders/*', code: AccountRoutes.preload, namespaces: ['shop'] },
  { path: '/account/*', code: AccountRoutes.preload },
  { path: '/checkout/*', code: CheckoutRoutes.preload, namespaces: ['shop'] },
  { path: '/admin/*', code: AdminRoutes.preload },
  { path: '/academy/*', code: AcademyRoutes.preload },
  { path: '/coach/*', code: CoachRoutes.preload },
  { path: '/approvals', code: ApprovalsPage.preload },
];

/**
 * Starts loading what the page at this address needs, for a signed-in visitor; resolves once its
 * code and texts are there (not its data). Safe to call again for the same address: modules load
 * once, and queries in flight or fresh are not asked again.
 */
export async function prefetchRoute(
  queryClient: QueryClient,
  pathname: string,
  search: string,
): Promise<void> {
  if (!queryClient.getQueryData(pingQuery.queryKey)?.authenticated) return;
  const me = queryClient.getQueryData(meQuery.queryKey);
  if (!me) return;
  const portal = queryClient.getQueryData(currentPortalQuery.queryKey) ?? null;
  const locale = activeLocale(portal, me);
  const code: Promise<unknown>[] = [loadLanguage(locale), AuthenticatedShell.preload()];
  const route = ROUTES.map((candidate) => ({ candidate, match: matchPath(candidate.path, pathname) })).find(
    ({ match }) => match !== null,
  );
  if (route?.match) {
    const { candidate, match } = route;
    candidate.data?.({
      queryClient,
      params: match.params,
      searchParams: new URLSearchParams(search),
      me,
      portal,
    });
    if (candidate.code) code.push(candidate.code());
    for (const namespace of candidate.namespaces ?? []) code.push(loadNamespace(namespace, locale));
  }
  await Promise.all(code);
}
