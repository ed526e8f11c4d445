/** Subscription access and portal feature flags (SPEC §4 "Subscription access", §6). */
import { snakeToCamel } from './jsonapi/case';
import { isSupport } from './roles';

// 'free': nothing is sold; everything is open to the portal's accounts.
export const BUSINESS_MODELS = ['subscription', 'in_plan', 'flat_fee', 'free'] as const;
export type BusinessModel = (typeof BUSINESS_MODELS)[number];

/** A subscription is required on the subscription or in_plan model, unless flat_fee also applies. */
export function subscriptionRequired(models: readonly string[]): boolean {
  const paidModel = models.includes('subscription') || models.includes('in_plan');
  return paidModel && !models.includes('flat_fee');
}

export interface SubscriptionAccessInput {
  models: readonly string[];
  subscriptionActive: boolean | null | undefined;
  roles: readonly string[];
}

export function hasSubscriptionAccess({
  models,
  subscriptionActive,
  roles,
}: SubscriptionAccessInput): boolean {
  return subscriptionActive === true || !subscriptionRequired(models) || isSupport(roles);
}

export type PaymentRequiredAction = 'login' | 'try_free' | 'subscriptions' | 'home';

/**
 * Buttons on the payment-required (402) screen. The subscriptions button leads to the pricing page,
 * so it is offered only when the portal has a price list (`hasPriceList` of the portal).
 */
export function paymentRequiredActions(
  authenticated: boolean,
  models: readonly string[],
  hasPriceList = true,
): PaymentRequiredAction[] {
  if (!authenticated) return ['login', 'try_free'];
  return models.includes('subscription') && hasPriceList ? ['subscriptions'] : ['home'];
}

export const FEATURES = {
  accountFiles: 'account_files',
  portfolioFeature: 'portfolio_feature',
  qualificationsReport: 'qualifications-report',
  reviewTickets: 'review-tickets',
  coachMandateApprovals: 'coach_mandate_approvals',
  accountSupport: 'account-support',
  groupAssignments: 'group_assignments',
  randomQuizzes: 'random-quizzes',
  quizImport: 'quiz-import',
  catalogCategories: 'catalog-categories',
  followUps: 'follow-ups',
} as const;

export type FeatureName = (typeof FEATURES)[keyof typeof FEATURES];
export const FEATURE_NAMES: readonly FeatureName[] = Object.values(FEATURES);

export type FeatureSet = readonly string[] | ReadonlySet<string> | Readonly<Record<string, boolean>>;

/**
 * Whether the portal has a feature. Accepts a list of names or a name → enabled map; a map that
 * went through camelCase conversion is looked up by its converted key too.
 */
export function hasFeature(features: FeatureSet | null | undefined, name: FeatureName): boolean {
  if (!features) return false;
  if (Array.isArray(features)) return features.includes(name);
  if (features instanceof Set) return features.has(name);
  const flags = features as Readonly<Record<string, boolean>>;
  return flags[name] === true || flags[snakeToCamel(name)] === true;
}
