import { describe, expect, it } from 'vitest';
import {
  accountsPath,
  adminNavigation,
  canSeeAdminPage,
  coachNavigation,
  isActivePath,
  studentNavigation,
  visibleNavigation,
} from './navigation';

const ALL = [
  'portfolio_feature',
  'account-support',
  'coach_mandate_approvals',
  'review-tickets',
  'catalog-categories',
];
const ids = (groups: ReturnType<typeof visibleNavigation>) =>
  groups.flatMap((group) => group.items.map((item) => item.id));

describe('navigation', () => {
  it('gives an admin every admin entry', () => {
    const context = { roles: ['admin'], features: ALL };
    expect(ids(visibleNavigation(adminNavigation(context), context))).toEqual([
      'dashboard',
      'analytics',
      'courses',
      'course-create',
      'catalogs',
      'content-issues',
      'certifications',
      'orders',
      'order-create',
      'sales-catalogs',
      'promotions',
      'marketing',
      'accounts',
      'announcements',
      'portals',
      'portal-create',
      'portal-import',
      'portal-branding',
      'integrations',
      'languages',
      'agreements',
      'order-automations',
      'audit-log',
      'feature-flags',
      'approvals',
      'content-labels',
      'portal-export',
      'feedback-rubric',
    ]);
  });

  it("gives support the users, announcements, the portal's branding, the portals, the portal import and the audit log only", () => {
    const context = { roles: ['support'], features: ALL };
    expect(ids(visibleNavigation(adminNavigation(context), context))).toEqual([
      'dashboard',
      'accounts',
      'announcements',
      'portals',
      'portal-create',
      'portal-import',
      'portal-branding',
      'audit-log',
    ]);
    // Portals are platform staff's: an academy admin runs their own portal only.
    expect(canSeeAdminPage('portals', { roles: ['academy admin'], features: ALL })).toBe(false);
    expect(canSeeAdminPage('portal-export', context)).toBe(false);
    expect(canSeeAdminPage('portal-import', { roles: ['academy admin'], features: ALL })).toBe(false);
    expect(canSeeAdminPage('feature-flags', context)).toBe(false);
    expect(canSeeAdminPage('accounts', context)).toBe(true);
    expect(canSeeAdminPage('dashboard', { roles: ['student'], features: ALL })).toBe(false);
  });

  it('sends accounts to the academy variant when the account-support feature is off', () => {
    expect(accountsPath(ALL)).toBe('/admin/accounts');
    expect(accountsPath([])).toBe('/academy/accounts_support');
  });

  it('gates coach and student entries by feature', () => {
    const without = { roles: ['coach'], features: [] };
    expect(ids(visibleNavigation(coachNavigation(), without))).toEqual([
      'dashboard',
      'courses',
      'students',
      'mentees',
      'news',
    ]);
    expect(ids(visibleNavigation(coachNavigation(), { roles: ['coach'], features: ALL }))).toContain(
      'approvals',
    );
    expect(ids(visibleNavigation(studentNavigation(), { roles: ['student'], features: [] }))).toEqual([
      'catalog',
      'courses',
    ]);
  });

  it('matches sales catalogs by prefix only', () => {
    expect(
      isActivePath({ path: '/admin/sales/catalogs', prefix: true }, '/admin/sales/catalogs/12/products'),
    ).toBe(true);
    expect(isActivePath({ path: '/admin/courses' }, '/admin/courses/create')).toBe(false);
  });
});

describe('the qualifications report in the menus', () => {
  const report = 'qualifications-report';
  it('shows for coaches and staff only where the portal has the feature', () => {
    const coach = { roles: ['coach'], features: [report] };
    expect(ids(visibleNavigation(coachNavigation(), coach))).toContain('qualifications');
    const coachWithout = { roles: ['coach'], features: ALL };
    expect(ids(visibleNavigation(coachNavigation(), coachWithout))).not.toContain('qualifications');
    const sales = { roles: ['academy sales'], features: [report] };
    expect(ids(visibleNavigation(adminNavigation(sales), sales))).toContain('qualifications');
    expect(canSeeAdminPage('qualifications', sales)).toBe(true);
    const salesWithout = { roles: ['academy sales'], features: ALL };
    expect(canSeeAdminPage('qualifications', salesWithout)).toBe(false);
  });
});
