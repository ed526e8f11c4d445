import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES } from './access';
import { findPage, mayOpenPath } from './pages';

const ALL = [...FEATURE_NAMES];
const reader = (roles: string[], features: string[] = ALL) => ({ authenticated: true, roles, features });

describe('findPage', () => {
  it.each([
    ['/admin/courses/create', '/admin/courses/create'],
    ['/admin/courses/12', '/admin/courses/:courseId'],
    ['/account/orders/7?returnTo=%2Fcatalog', '/account/orders/:orderId'],
    ['/account/orders/checkout', '/account/orders/checkout'],
    ['/checkout/test/pay_1', '/checkout/test/:paymentId'],
  ])('%s is %s', (pathname, pattern) => {
    expect(findPage(pathname)?.path).toBe(pattern);
  });

  it.each(['/checkout/test', '/verify', '/admin/nowhere', '/courses/1/2'])('%s is no page', (pathname) => {
    expect(findPage(pathname)).toBeUndefined();
  });
});

describe('mayOpenPath', () => {
  it('follows the environment, the permission and the feature of the page', () => {
    expect(mayOpenPath('/admin/certifications', reader(['admin']))).toBe(true);
    for (const role of ['support', 'author', 'academy_sales'])
      expect(mayOpenPath('/admin/certifications', reader([role])), role).toBe(false);
    expect(mayOpenPath('/admin/settings', reader(['support']))).toBe(false);
    expect(mayOpenPath('/admin/settings/audit', reader(['support']))).toBe(true);
    expect(mayOpenPath('/admin/courses/content-issues', reader(['support']))).toBe(false);
    expect(mayOpenPath('/admin/catalogs', reader(['admin'], []))).toBe(false);
    expect(mayOpenPath('/courses', reader(['admin']))).toBe(false);
    expect(mayOpenPath('/catalog/3', reader(['student']))).toBe(true);
    expect(mayOpenPath('/coach/students', reader(['student']))).toBe(false);
  });

  it('never opens a section or an unknown address, and guests only public pages', () => {
    expect(mayOpenPath('/checkout', reader(['admin']))).toBe(false);
    expect(mayOpenPath('/account', reader(['student']))).toBe(false);
    expect(mayOpenPath('/nowhere', reader(['admin']))).toBe(false);
    const guest = { authenticated: false, roles: [], features: ALL };
    expect(mayOpenPath('/verify/ABC', guest)).toBe(true);
    expect(mayOpenPath('/notifications', guest)).toBe(false);
  });
});
