/**
 * Screenshots of the main screens for docs/screenshots (README). Run on demand: `npm run screenshots`.
 */
import type { Page } from '@playwright/test';
import { SECOND_PORTAL_URL } from '../playwright.config';
import {
  dismissTour,
  expect,
  signIn,
  signInWithForm,
  test,
  viewIn,
  type AccountName,
} from '../tests/fixtures';
import { SCREENSHOTS_DIR, shoot } from './shoot';

test.use({ allowConsoleErrors: ['status of 404', 'status of 401', 'status of 402'] });

async function visit(page: Page, account: AccountName, path: string) {
  await signIn(page, account);
  await page.goto(path);
}

test('sign-in (nl)', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'auth-sign-in-nl');
});

test('try for free (en)', async ({ page }) => {
  await page.goto('/auth');
  await page.getByTestId('language-select').selectOption('en');
  await page.goto('/auth/login/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Try for free' })).toBeVisible();
  await shoot(page, 'auth-register-en');
});

test('signed out (ro)', async ({ page }) => {
  await page.goto('/auth');
  await page.getByTestId('language-select').selectOption('ro');
  await page.goto('/auth?loggedOut=true');
  await expect(page.getByText('Te-ai deconectat.')).toBeVisible();
  await shoot(page, 'auth-signed-out-ro');
});

test('student catalog with menu tour', async ({ page }) => {
  await signIn(page, 'student', { keepTour: true });
  await page.goto('/catalog');
  await expect(page.getByTestId('onboarding-tour')).toBeVisible();
  await shoot(page, 'student-catalog-tour');
});

test('student account menu', async ({ page }) => {
  await visit(page, 'student', '/catalog');
  await page.getByTestId('account-menu-trigger').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await shoot(page, 'student-account-menu');
});

test('student notifications', async ({ page }) => {
  await visit(page, 'student', '/notifications');
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  await shoot(page, 'notifications-page');
  await page.getByTestId('notifications-home-link').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/notifications-pagination.png` });
});

test('notifications partial', async ({ page }) => {
  await visit(page, 'student', '/catalog');
  await page.getByTestId('notifications-button').click();
  await expect(
    page.getByTestId('notifications-partial').getByTestId('notification-item').first(),
  ).toBeVisible();
  await shoot(page, 'notifications-partial');
});

test('coach dashboard (en)', async ({ page }) => {
  await viewIn(page, 'en');
  await visit(page, 'coach', '/coach/dashboard');
  await shoot(page, 'coach-dashboard-en');
});

test('admin dashboard (ro)', async ({ page }) => {
  await viewIn(page, 'ro');
  await visit(page, 'admin', '/admin/dashboard');
  await shoot(page, 'admin-dashboard-ro');
});

test('student notifications (en)', async ({ page }) => {
  await viewIn(page, 'en');
  await visit(page, 'student', '/notifications');
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  await shoot(page, 'notifications-page-en');
});

test('admin placeholder page', async ({ page }) => {
  await visit(page, 'admin', '/admin/settings/feature-flags');
  await shoot(page, 'admin-feature-flags');
});

test('feedback modal', async ({ page }) => {
  await visit(page, 'admin', '/admin/dashboard#give-feedback');
  await expect(page.getByTestId('feedback-modal')).toBeVisible();
  await shoot(page, 'feedback-modal');
});

test('support palette placeholder', async ({ page }) => {
  await visit(page, 'support', '/admin/dashboard');
  await page.getByTestId('support-palette-button').click();
  await shoot(page, 'support-palette');
});

test('payment required', async ({ page }) => {
  await visit(page, 'nosub', '/courses');
  await expect(page.getByTestId('payment-required')).toBeVisible();
  await shoot(page, 'payment-required');
});

test('forbidden', async ({ page }) => {
  await visit(page, 'student', '/admin/dashboard');
  await shoot(page, 'forbidden');
});

test('account details', async ({ page }) => {
  await visit(page, 'student', '/account/details');
  await shoot(page, 'account-details');
});

test('second portal', async ({ page }) => {
  await page.goto(`${SECOND_PORTAL_URL}/auth`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await shoot(page, 'second-portal-sign-in');
  await signInWithForm(page, 'secondStudent', `${SECOND_PORTAL_URL}/auth`);
  await expect(page).toHaveURL(/\/catalog$/);
  await dismissTour(page);
  await page.mouse.move(600, 600);
  await shoot(page, 'second-portal-catalog');
});

test('narrow screen menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await visit(page, 'student', '/catalog');
  await page.getByTestId('menu-toggle').click();
  await shoot(page, 'mobile-menu');
});
