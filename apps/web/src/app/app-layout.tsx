import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { BootSplash, Loading } from '../components/loading';
import { PaymentRequired } from '../components/payment-required';
import { setPaymentRequired, usePaymentRequired } from '../lib/payment-required';
import { usePageViews } from '../lib/analytics/page-views';
import { preloadableLazy } from '../lib/preloadable-lazy';
import { useSession } from '../lib/session/use-session';
import { GuestLayout } from './guest-layout';

// Header, menu and breadcrumbs are for signed-in users only: a chunk the sign-in page never loads.
// Preloadable: the route loaders (route-prefetch.ts) load it before a signed-in page renders.
export const AuthenticatedShell = preloadableLazy(
  () => import('./authenticated-shell'),
  (module) => module.default,
);

/** Chooses the frame (guest or signed-in shell) and shows the 402 screen after any API 402. */
export function AppLayout() {
  const { authenticated } = useSession();
  const paymentRequired = usePaymentRequired();
  const { pathname } = useLocation();
  usePageViews();

  useEffect(() => {
    setPaymentRequired(false);
  }, [pathname]);

  const content = paymentRequired ? (
    <PaymentRequired />
  ) : (
    <Suspense fallback={<Loading fullPage />}>
      <Outlet />
    </Suspense>
  );

  if (!authenticated) return <GuestLayout>{content}</GuestLayout>;
  return (
    <Suspense fallback={<BootSplash />}>
      <AuthenticatedShell>{content}</AuthenticatedShell>
    </Suspense>
  );
}
