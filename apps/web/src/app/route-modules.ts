/**
 * The lazy modules of the route table, one chunk per environment (admin, coach, student, shared
 * pages, sign-in). The route table (routes.tsx) renders them; the route loaders (route-prefetch.ts)
 * preload them, so a page's module is there before it renders.
 */
import { lazy, type ComponentType } from 'react';
import { preloadableLazy } from '../lib/preloadable-lazy';

function lazyNamed<M>(load: () => Promise<M>, name: keyof M) {
  return preloadableLazy(load, (module) => module[name] as ComponentType);
}

const loadAdmin = () => import('./routes/admin-routes');
const loadCoach = () => import('./routes/coach-routes');
const loadStudent = () => import('./routes/student-routes');
const loadShared = () => import('./routes/shared-routes');

export const AuthRoutes = lazy(() => import('./routes/auth-routes'));
export const AdminRoutes = lazyNamed(loadAdmin, 'AdminRoutes');
export const AcademyRoutes = lazyNamed(loadAdmin, 'AcademyRoutes');
export const CoachRoutes = lazyNamed(loadCoach, 'CoachRoutes');
export const ApprovalsPage = lazyNamed(loadCoach, 'ApprovalsPage');
export const CatalogRoutes = lazyNamed(loadStudent, 'CatalogRoutes');
export const CoursesRoutes = lazyNamed(loadStudent, 'CoursesRoutes');
export const PortfolioRoutes = lazyNamed(loadStudent, 'PortfolioRoutes');
export const ProfileRoutes = lazyNamed(loadStudent, 'ProfileRoutes');
export const NotificationsPage = lazyNamed(loadShared, 'NotificationsPage');
export const AccountRoutes = lazyNamed(loadShared, 'AccountRoutes');
export const CheckoutRoutes = lazyNamed(loadShared, 'CheckoutRoutes');
export const RateRoutes = lazyNamed(loadShared, 'RateRoutes');
export const ProfilesRoutes = lazyNamed(loadShared, 'ProfilesRoutes');
export const VerifyRoutes = lazyNamed(loadShared, 'VerifyRoutes');
export const NotFoundPage = lazyNamed(loadShared, 'NotFoundPage');
