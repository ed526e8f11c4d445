/**
 * The map of the web app's pages: every address a person can open, its title and who may open it
 * (docs/decisions/062-links-lead-where-the-reader-may-go.md). The web app's guards, menu,
 * breadcrumbs and in-page links, and the server's notification links, all ask `mayOpenPage`, so a
 * link is offered exactly when the page behind it opens for the reader.
 */
import { FEATURES, hasFeature, type FeatureName, type FeatureSet } from './access';
import { can, type Permission } from './permissions';
import type { SwitchableEnvironment } from './environment';

export interface PageDefinition {
  /** Path pattern: `:name` is one segment, a trailing `*` any rest (`/admin/sales/catalogs/*`). */
  path: string;
  /** Key of the page's title under `breadcrumbs.titles` in the web app's texts. */
  title: string;
  /** The environment the page belongs to; whoever may not use it gets the 403 screen. */
  environment?: SwitchableEnvironment;
  /** A permission the reader must hold on this portal (features included). */
  permission?: Permission;
  /** A portal feature the page needs. */
  feature?: FeatureName;
  /** Open to visitors who are not signed in (guest pages reached by a link in a mail). */
  public?: true;
  /**
   * An address that is part of a longer one but shows nothing of its own (it redirects, or only its
   * children exist): it gets a crumb with its title, never a link.
   */
  section?: true;
  /** A section that takes no crumb either (its child's crumb says the same). */
  crumb?: false;
}

const admin = (
  path: string,
  title: string,
  permission?: Permission,
  feature?: FeatureName,
): PageDefinition => ({ path, title, environment: 'admin', permission, feature });

const coach = (path: string, title: string, more: Partial<PageDefinition> = {}): PageDefinition => ({
  path,
  title,
  environment: 'coach',
  ...more,
});

const student = (path: string, title: string, feature?: FeatureName): PageDefinition => ({
  path,
  title,
  environment: 'student',
  feature,
});

/** Every page, each with the rule its route guard applies (apps/web/src/app/routes/*). */
export const PAGES: readonly PageDefinition[] = [
  { path: '/admin', title: 'admin', environment: 'admin', section: true },
  admin('/admin/dashboard', 'dashboard'),
  admin('/admin/analytics', 'analytics', 'read:analytics'),
  admin('/admin/courses', 'courses', 'manage:course'),
  admin('/admin/courses/create', 'create', 'manage:course'),
  admin('/admin/courses/content-issues', 'content-issues', 'manage:course'),
  admin('/admin/courses/:courseId', 'course', 'manage:course'),
  admin('/admin/catalogs', 'catalogs', 'manage:course', FEATURES.catalogCategories),
  admin('/admin/certifications', 'certifications', 'manage:certification'),
  admin('/admin/certifications/report', 'qualifications', 'read:qualifications'),
  admin('/admin/sales', 'sales', 'manage:order'),
  admin('/admin/sales/orders', 'orders', 'manage:order'),
  admin('/admin/sales/orders/create', 'create', 'manage:order'),
  admin('/admin/sales/orders/:orderId', 'order', 'manage:order'),
  admin('/admin/sales/catalogs', 'sales-catalogs', 'manage:order'),
  admin('/admin/sales/catalogs/products', 'products', 'manage:order'),
  admin('/admin/sales/promotions', 'promotions', 'manage:order'),
  admin('/admin/accounts', 'accounts', 'manage:account'),
  admin('/admin/accounts/import', 'import', 'manage:account'),
  admin('/admin/accounts/:accountId', 'account-user', 'manage:account'),
  admin('/admin/announcements', 'announcements', 'manage:announcement'),
  admin('/admin/portals', 'portals', 'manage:portal'),
  admin('/admin/portals/new', 'portal-create', 'manage:portal'),
  admin('/admin/portals/import', 'portal-import', 'manage:portal'),
  admin('/admin/portals/:portalId', 'portal', 'manage:portal'),
  admin('/admin/settings', 'settings', 'manage:portal-settings'),
  admin('/admin/settings/portal', 'portal-branding', 'manage:portal-branding'),
  admin('/admin/settings/export', 'export', 'manage:portal-settings'),
  admin('/admin/settings/integrations', 'integrations', 'manage:portal-settings'),
  admin('/admin/settings/languages', 'languages', 'manage:portal-settings'),
  admin('/admin/settings/agreements', 'agreements', 'manage:portal-settings'),
  admin('/admin/settings/order-automations', 'order-automations', 'manage:portal-settings'),
  admin('/admin/settings/audit', 'audit', 'read:audit-log'),
  admin('/admin/settings/feature-flags', 'feature-flags', 'manage:feature-flag'),
  admin('/admin/settings/approvals', 'approvals', 'manage:coach-mandate'),
  admin('/admin/settings/content-labels', 'content-labels', 'manage:course'),
  admin(
    '/admin/settings/feedback-rubric',
    'feedback-rubric',
    'manage:portal-settings',
    FEATURES.portfolioFeature,
  ),
  admin('/academy', 'academy'),
  admin('/academy/marketing', 'marketing', 'manage:marketing'),
  admin('/academy/accounts_support', 'accounts', 'manage:account'),

  { path: '/coach', title: 'coach', environment: 'coach', section: true },
  coach('/coach/dashboard', 'dashboard'),
  coach('/coach/courses', 'courses'),
  coach('/coach/courses/answers', 'answers', { section: true }),
  coach('/coach/courses/answers/:answerId', 'answer'),
  coach('/coach/students', 'students'),
  coach('/coach/students/:studentId', 'student'),
  coach('/coach/mentees', 'mentees'),
  coach('/coach/mentees/:studentId', 'student'),
  coach('/coach/tickets', 'tickets', { feature: FEATURES.reviewTickets }),
  coach('/coach/tickets/:ticketId', 'ticket', { feature: FEATURES.reviewTickets }),
  coach('/coach/qualifications', 'qualifications', { permission: 'read:qualifications' }),
  coach('/coach/news', 'news'),
  coach('/approvals', 'approvals', { feature: FEATURES.coachMandateApprovals }),

  student('/catalog', 'catalog'),
  student('/catalog/:courseId', 'course'),
  student('/courses', 'my-courses'),
  student('/courses/:courseId', 'course'),
  student('/portfolio', 'portfolio', FEATURES.portfolioFeature),
  student('/profile', 'profile', FEATURES.portfolioFeature),

  // Home: every signed-in reader lands on their environment's home page.
  { path: '/', title: 'home' },
  { path: '/notifications', title: 'notifications' },
  { path: '/account', title: 'account', section: true },
  { path: '/account/details', title: 'details' },
  { path: '/account/orders', title: 'orders' },
  { path: '/account/orders/pricing', title: 'pricing' },
  // Not an order: a literal, so `/account/orders/:orderId` does not claim it.
  { path: '/account/orders/checkout', title: 'checkout', section: true, crumb: false },
  { path: '/account/orders/checkout/:productId', title: 'checkout' },
  { path: '/account/orders/:orderId', title: 'order' },
  { path: '/account/primary-coach', title: 'primary-coach' },
  { path: '/account/tickets', title: 'tickets', feature: FEATURES.reviewTickets },
  { path: '/account/tickets/:ticketId', title: 'ticket', feature: FEATURES.reviewTickets },
  { path: '/checkout', title: 'checkout', section: true },
  { path: '/checkout/test/:paymentId', title: 'test-payment' },

  { path: '/rate', title: 'rate', public: true },
  { path: '/verify/:code', title: 'verify', public: true },
  { path: '/profiles/:handle', title: 'public-profile', public: true },
];

function segmentsOf(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter(Boolean);
}

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = segmentsOf(pattern);
  const rest = parts[parts.length - 1] === '*';
  const fixed = rest ? parts.slice(0, -1) : parts;
  if (rest ? segments.length < fixed.length : segments.length !== fixed.length) return false;
  return fixed.every((part, index) => part.startsWith(':') || part === segments[index]);
}

/**
 * The page at an address (query and hash ignored), or undefined where the app has none (its
 * not-found screen). A literal path wins over a pattern (`/admin/courses/create` over `:courseId`).
 */
export function findPage(pathname: string): PageDefinition | undefined {
  const segments = segmentsOf(pathname);
  const candidates = PAGES.filter((page) => matches(page.path, segments));
  return candidates.find((page) => !page.path.includes(':')) ?? candidates[0];
}

/** Who is reading: signed in or not, their roles, and the features of the portal they are on. */
export interface PageReader {
  authenticated: boolean;
  roles: readonly string[];
  features: FeatureSet;
}

const ENVIRONMENT_PERMISSIONS: Readonly<Record<SwitchableEnvironment, Permission>> = {
  admin: 'enter:admin',
  coach: 'enter:coach',
  student: 'enter:student',
};

/**
 * Whether the page opens for the reader: it exists, shows something of its own, and the reader
 * passes its guard (environment, permission, feature). A student page that asks for a subscription
 * opens (its 402 screen says how to get one), so it counts as open.
 */
export function mayOpenPage(page: PageDefinition | undefined, reader: PageReader): boolean {
  if (!page || page.section) return false;
  if (page.public) return true;
  if (!reader.authenticated) return false;
  const subject = { roles: reader.roles, features: reader.features };
  if (page.environment && !can(subject, ENVIRONMENT_PERMISSIONS[page.environment])) return false;
  if (page.permission && !can(subject, page.permission)) return false;
  return !page.feature || hasFeature(reader.features, page.feature);
}

/** `mayOpenPage` for an address (an in-app path, with or without query). */
export function mayOpenPath(pathname: string, reader: PageReader): boolean {
  return mayOpenPage(findPage(pathname), reader);
}
