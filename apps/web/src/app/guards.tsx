/**
 * Route guards: signed-out visitors go to /auth and come back after signing in; a page the account
 * may not see shows a 403 state; student pages need subscription access (402), except the catalog:
 * anyone may look around it, and enrolling is where the server asks for the subscription.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { findPage, hasSubscriptionAccess, mayOpenPage, type SwitchableEnvironment } from '@leerpad/core';
import { ErrorBlock } from '../components/error-block';
import { PaymentRequired } from '../components/payment-required';
import { mayUseEnvironment } from '../lib/environment-access';
import { useSession } from '../lib/session/use-session';

export function signInPath(pathname: string, search: string): string {
  return `/auth?returnTo=${encodeURIComponent(`${pathname}${search}`)}`;
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { authenticated } = useSession();
  const location = useLocation();
  if (!authenticated) return <Navigate to={signInPath(location.pathname, location.search)} replace />;
  return <>{children}</>;
}

export function RequireEnvironment({
  environment,
  needsSubscription = true,
  children,
}: {
  environment: SwitchableEnvironment;
  /** Student pages show the payment-required screen without subscription access, unless false. */
  needsSubscription?: boolean;
  children: ReactNode;
}) {
  const { roles, me } = useSession();
  if (!mayUseEnvironment(environment, roles)) return <ErrorBlock kind="forbidden" />;
  if (
    environment === 'student' &&
    needsSubscription &&
    me &&
    !hasSubscriptionAccess({
      models: me.availableBusinessModels,
      subscriptionActive: me.subscription?.isActive,
      roles,
    })
  ) {
    return <PaymentRequired />;
  }
  return <>{children}</>;
}

/**
 * The page map's rule for the address (permission and feature; decision 062): the same rule that
 * decides whether the menu, a breadcrumb or an in-page link offers the page. An address the map does
 * not know is left to the routes below, which show the not-found screen.
 */
export function RequirePage({ children }: { children: ReactNode }) {
  const { authenticated, roles, features } = useSession();
  const { pathname } = useLocation();
  const page = findPage(pathname);
  if (page && !page.section && !mayOpenPage(page, { authenticated, roles, features }))
    return <ErrorBlock kind="forbidden" />;
  return <>{children}</>;
}
