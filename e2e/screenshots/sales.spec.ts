/**
 * Screenshots of the staff sales screens for docs/screenshots. Run on demand: `npm run screenshots`.
 */
import { expect, signIn, test, viewIn } from '../tests/fixtures';
import { shoot } from './shoot';

test('admin orders', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'sales');
  await page.goto('/admin/sales/orders');
  await expect(page.getByTestId('order-row').nth(5)).toBeVisible();
  await shoot(page, 'admin-orders');
});

test('admin order with a credit note', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'sales');
  await page.goto('/admin/sales/orders');
  await page.getByTestId('filter-state').selectOption('partially_refunded');
  await page.getByTestId('order-row').first().getByRole('link').click();
  await expect(page.getByTestId('credit-note-pdf').first()).toBeVisible();
  await shoot(page, 'admin-order');
  // Leave the list as it was for other runs of the same database.
  await page.goto('/admin/sales/orders');
  await page.getByTestId('filter-state').selectOption('');
});

test('admin order automations', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/settings/order-automations');
  await expect(page.getByTestId('automation-row').first()).toBeVisible();
  await shoot(page, 'admin-order-automations');
});
