import { SECOND_PORTAL_URL } from '../playwright.config';
import { ACCOUNTS, PASSWORD, expect, signIn, test } from './fixtures';

test.describe('payment required (402)', () => {
  test('a student without an active subscription sees the subscription variant', async ({ page }) => {
    await signIn(page, 'nosub');
    for (const path of ['/courses', '/profile']) {
      await page.goto(path);
      const screen = page.getByTestId('payment-required');
      await expect(screen).toBeVisible();
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Je abonnement is niet actief');
      await expect(screen.getByRole('link')).toHaveCount(1);
      await expect(screen.getByRole('link', { name: 'Bekijk abonnementen' })).toHaveAttribute(
        'href',
        `/account/orders/pricing?returnTo=${encodeURIComponent(path)}`,
      );
    }
    await page.getByRole('link', { name: 'Bekijk abonnementen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnementen en prijzen' })).toBeVisible();
    await page.goto('/account/orders');
    await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'inactive');
  });

  test('a student without an active subscription may look around the catalog', async ({ page }) => {
    await signIn(page, 'nosub');
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogus' })).toBeVisible();
    await expect(page.getByTestId('payment-required')).toHaveCount(0);
  });

  test('a student with an active subscription gets the page', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogus' })).toBeVisible();
    await expect(page.getByTestId('payment-required')).toHaveCount(0);
  });

  test.describe('any API 402', () => {
    test.use({ allowConsoleErrors: ['status of 402'] });
    test('shows the payment screen', async ({ page }) => {
      await signIn(page, 'coach');
      await page.route('**/api/v1/accounts/*/notifications?*', (route) =>
        route.request().url().includes('unread')
          ? route.continue()
          : route.fulfill({
              status: 402,
              json: { errors: [{ status: '402', code: 'PAYMENT_REQUIRED', title: 'Payment required' }] },
            }),
      );
      // At a page size of its own: the page carries its first page at the default size (decision
      // 082), so that one is not asked for.
      await page.goto('/notifications?size=50');
      await expect(page.getByTestId('payment-required')).toBeVisible();
      await expect(page.getByTestId('payment-required').getByRole('link')).toHaveText('Bekijk abonnementen');
    });
  });
});

test.describe('the second portal on second.localhost', () => {
  test('shows its own name, colours and language', async ({ page }) => {
    await page.goto(`${SECOND_PORTAL_URL}/auth`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('banner')).toContainText('Second Portal');
    await expect(page).toHaveTitle('Sign in · Second Portal');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim(),
    );
    expect(primary).toBe('rgb(180 35 60)');
    // One language only: no language picker.
    await expect(page.getByTestId('language-select')).toHaveCount(0);

    await page.getByLabel('E-mail address').fill(ACCOUNTS.secondStudent);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${SECOND_PORTAL_URL}/catalog`);
    await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByRole('link', { name: 'My courses' })).toBeVisible();
    // The portfolio feature is off on this portal: no menu entry, and the page is refused.
    await expect(menu.getByRole('link', { name: 'Portfolio' })).toHaveCount(0);
    await page.goto(`${SECOND_PORTAL_URL}/portfolio`);
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  });

  test('the first portal keeps its own colours', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('banner')).toContainText('Leerpad Academy');
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--portal-primary').trim(),
    );
    expect(primary).toBe('rgb(15 118 110)');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });
});
