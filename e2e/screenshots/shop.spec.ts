/**
 * Screenshots of the student's shop for docs/screenshots. Run on demand: `npm run screenshots`.
 * Places an order for the student without a subscription, so it runs with the course screens.
 */
import { expect, signIn, test, viewIn } from '../tests/fixtures';
import { shoot } from './shoot';

test('shop: pricing, checkout, test provider, orders', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'nosub');
  await page.goto('/account/orders/pricing');
  await expect(page.getByTestId('product-card')).toHaveCount(4);
  await shoot(page, 'shop-pricing', true);

  await page
    .getByTestId('product-card')
    .filter({ hasText: 'Maandabonnement' })
    .getByRole('link', { name: 'Choose' })
    .click();
  await page.getByLabel('Promotion code (optional)').fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByText('Code WELCOME10 is applied.')).toBeVisible();
  await shoot(page, 'shop-checkout');

  await page.getByRole('button', { name: /^Order and pay/ }).click();
  await expect(page.getByTestId('test-payment-amount')).toBeVisible();
  await shoot(page, 'shop-test-provider');

  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByTestId('order-outcome')).toHaveAttribute('data-outcome', 'good');
  await page.goto('/account/orders');
  await expect(page.getByTestId('invoice-row').first()).toBeVisible();
  await shoot(page, 'shop-account-orders', true);
});
