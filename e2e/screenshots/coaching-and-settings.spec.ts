/**
 * Screenshots of the coach environment, the admin dashboard and settings, the portfolio and the
 * Romanian portal for docs/screenshots. Run on demand: `npm run screenshots`.
 */
import { THIRD_PORTAL_URL } from '../playwright.config';
import { dismissTour, expect, signIn, signInWithForm, test, viewIn } from '../tests/fixtures';
import { shoot } from './shoot';

test('coach dashboard in Dutch', async ({ page }) => {
  await signIn(page, 'coach');
  await page.goto('/coach/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'coach-dashboard-nl', true);
});

test('coach student detail', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'coach');
  await page.goto('/coach/students');
  await page.getByTestId('person-row').filter({ hasText: 'Sam Student' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Student' })).toBeVisible();
  await shoot(page, 'coach-student-detail', true);
});

test('approvals queue', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'coach');
  await page.goto('/approvals');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'coach-approvals');
});

test('admin dashboard with charts', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/dashboard');
  await expect(page.locator('canvas').first()).toBeVisible();
  await shoot(page, 'admin-dashboard-charts', true);
});

test('integrations and languages settings', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/settings/integrations');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'admin-integrations', true);
  await page.goto('/admin/settings/languages');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'admin-languages', true);
});

test('portfolio and public profile', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'student');
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'portfolio', true);
  await page.goto('/profiles/sam-student');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'public-profile', true);
});

test('the Romanian portal', async ({ page }) => {
  await signInWithForm(page, 'thirdStudent', `${THIRD_PORTAL_URL}/auth`);
  await expect(page).toHaveURL(`${THIRD_PORTAL_URL}/catalog`);
  await dismissTour(page);
  await shoot(page, 'third-portal-catalog');
});

test('qualifications report for a coach', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'coach');
  await page.goto('/coach/qualifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'coach-qualifications', true);
});

test('profile', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'student');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'profile', true);
});

test('feedback rubric settings', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/settings/feedback-rubric');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'admin-feedback-rubric', true);
});
