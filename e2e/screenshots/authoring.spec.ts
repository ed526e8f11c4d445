/**
 * Screenshots of the authoring screens for docs/screenshots. Run on demand: `npm run screenshots`.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test, viewIn } from '../tests/fixtures';
import { shoot } from './shoot';

test.use({ allowConsoleErrors: ['status of 422'] });

async function openSampleCourse(page: Page) {
  await page.goto('/admin/courses');
  await page.getByTestId('course-search').fill('Veilig tillen');
  await page.getByRole('link', { name: 'Veilig tillen op het werk' }).click();
  await expect(page.getByTestId('outline-editor')).toBeVisible();
}

test('admin course list', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/courses');
  await page.getByTestId('course-search').fill('');
  await expect(page.getByTestId('course-row').nth(5)).toBeVisible();
  await page.getByTestId('course-row').nth(1).getByRole('button', { name: /^Pin/ }).click();
  await expect(page.getByRole('heading', { name: 'Pinned courses' })).toBeVisible();
  await shoot(page, 'admin-courses');
  // Leave the demo as it was for other runs of the same database.
  await page.getByRole('button', { name: /^Unpin/ }).click();
});

test('admin course editor', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await openSampleCourse(page);
  await page
    .getByRole('button', { name: /^Move “.*” down$/ })
    .first()
    .focus();
  await shoot(page, 'admin-course-editor');
});

test('admin quiz import with line errors', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await openSampleCourse(page);
  await page.getByRole('button', { name: 'Edit “Quiz tillen”' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('quiz-import')).toBeVisible();
  await dialog
    .getByLabel('Questions to import')
    .fill('::Good:: 1 + 1 = {=2 ~3}\n\n::Essay:: Describe a chart. {}\n');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('import-line-errors')).toBeVisible();
  await dialog.getByTestId('quiz-import').scrollIntoViewIfNeeded();
  await dialog.getByTestId('import-line-errors').scrollIntoViewIfNeeded();
  await shoot(page, 'admin-quiz-import');
});

test('admin content issues', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/courses/content-issues');
  await expect(page.getByTestId('content-issue').first()).toBeVisible();
  await shoot(page, 'admin-content-issues');
});
