/**
 * Course authoring by the demo admin: a category and a label, and content issue triage. Building a
 * course with every type of learning object (an uploaded file, quiz questions typed in and imported,
 * a refused import with its line report, reordering by keyboard) and publishing it is the first step
 * of journey.spec.ts, where a student then takes that course.
 */
import { expect, signIn, test, viewIn } from './fixtures';

test.use({ allowConsoleErrors: ['status of 422'] });

test('the admin creates a catalog category and a content label', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');

  await page.goto('/admin/catalogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog categories' })).toBeVisible();
  const categoryForm = page.getByTestId('category-form');
  await categoryForm.getByLabel('Name').fill('Digital skills');
  await categoryForm.getByLabel('Description').fill('Working with computers and data.');
  await categoryForm.getByRole('button', { name: 'Add category' }).click();
  const category = page.getByTestId('category-row').filter({ hasText: 'Digital skills' });
  await expect(category).toBeVisible();
  await expect(category).toContainText('0 published courses');
  // A second category with the same name is refused at the name field.
  await categoryForm.getByLabel('Name').fill('digital skills');
  await categoryForm.getByRole('button', { name: 'Add category' }).click();
  await expect(categoryForm.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

  await page.goto('/admin/settings/content-labels');
  await expect(page.getByRole('heading', { level: 1, name: 'Content labels' })).toBeVisible();
  const labelForm = page.getByTestId('label-form');
  await labelForm.getByLabel('Name').fill('Hands-on');
  await labelForm.getByRole('button', { name: 'Add label' }).click();
  await expect(page.getByTestId('label-row').filter({ hasText: 'Hands-on' })).toBeVisible();
});

test('the admin triages a content issue', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/courses/content-issues');
  await expect(page.getByRole('heading', { level: 1, name: 'Content issues' })).toBeVisible();
  const openTab = page.getByTestId('issue-tab-open');
  await expect(openTab).toHaveAttribute('aria-current', 'page');
  const openBefore = Number((await openTab.locator('span').textContent()) ?? '0');
  expect(openBefore).toBeGreaterThan(0);

  const issue = page.getByTestId('content-issue').first();
  await expect(issue).toContainText('Reported by');
  await issue.getByLabel('Status').selectOption('in_progress');
  await issue.getByLabel('Staff note').fill('Looking into it this week.');
  await issue.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The issue was updated.')).toBeVisible();
  await expect(openTab.locator('span')).toHaveText(String(openBefore - 1));

  await page.getByTestId('issue-tab-in_progress').click();
  const moved = page.getByTestId('content-issue').filter({ hasText: 'Looking into it this week.' });
  await expect(moved.getByLabel('Staff note')).toHaveValue('Looking into it this week.');
  await moved.getByLabel('Status').selectOption('resolved');
  await moved.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('issue-tab-resolved').click();
  await expect(
    page.getByTestId('content-issue').filter({ hasText: 'Looking into it this week.' }),
  ).toBeVisible();
});
