/**
 * The navigation menu per environment (SPEC §2 "Navigation menu"). An entry shows when its page
 * opens for the reader (`mayOpenPath`, the page map in @leerpad/core that the route guards ask too),
 * so the menu never offers a page that answers 403 (decision 062).
 */
import { FEATURES, hasFeature, mayOpenPath } from '@leerpad/core';

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
}

export interface NavGroup {
  id: string;
  labelKey?: string;
  icon?: NavIcon;
  items: NavItem[];
}

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
        { id: 'analytics', path: '/admin/analytics', labelKey: 'menu.admin.analytics' },
      ],
    },
    {
      id: 'courses',
      labelKey: 'menu.admin.groups.courses',
      icon: 'courses',
      items: [
        { id: 'courses', path: '/admin/courses', labelKey: 'menu.admin.courses' },
        {
          id: 'course-create',
          path: '/admin/courses/create',
          labelKey: 'menu.admin.course_create',
        },
        {
          id: 'catalogs',
          path: '/admin/catalogs',
          labelKey: 'menu.admin.catalogs',
        },
        {
          id: 'content-issues',
          path: '/admin/courses/content-issues',
          labelKey: 'menu.admin.content_issues',
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
        },
        {
          id: 'qualifications',
          path: '/admin/certifications/report',
          labelKey: 'menu.admin.qualifications',
        },
      ],
    },
    {
      id: 'sales',
      labelKey: 'menu.admin.groups.sales',
      icon: 'sales',
      items: [
        { id: 'orders', path: '/admin/sales/orders', labelKey: 'menu.admin.orders' },
        {
          id: 'order-create',
          path: '/admin/sales/orders/create',
          labelKey: 'menu.admin.order_create',
        },
        {
          id: 'sales-catalogs',
          path: '/admin/sales/catalogs',
          labelKey: 'menu.admin.sales_catalogs',
          prefix: true,
        },
        {
          id: 'promotions',
          path: '/admin/sales/promotions',
          labelKey: 'menu.admin.promotions',
        },
      ],
    },
    {
      id: 'marketing',
      labelKey: 'menu.admin.groups.marketing',
      icon: 'marketing',
      items: [{ id: 'marketing', path: '/academy/marketing', labelKey: 'menu.admin.marketing' }],
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
        },
        {
          id: 'announcements',
          path: '/admin/announcements',
          labelKey: 'menu.admin.announcements',
        },
      ],
    },
    {
      id: 'platform',
      labelKey: 'menu.admin.groups.platform',
      icon: 'settings',
      items: [
        {
          id: 'portals',
          path: '/admin/portals',
          labelKey: 'menu.admin.portals',
          prefix: true,
        },
        {
          id: 'portal-create',
          path: '/admin/portals/new',
          labelKey: 'menu.admin.portal_create',
        },
        {
          id: 'portal-import',
          path: '/admin/portals/import',
          labelKey: 'menu.admin.portal_import',
        },
      ],
    },
    {
      id: 'academy',
      labelKey: 'menu.admin.groups.academy',
      icon: 'settings',
      items: [
        {
          id: 'portal-branding',
          path: '/admin/settings/portal',
          labelKey: 'menu.admin.portal_branding',
        },
        {
          id: 'integrations',
          path: '/admin/settings/integrations',
          labelKey: 'menu.admin.integrations',
        },
        {
          id: 'languages',
          path: '/admin/settings/languages',
          labelKey: 'menu.admin.languages',
        },
        {
          id: 'agreements',
          path: '/admin/settings/agreements',
          labelKey: 'menu.admin.agreements',
        },
        {
          id: 'order-automations',
          path: '/admin/settings/order-automations',
          labelKey: 'menu.admin.order_automations',
        },
        {
          id: 'audit-log',
          path: '/admin/settings/audit',
          labelKey: 'menu.admin.audit_log',
        },
        {
          id: 'feature-flags',
          path: '/admin/settings/feature-flags',
          labelKey: 'menu.admin.feature_flags',
        },
        {
          id: 'approvals',
          path: '/admin/settings/approvals',
          labelKey: 'menu.admin.approvals',
        },
        {
          id: 'content-labels',
          path: '/admin/settings/content-labels',
          labelKey: 'menu.admin.content_labels',
        },
        {
          id: 'portal-export',
          path: '/admin/settings/export',
          labelKey: 'menu.admin.portal_export',
        },
        {
          id: 'feedback-rubric',
          path: '/admin/settings/feedback-rubric',
          labelKey: 'menu.admin.feedback_rubric',
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
        },
        {
          id: 'tickets',
          path: '/coach/tickets',
          labelKey: 'menu.coach.tickets',
          icon: 'tickets',
        },
        { id: 'news', path: '/coach/news', labelKey: 'menu.coach.news', icon: 'news' },
        {
          id: 'approvals',
          path: '/approvals',
          labelKey: 'menu.coach.approvals',
          icon: 'approvals',
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
        },
        {
          id: 'profile',
          path: '/profile',
          labelKey: 'menu.student.profile',
          icon: 'profile',
          prefix: true,
        },
      ],
    },
  ];
}

/** Whether the page behind a menu entry opens for this signed-in reader. */
export function mayOpenItem(item: Pick<NavItem, 'path'>, context: NavContext): boolean {
  return mayOpenPath(item.path, { authenticated: true, roles: context.roles, features: context.features });
}

/** Groups with the entries the reader may not open removed; a group left empty disappears. */
export function visibleNavigation(groups: NavGroup[], context: NavContext): NavGroup[] {
  return groups
    .map((group) => ({ ...group, items: group.items.filter((item) => mayOpenItem(item, context)) }))
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
  const item = findNavItem(adminNavigation(context), id);
  return mayOpenItem(item ?? { path: '/admin/dashboard' }, context);
}

export function isActivePath(item: Pick<NavItem, 'path' | 'prefix'>, pathname: string): boolean {
  if (pathname === item.path) return true;
  return item.prefix === true && pathname.startsWith(`${item.path}/`);
}
