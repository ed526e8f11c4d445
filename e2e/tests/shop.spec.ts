/**
 * The student's shop (issue 14): from the 402 screen to learning through the pricing page, the
 * checkout with a promotion code and the test payment provider; a failed payment grants nothing and
 * its retry succeeds. Changes the demo data (orders, a subscription, enrolments): a learning spec.
 */
import type { Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expect, signIn, test, viewIn } from './fixtures';

const total = (page: Page, key: string) =>
  page.getByTestId('checkout-totals').locator(`[data-total="${key}"] dd`);

test.describe.configure({ mode: 'serial' });
test.use({ allowConsoleErrors: ['status of 402', 'status of 422'] });

test('a student without a subscription subscribes with WELCOME10 and enrols in the course they wanted', async ({
  page,
}) => {
  await signIn(page, 'nosub');
  await viewIn(page, 'en');

  // The course they want asks for a subscription.
  await page.goto('/catalog?q=eerste');
  await page.getByRole('link', { name: 'Basiskennis eerste hulp' }).click();
  const courseUrl = page.url();
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page.getByTestId('payment-required')).toBeVisible();
  await page.getByRole('link', { name: 'View subscriptions' }).click();

  // Pricing: plans and single courses, with and without VAT.
  await expect(page.getByRole('heading', { level: 1, name: 'Plans and prices' })).toBeVisible();
  const monthly = page.getByTestId('product-card').filter({ hasText: 'Maandabonnement' });
  await expect(monthly.getByTestId('price-with-vat')).toHaveText('€24.19');
  await expect(monthly.getByTestId('price-without-vat')).toHaveText('€19.99 excl. VAT + 21% VAT (€4.20)');
  await expect(
    page
      .getByTestId('product-card')
      .filter({ hasText: 'Cursus: Basiskennis eerste hulp' })
      .getByTestId('price-with-vat'),
  ).toHaveText('€42.51');
  await expectNoViolations(page);
  await monthly.getByRole('link', { name: 'Choose' }).click();

  // Checkout: totals from the server; a refused code shows under the field.
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(total(page, 'total')).toHaveText('€24.19');
  const code = page.getByLabel('Promotion code (optional)');
  await code.fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This promotion code does not exist.')).toBeVisible();
  await code.fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(page.getByText('Code WELCOME10 is applied.')).toBeVisible();
  // 1999 − 10% = 1799; VAT 21% of 1799 = 377.79 → 378; total 2177.
  await expect(total(page, 'subtotal')).toHaveText('€19.99');
  await expect(total(page, 'discount')).toHaveText('-€2.00');
  await expect(total(page, 'vat')).toHaveText('€3.78');
  await expect(total(page, 'total')).toHaveText('€21.77');
  await expectNoViolations(page);
  const ordered = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/api/v1/orders'),
  );
  await page.getByRole('button', { name: 'Order and pay €21.77' }).click();
  expect((await ordered).headers()['idempotency-key']).toMatch(/^[\w-]{16,}$/);

  // The test provider's page.
  await expect(page).toHaveURL(/\/checkout\/test\/\d+$/);
  await expect(page.getByTestId('test-payment-amount')).toHaveText('€21.77');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
  const outcome = page.getByTestId('order-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'good');
  await expect(outcome).toContainText('You are subscribed: Maandabonnement.');
  await outcome.getByRole('link', { name: 'Continue where you were' }).click();
  await expect(page).toHaveURL(courseUrl);
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page).toHaveURL(/\/courses\/\d+$/);
  await expect(page.getByTestId('payment-required')).toHaveCount(0);
  await expect(page.getByTestId('course-player')).toBeVisible();

  // /account/orders: the plan, the order and its invoice.
  await page.goto('/account/orders');
  await expect(page.getByTestId('subscription-status')).toHaveAttribute('data-status', 'active');
  const plan = page.getByTestId('subscription');
  await expect(plan).toHaveAttribute('data-state', 'active');
  await expect(plan).toContainText('Maandabonnement');
  await expect(plan.getByTestId('subscription-renewal')).toContainText('Renews on');
  const order = page.getByTestId('order-row').first();
  await expect(order).toContainText('Maandabonnement');
  await expect(order).toContainText('Paid');
  await expect(order).toContainText('€21.77');
  const invoice = page.getByTestId('invoice-row').first();
  await expect(invoice).toContainText('€3.78');
  await expect(invoice).toContainText('€21.77');
  const href = await invoice.getByRole('link', { name: /Download PDF/ }).getAttribute('href');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoViolations(page);

  // Cancel runs to the end of the period; resume undoes it.
  await plan.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(plan).toHaveAttribute('data-state', 'cancelled');
  await expect(plan.getByTestId('subscription-renewal')).toContainText('Access until');
  await plan.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(plan).toHaveAttribute('data-state', 'active');
});

test('a failed payment grants nothing, and trying again succeeds', async ({ page }) => {
  await signIn(page, 'nosub');
  await viewIn(page, 'en');
  await page.goto('/account/orders/pricing');
  await page
    .getByTestId('product-card')
    .filter({ hasText: 'Cursus: Veilig tillen op het werk' })
    .getByRole('link', { name: 'Choose' })
    .click();
  await expect(total(page, 'total')).toHaveText('€59.29');
  // WELCOME10 is once per account: the refusal says so, under the field.
  const code = page.getByLabel('Promotion code (optional)');
  await code.fill('welcome10');
  await page.getByRole('button', { name: 'Apply code' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('You have already used this promotion code.')).toBeVisible();
  await code.fill('');
  await expect(code).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Order and pay €59.29' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/\d+$/);
  await expect(page.getByTestId('test-payment-amount')).toHaveText('€59.29');
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Fail' }).click();

  await expect(page).toHaveURL(/\/account\/orders\/\d+$/);
  const orderId = page.url().split('/').pop()!;
  const outcome = page.getByTestId('order-outcome');
  await expect(outcome).toHaveAttribute('data-outcome', 'bad');
  await expect(outcome).toContainText('Nothing was charged and nothing has been granted.');
  const failed = await (await page.request.get(`/api/v1/orders/${orderId}`)).json();
  expect(failed.data.attributes.state).toBe('failed');
  expect(failed.data.relationships.invoices.data).toEqual([]);
  await page.goto('/courses');
  // The course from the first journey is there; the one of the failed order is not.
  await expect(
    page.getByTestId('enrollment-card').filter({ hasText: 'Basiskennis eerste hulp' }),
  ).toBeVisible();
  await expect(
    page.getByTestId('enrollment-card').filter({ hasText: 'Veilig tillen op het werk' }),
  ).toHaveCount(0);

  await page.goto(`/account/orders/${orderId}`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/checkout\/test\/\d+$/);
  await expect(page.getByTestId('test-payment-amount')).toHaveText('€59.29');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(`/account/orders/${orderId}`);
  await expect(outcome).toHaveAttribute('data-outcome', 'good');
  await expect(outcome).toContainText('You are enrolled: Cursus: Veilig tillen op het werk.');
  await outcome.getByRole('link', { name: 'Open the course' }).click();
  await expect(page).toHaveURL(/\/courses\/\d+$/);
  await expect(page.getByTestId('course-player')).toBeVisible();

  await page.goto('/account/orders');
  const row = page.getByTestId('order-row').filter({ hasText: 'Veilig tillen op het werk' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('€59.29');
});
