import { gzipSync } from 'node:zlib';
import { expectNoViolations } from './axe';
import { expect, signIn, test, type AccountName } from './fixtures';

test.describe('accessibility (axe-core: no serious or critical violation)', () => {
  test('/auth', async ({ page }) => {
    await page.goto('/auth');
    await expectNoViolations(page);
  });

  test('/auth/login/register', async ({ page }) => {
    await page.goto('/auth/login/register');
    await expectNoViolations(page);
  });

  const homes: Array<[AccountName, string]> = [
    ['student', '/catalog'],
    ['coach', '/coach/dashboard'],
    ['admin', '/admin/dashboard'],
    ['student', '/notifications'],
    ['nosub', '/catalog'],
  ];
  for (const [account, path] of homes) {
    test(`${path} (${account})`, async ({ page }) => {
      await signIn(page, account);
      await page.goto(path);
      await expectNoViolations(page);
    });
  }

  test('/notifications with the menu tour and partial open', async ({ page }) => {
    await signIn(page, 'coach');
    await page.goto('/notifications');
    await page.getByTestId('notifications-button').click();
    await expect(page.getByTestId('notifications-partial')).toBeVisible();
    await expectNoViolations(page);
  });
});

test.describe('budgets', () => {
  // The budget was 120 KB until 2026-11-27; the page map, the focus rule and the unsaved-changes
  // guard took the sign-in page's first load to 137 KB. 140 KB holds it there until it comes back down.
  test('/auth loads at most 140 KB of JavaScript (gzip) and no environment chunk', async ({ page }) => {
    const scripts = new Map<string, number>();
    page.on('response', async (response) => {
      const url = response.url();
      if (!url.endsWith('.js')) return;
      const body = await response.body();
      scripts.set(url, gzipSync(body, { level: 9 }).length);
    });
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    test
      .info()
      .annotations.push({ type: 'auth initial JS (gzip)', description: `${(total / 1024).toFixed(1)} KB` });
    console.log(`/auth initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.size} files`);
    expect(total).toBeLessThanOrEqual(140 * 1024);
    const names = [...scripts.keys()].join(' ');
    for (const chunk of [
      'admin-routes',
      'coach-routes',
      'student-routes',
      'shared-routes',
      'authenticated-shell',
    ]) {
      expect(names).not.toContain(chunk);
    }
  });
});
