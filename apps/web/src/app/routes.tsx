/**
 * Every route of SPEC §2. Environments are lazy chunks (admin, coach, student, shared pages, sign-in),
 * so /auth loads only the entry and the sign-in chunk.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import {
  ENVIRONMENT_HOMES,
  baseEnvironment,
  isSafeReturnTo,
  type SwitchableEnvironment,
} from '@leerpad/core';
import { Loading } from '../components/loading';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { pingQuery } from '../lib/session/queries';
import { useSession } from '../lib/session/use-session';
import { AppLayout } from './app-layout';
import { GuestLayout } from './guest-layout';
import { RequireAuth, RequireEnvironment, RequirePage } from './guards';
import {
  AcademyRoutes,
  AccountRoutes,
  AdminRoutes,
  ApprovalsPage,
  AuthRoutes,
  CatalogRoutes,
  CheckoutRoutes,
  CoachRoutes,
  CoursesRoutes,
  NotFoundPage,
  NotificationsPage,
  PortfolioRoutes,
  ProfileRoutes,
  ProfilesRoutes,
  RateRoutes,
  VerifyRoutes,
} from './route-modules';

/**
 * Starts a signed-in page's code, texts and data together (route-prefetch.ts, a lazy chunk);
 * resolves when its code and texts are there.
 */
export async function prefetchRoute(queryClient: QueryClient, pathname: string, search: string) {
  // Visitors never load it: the sign-in page's JavaScript budget (decision 007).
  if (!queryClient.getQueryData(pingQuery.queryKey)?.authenticated) return;
  const loader = await import('./route-prefetch');
  await loader.prefetchRoute(queryClient, pathname, search);
}

/**
 * On every navigation. Called while rendering, not in an effect: a navigation is a transition, and
 * one that suspends on a lazy chunk commits nothing, so an effect would wait for that very chunk.
 */
function useRoutePrefetch() {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  // A module that fails to load here fails again, visibly, where the route renders it.
  prefetchRoute(queryClient, pathname, search).catch(() => undefined);
}

function Protected({
  environment,
  needsSubscription,
  children,
}: {
  environment?: SwitchableEnvironment;
  needsSubscription?: boolean;
  children: ReactNode;
}) {
  const page = (
    <RouteErrorBoundary>
      <RequirePage>{children}</RequirePage>
    </RouteErrorBoundary>
  );
  return (
    <RequireAuth>
      {environment ? (
        <RequireEnvironment environment={environment} needsSubscription={needsSubscription}>
          {page}
        </RequireEnvironment>
      ) : (
        page
      )}
    </RequireAuth>
  );
}

/** /auth: signed-in visitors go on to returnTo or their home; the others see the sign-in screens. */
function AuthArea() {
  const { authenticated, roles } = useSession();
  const [searchParams] = useSearchParams();
  if (authenticated) {
    const returnTo = searchParams.get('returnTo');
    const home = ENVIRONMENT_HOMES[baseEnvironment(roles, true)];
    return (
      <Navigate to={isSafeReturnTo(returnTo) && !returnTo.startsWith('/auth') ? returnTo : home} replace />
    );
  }
  return (
    <GuestLayout centered>
      <Suspense fallback={<Loading />}>
        <RouteErrorBoundary>
          <AuthRoutes />
        </RouteErrorBoundary>
      </Suspense>
    </GuestLayout>
  );
}

/** /: the user's environment home, or sign-in. */
function HomeRedirect() {
  const { authenticated, roles } = useSession();
  return <Navigate to={ENVIRONMENT_HOMES[baseEnvironment(roles, authenticated)]} replace />;
}

export function AppRoutes() {
  useRoutePrefetch();
  return (
    <Routes>
      <Route path="auth/*" element={<AuthArea />} />
      <Route element={<AppLayout />}>
        <Route index element={<HomeRedirect />} />
        <Route
          path="admin/*"
          element={
            <Protected environment="admin">
              <AdminRoutes />
            </Protected>
          }
        />
        <Route
          path="academy/*"
          element={
            <Protected environment="admin">
              <AcademyRoutes />
            </Protected>
          }
        />
        <Route
          path="coach/*"
          element={
            <Protected environment="coach">
              <CoachRoutes />
            </Protected>
          }
        />
        <Route
          path="approvals"
          element={
            <Protected environment="coach">
              <ApprovalsPage />
            </Protected>
          }
        />
        <Route
          path="catalog/*"
          element={
            <Protected environment="student" needsSubscription={false}>
              <CatalogRoutes />
            </Protected>
          }
        />
        <Route
          path="courses/*"
          element={
            <Protected environment="student">
              <CoursesRoutes />
            </Protected>
          }
        />
        <Route
          path="portfolio/*"
          element={
            <Protected environment="student">
              <PortfolioRoutes />
            </Protected>
          }
        />
        <Route
          path="profile/*"
          element={
            <Protected environment="student">
              <ProfileRoutes />
            </Protected>
          }
        />
        <Route
          path="notifications"
          element={
            <Protected>
              <NotificationsPage />
            </Protected>
          }
        />
        <Route
          path="account/*"
          element={
            <Protected>
              <AccountRoutes />
            </Protected>
          }
        />
        <Route
          path="checkout/*"
          element={
            <Protected>
              <CheckoutRoutes />
            </Protected>
          }
        />
        <Route
          path="rate/*"
          element={
            <RouteErrorBoundary>
              <RateRoutes />
            </RouteErrorBoundary>
          }
        />
        <Route
          path="verify/*"
          element={
            <RouteErrorBoundary>
              <VerifyRoutes />
            </RouteErrorBoundary>
          }
        />
        <Route
          path="profiles/*"
          element={
            <RouteErrorBoundary>
              <ProfilesRoutes />
            </RouteErrorBoundary>
          }
        />
        <Route
          path="*"
          element={
            <RouteErrorBoundary>
              <NotFoundPage />
            </RouteErrorBoundary>
          }
        />
      </Route>
    </Routes>
  );
}
