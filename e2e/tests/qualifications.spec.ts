/**
 * The qualifications report (issue 16, done-when 5): a coach opens it from the menu, filters to
 * overdue and downloads the CSV, whose row for the overdue student the test reads back. Staff reach
 * it from the certifications group of the admin menu. Reads the demo data only (chromium project).
 */
import { readFileSync } from 'node:fs';
import { expectNoViolations } from './axe';
import { appReady, expect, signIn, test } from './fixtures';

/** The demo coach's mentee Daan's first-aid assignment was due ten days before the seed ran. */
const overdueSince = () => new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);

test('a coach opens the qualifications report, filters to overdue and downloads the CSV', async ({
  page,
}) => {
  await signIn(page, 'coach');
  await page.goto('/coach/dashboard');
  await appReady(page);
  await page.locator('a[href="/coach/qualifications"]').first().click();
  await expect(page).toHaveURL(/\/coach\/qualifications$/);
  const matrix = page.getByTestId('qualifications-matrix');
  await expect(matrix).toBeVisible();
  // The coach's own students only: their mentees, not the classmate (no coach, not enrolled).
  await expect(matrix.getByRole('rowheader', { name: /Daan Bakker/ })).toBeVisible();
  await expect(matrix.getByRole('rowheader', { name: /Casper Classmate/ })).toHaveCount(0);
  // One chart per certification, each with its table.
  await expect(page.getByTestId('chart').first()).toBeVisible();
  await expectNoViolations(page);

  await page.locator('select[name="status"]').selectOption('overdue');
  await expect(page).toHaveURL(/status=overdue/);
  await expect(page.getByTestId('qualifications-row')).toHaveCount(1);
  const row = page.getByTestId('qualifications-row').first();
  await expect(row.getByRole('rowheader')).toContainText('Daan Bakker');
  // The status is written out in the cell, not only coloured.
  const overdue = row.locator('td[data-status="overdue"]');
  await expect(overdue).toHaveCount(1);
  await expect(overdue).toHaveText(/\S+/);
  await expectNoViolations(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('qualifications-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe('qualifications.csv');
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r\n/);
  expect(lines[0]).toMatch(/^Student,E-mail,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Daan Bakker,daan@leerpad.test');
  expect(lines[1]).toMatch(new RegExp(`(Te laat|Overdue|Întârziată) \\(${overdueSince()}\\)`));
});

test('staff reach the report from the certifications menu and see every student', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/dashboard');
  await appReady(page);
  await page.locator('a[href="/admin/certifications/report"]').first().click();
  await expect(page).toHaveURL(/\/admin\/certifications\/report$/);
  const matrix = page.getByTestId('qualifications-matrix');
  await expect(matrix).toBeVisible();
  // Everyone of the portal, the classmate without a coach too: expired lifting, overdue first aid.
  const classmate = page.getByTestId('qualifications-row').filter({ hasText: 'Casper Classmate' });
  await expect(classmate.locator('td[data-status="expired"]')).toHaveCount(1);
  await expect(classmate.locator('td[data-status="overdue"]')).toHaveCount(1);
  await expect(page.getByTestId('qualifications-count')).toContainText(/\d+/);
  await expectNoViolations(page);
});
