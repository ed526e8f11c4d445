/**
 * The navigation menu per environment (SPEC §2 "Navigation menu"), with role and feature gating.
 * The same predicates guard the routes, so a page hidden from the menu is also refused (403).
 * The spec leaves exact admin gating open; the choices here are documented in apps/web/README.md.
 */
import { FEATURES, can, hasFeature, type FeatureName, type Permission } from '@leerpad/core';

export interface NavContext {
  roles: readonly string[];
  features: readonly string[];
}

export type NavIcon =
  | 'dashboard'
  | 'courses'
  | 'catalog'
  | 'certificate'
  | 'sales'
  | 'marketing'
  | 'support'
  | 'settings'
  | 'students'
  | 'tickets'
  | 'news'
  | 'approvals'
  | 'portfolio'
  | 'profile';

export interface NavItem {
  id: string;
  path: string;
  labelKey: string;
  icon?: NavIcon;
  /** Active for every path below it too (e.g. /admin/sales/catalogs/…). */
  prefix?: boolean;
  visible?: (context: NavContext) => boolean;
}

export interface NavGroup {
  id: string;
  labelKey?: string;
  icon?: NavIcon;
  items: NavItem[];
}

const feature = (name: FeatureName) => (context: NavContext) => hasFeature(context.features, name);
/** A menu entry shows for whoever holds its permission on this portal (the server asks the same). */
const holds = (permission: Permission) => (context: NavContext) =>
  can({ roles: context.roles, features: context.features }, permission);

const courseManagers = holds('manage:course');
const admins = holds('manage:portal-settings');
const certifiers = holds('manage:certification');
const qualifications = holds('read:qualifications');
const sales = holds('manage:order');
const marketing = holds('manage:marketing');
const accountManagers = holds('manage:account');
const announcers = holds('manage:announcement');

/** /admin/accounts with the account-support feature, else the academy variant (SPEC §2). */
export function accountsPath(features: readonly string[]): string {
  return hasFeature(features, FEATURES.accountSupport) ? '/admin/accounts' : '/academy/accounts_support';
}

export function adminNavigation(context: NavContext): NavGroup[] {
  return [
    {
      id: 'overview',
      items: [
        { id: 'dashboard', path: '/admin/dashboard', labelKey: 'menu.admin.dashboard', icon: 'dashboard' },
      ],
    },
    {
      id: 'courses',
      labelKey: 'menu.admin.groups.courses',
      icon: 'courses',
      items: [
        { id: 'courses', path: '/admin/courses', labelKey: 'menu.admin.courses', visible: courseManagers },
        {
          id: 'course-create',
          path: '/admin/courses/create',
          labelKey: 'menu.admin.course_create',
          visible: courseManagers,
        },
        {
          id: 'catalogs',
          path: '/admin/catalogs',
          labelKey: 'menu.admin.catalogs',
          visible: (c) => courseManagers(c) && feature(FEATURES.catalogCategories)(c),
        },
        {
          id: 'content-issues',
          path: '/admin/courses/content-issues',
          labelKey: 'menu.admin.content_issues',
          visible: courseManagers,
        },
      ],
    },
    {
      id: 'certifications',
      labelKey: 'menu.admin.groups.certifications',
      icon: 'certificate',
      items: [
        {
          id: 'certifications',
          path: '/admin/certifications',
          labelKey: 'menu.admin.certifications',
          visible: certifiers,
        },
        {
          id: 'qualifications',
          path: '/admin/certifications/report',
          labelKey: 'menu.admin.qualifications',
          visible: qualifications,
        },
      ],
    },
    {
      id: 'sales',
      labelKey: 'menu.admin.groups.sales',
      icon: 'sales',
      items: [
        { id: 'orders', path: '/admin/sales/orders', labelKey: 'menu.admin.orders', visible: sales },
        {
          id: 'order-create',
          path: '/admin/sales/orders/create',
          labelKey: 'menu.admin.order_create',
          visible: sales,
        },
        {
          id: 'sales-catalogs',
          path: '/admin/sales/catalogs',
          labelKey: 'menu.admin.sales_catalogs',
          prefix: true,
          visible: sales,
        },
        {
          id: 'promotions',
          path: '/admin/sales/promotions',
          labelKey: 'menu.admin.promotions',
          visible: sales,
        },
      ],
    },
    {
      id: 'marketing',
      labelKey: 'menu.admin.groups.marketing',
      icon: 'marketing',
      items: [
        { id: 'marketing', path: '/academy/marketing', labelKey: 'menu.admin.marketing', visible: marketing },
      ],
    },
    {
      id: 'support',
      labelKey: 'menu.admin.groups.support',
      icon: 'support',
      items: [
        {
          id: 'accounts',
          path: accountsPath(context.features),
          labelKey: 'menu.admin.accounts',
          prefix: true,
          visible: accountManagers,
        },
        {
          id: 'announcements',
          path: '/admin/announcements',
          labelKey: 'menu.admin.announcements',
          visible: announcers,
        },
      ],
    },
    {
      id: 'academy',
      labelKey: 'menu.admin.groups.academy',
      icon: 'settings',
      items: [
        {
          id: 'integrations',
          path: '/admin/settings/integrations',
          labelKey: 'menu.admin.integrations',
          visible: admins,
        },
        {
          id: 'languages',
          path: '/admin/settings/languages',
          labelKey: 'menu.admin.languages',
          visible: admins,
        },
        {
          id: 'agreements',
          path: '/admin/settings/agreements',
          labelKey: 'menu.admin.agreements',
          visible: admins,
        },
        {
          id: 'order-automations',
          path: '/admin/settings/order-automations',
          labelKey: 'menu.admin.order_automations',
          visible: admins,
        },
        {
          id: 'audit-log',
          path: '/admin/settings/audit',
          labelKey: 'menu.admin.audit_log',
          visible: holds('read:audit-log'),
        },
        {
          id: 'feature-flags',
          path: '/admin/settings/feature-flags',
          labelKey: 'menu.admin.feature_flags',
          visible: holds('manage:feature-flag'),
        },
        {
          id: 'approvals',
          path: '/admin/settings/approvals',
          labelKey: 'menu.admin.approvals',
          visible: holds('manage:coach-mandate'),
        },
        {
          id: 'content-labels',
          path: '/admin/settings/content-labels',
          labelKey: 'menu.admin.content_labels',
          visible: courseManagers,
        },
        {
          id: 'portal-export',
          path: '/admin/settings/export',
          labelKey: 'menu.admin.portal_export',
          visible: admins,
        },
        {
          id: 'portal-import',
          path: '/admin/portals/import',
          labelKey: 'menu.admin.portal_import',
          visible: holds('manage:portal'),
        },
        {
          id: 'feedback-rubric',
          path: '/admin/settings/feedback-rubric',
          labelKey: 'menu.admin.feedback_rubric',
          visible: (c) => admins(c) && feature(FEATURES.portfolioFeature)(c),
        },
      ],
    },
  ];
}

export function coachNavigation(): NavGroup[] {
  return [
    {
      id: 'coach',
      items: [
        { id: 'dashboard', path: '/coach/dashboard', labelKey: 'menu.coach.dashboard', icon: 'dashboard' },
        { id: 'courses', path: '/coach/courses', labelKey: 'menu.coach.courses', icon: 'courses' },
        { id: 'students', path: '/coach/students', labelKey: 'menu.coach.students', icon: 'students' },
        { id: 'mentees', path: '/coach/mentees', labelKey: 'menu.coach.mentees', icon: 'students' },
        {
          id: 'qualifications',
          path: '/coach/qualifications',
          labelKey: 'menu.coach.qualifications',
          icon: 'certificate',
          visible: qualifications,
        },
        {
          id: 'tickets',
          path: '/coach/tickets',
          labelKey: 'menu.coach.tickets',
          icon: 'tickets',
          visible: feature(FEATURES.reviewTickets),
        },
        { id: 'news', path: '/coach/news', labelKey: 'menu.coach.news', icon: 'news' },
        {
          id: 'approvals',
          path: '/approvals',
          labelKey: 'menu.coach.approvals',
          icon: 'approvals',
          visible: feature(FEATURES.coachMandateApprovals),
        },
      ],
    },
  ];
}

export function studentNavigation(): NavGroup[] {
  return [
    {
      id: 'student',
      items: [
        { id: 'catalog', path: '/catalog', labelKey: 'menu.student.catalog', icon: 'catalog', prefix: true },
        { id: 'courses', path: '/courses', labelKey: 'menu.student.courses', icon: 'courses', prefix: true },
        {
          id: 'portfolio',
          path: '/portfolio',
          labelKey: 'menu.student.portfolio',
          icon: 'portfolio',
          prefix: true,
          visible: feature(FEATURES.portfolioFeature),
        },
        {
          id: 'profile',
          path: '/profile',
          labelKey: 'menu.student.profile',
          icon: 'profile',
          prefix: true,
          visible: feature(FEATURES.portfolioFeature),
        },
      ],
    },
  ];
}

/** Groups with their hidden items removed; a group left empty disappears. */
export function visibleNavigation(groups: NavGroup[], context: NavContext): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => item.visible?.(context) ?? true) }))
    .filter((group) => group.items.length > 0);
}

export function findNavItem(groups: NavGroup[], id: string): NavItem | undefined {
  for (const group of groups) {
    const item = group.items.find((candidate) => candidate.id === id);
    if (item) return item;
  }
  return undefined;
}

/** Whether the admin page with this menu id may be shown (same rule as its menu entry). */
export function canSeeAdminPage(id: string, context: NavContext): boolean {
  if (!holds('enter:admin')(context)) return false;
  const item = findNavItem(adminNavigation(context), id);
  return item ? (item.visible?.(context) ?? true) : true;
}

export function isActivePath(item: Pick<NavItem, 'path' | 'prefix'>, pathname: string): boolean {
  if (pathname === item.path) return true;
  return item.prefix === true && pathname.startsWith(`${item.path}/`);
}
