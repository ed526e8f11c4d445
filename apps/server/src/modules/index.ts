import type { RouteDefinition } from '../http/route';
import { accountRoutes } from './accounts/routes';
import { authRoutes } from './auth/routes';
import { feedbackRoutes } from './feedback/routes';
import { meRoutes } from './me/routes';
import { notificationRoutes } from './notifications/routes';
import { portalRoutes } from './portals/routes';
import { preferenceRoutes } from './preferences/routes';
import { subscriptionPromotionRoutes } from './subscription-promotions/routes';

/** Every API route of every module; each declares its access policy (checked at start-up). */
export const allRoutes: RouteDefinition[] = [
  ...authRoutes,
  ...meRoutes,
  ...accountRoutes,
  ...preferenceRoutes,
  ...notificationRoutes,
  ...subscriptionPromotionRoutes,
  ...portalRoutes,
  ...feedbackRoutes,
];
