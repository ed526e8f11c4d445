/**
 * Staff sales screens (issue 14): a refund produces a credit note (journey 3); academy sales
 * orders for a student with invoice-later and the automation enrols the student once the order is
 * marked paid (journey 4); axe finds no serious or critical violation on any sales screen.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { endSession, expect, signIn, test } from './fixtures';

async function expectNoViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

test('staff refund a paid demo order and a credit note is produced', async ({ page }) => {
  await signIn(page, 'sales');
  await page.goto('/admin/sales/orders');
  await page.getByTestId('filter-state').selectOption('paid');
  const rows = page.getByTestId('order-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.getByTestId('order-state').first()).toHaveText('Betaald');
  await rows.first().getByRole('link').click();

  await expect(page.locator('[data-page="admin_order"]')).toBeVisible();
  const total = await page.getByTestId('order-total').textContent();
  await page.getByTestId('refund').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-refund').click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByTestId('order-state')).toHaveText('Terugbetaald');
  await expect(page.getByTestId('order-refunded')).toHaveText(total ?? '');
  await expect(page.getByTestId('refund')).toHaveCount(0);
  const creditNote = page.getByTestId('credit-note-pdf');
  await expect(creditNote).toBeVisible();
  const href = await creditNote.getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

test.describe('ordering for a student', () => {
  // The unknown promotion code is refused on purpose.
  test.use({ allowConsoleErrors: ['422 (Unprocessable Entity)'] });

  test('academy sales orders for a student with invoice-later; marking it paid enrols the student', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'sales');
    await page.goto('/admin/sales/orders/create');
    const form = page.getByTestId('order-create-form');

    // Nothing chosen: the fields say what is missing.
    await page.getByTestId('create-order').click();
    await expect(form.getByText('Kies het account dat bestelt.')).toBeVisible();

    await page.getByTestId('account-search').fill('classmate@leerpad');
    await page.getByTestId('account-option').first().click();
    await expect(page.getByTestId('chosen-account')).toContainText('classmate@leerpad.test');
    await form.getByRole('checkbox', { name: 'Cursus: Veilig tillen op het werk' }).check();

    // A code that does not exist: the server's 422 lands on the code field.
    await form.getByLabel('Kortingscode').fill('NOSUCHCODE');
    await page.getByTestId('create-order').click();
    await expect(form.getByLabel('Kortingscode')).toHaveAttribute('aria-invalid', 'true');
    // The preview says why the code cannot be used, before anything is ordered.
    await expect(page.getByTestId('order-preview-error')).toContainText('bestaat niet');
    await form.getByLabel('Kortingscode').fill('');

    // Before placing it, staff see what the server will charge: 49,00 + 21% btw (10,29) = 59,29.
    const preview = page.getByTestId('order-preview');
    await expect(preview).toContainText('Cursus: Veilig tillen op het werk');
    await expect(preview).toContainText('Btw 21% over € 49,00');
    await expect(page.getByTestId('preview-total')).toHaveText('€ 59,29');
    await page.screenshot({ path: 'test-results/order-create-preview.png', fullPage: true });

    await form.getByRole('radio', { name: /Factuur achteraf/ }).check();
    await page.getByTestId('create-order').click();
    await expect(page.locator('[data-page="admin_order"]')).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Open');
    await expect(page.getByTestId('order-lines')).toContainText('Veilig tillen op het werk');
    await expect(page.getByTestId('order-total')).toHaveText('€ 59,29');

    await page.getByTestId('mark-paid').click();
    await expect(page.getByTestId('order-state')).toHaveText('Betaald');
    await expect(page.getByTestId('invoice-pdf')).toBeVisible();

    // The automation enrols the buyer (a background job): the admin sees it on the account page.
    await endSession(page);
    await signIn(page, 'admin');
    const accounts = await page.request.get('/api/v1/accounts?filter[search]=classmate@leerpad.test');
    const classmateId = ((await accounts.json()) as { data: Array<{ id: string }> }).data[0]!.id;
    // Each look waits for the list to have loaded (a slow machine takes seconds), then reads it.
    await expect(async () => {
      await page.goto(`/admin/accounts/${classmateId}`);
      const enrollments = page.getByTestId('enrollments');
      await expect(enrollments).not.toContainText('Bezig met laden', { timeout: 15_000 });
      await expect(enrollments).toContainText('Veilig tillen op het werk', { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await page.goto('/admin/settings/order-automations');
    await expect(page.getByTestId('run-row').first()).toBeVisible();
  });
});

test.describe('catalog and promotions', () => {
  // The promotion that ends before it starts is refused on purpose.
  test.use({ allowConsoleErrors: ['422 (Unprocessable Entity)'] });

  test('sales staff price a product exactly and get pointed at a promotion that ends before it starts', async ({
    page,
  }) => {
    await signIn(page, 'sales');
    await page.goto('/admin/sales/catalogs/products');
    const form = page.getByTestId('product-form');
    await form.getByLabel('Productnaam').fill('Workshop tillen');
    await form.getByLabel('Prijs excl. btw').fill('12,34');
    await form.getByLabel('Btw-tarief').selectOption('9');
    await form.getByRole('button', { name: 'Product toevoegen' }).click();
    const row = page.getByTestId('product-row').filter({ hasText: 'Workshop tillen' });
    // 12,34 + 9% = 1,1106 → 1,11 VAT, rounded per line.
    await expect(row).toContainText('€ 12,34 + 9% btw = € 13,45');

    await page.goto('/admin/sales/promotions');
    const promotion = page.getByTestId('promotion-form');
    await promotion.getByLabel('Code').fill('spring');
    await promotion.getByLabel('Percentage korting').fill('15');
    await promotion.getByLabel('Geldig vanaf').fill('2026-05-01');
    await promotion.getByLabel('Geldig tot en met').fill('2026-04-01');
    await promotion.getByRole('button', { name: 'Actie toevoegen' }).click();
    await expect(promotion.getByLabel('Geldig tot en met')).toHaveAttribute('aria-invalid', 'true');
    await promotion.getByLabel('Geldig tot en met').fill('2026-06-30');
    await promotion.getByRole('button', { name: 'Actie toevoegen' }).click();
    await expect(page.getByTestId('promotion-row').filter({ hasText: 'SPRING' })).toContainText(
      '15% korting',
    );

    // A fixed amount carries its currency and shows formatted in it.
    await promotion.getByLabel('Code').fill('vijf');
    await promotion.getByLabel('Korting', { exact: true }).selectOption('fixed');
    await expect(promotion.getByLabel('Valuta')).toHaveValue('EUR');
    await promotion.getByLabel('Bedrag korting').fill('5');
    await promotion.getByLabel('Geldig vanaf').fill('');
    await promotion.getByLabel('Geldig tot en met').fill('');
    await promotion.getByRole('button', { name: 'Actie toevoegen' }).click();
    await expect(page.getByTestId('promotion-row').filter({ hasText: 'VIJF' })).toContainText(
      '€ 5,00 korting',
    );
  });
});

test.describe('sales screens have no serious or critical axe violation', () => {
  const screens = [
    '/admin/sales/orders',
    '/admin/sales/orders/create',
    '/admin/sales/catalogs',
    '/admin/sales/catalogs/products',
    '/admin/sales/promotions',
  ];
  for (const path of screens) {
    test(path, async ({ page }) => {
      await signIn(page, 'sales');
      await page.goto(path);
      await expect(page.locator('[data-page]')).toBeVisible();
      await expectNoViolations(page);
    });
  }

  test('/admin/sales/orders/:id', async ({ page }) => {
    await signIn(page, 'sales');
    await page.goto('/admin/sales/orders');
    await page.getByTestId('order-row').first().getByRole('link').click();
    await expect(page.locator('[data-page="admin_order"]')).toBeVisible();
    await expectNoViolations(page);
  });

  test('/admin/settings/order-automations', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/settings/order-automations');
    await expect(page.locator('[data-page="admin_order_automations"]')).toBeVisible();
    await expectNoViolations(page);
  });
});

test.describe('payment provider', () => {
  // The malformed key is refused on purpose.
  test.use({ allowConsoleErrors: ['422 (Unprocessable Entity)'] });

  test('an admin choosing Stripe is asked for its keys, and a malformed key is refused on its field', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/settings/order-automations');
    const provider = page.getByTestId('payment-provider');
    await expect(provider.getByRole('radio', { name: /Testprovider/ })).toBeChecked();
    await provider.getByRole('radio', { name: /Stripe/ }).check();
    await expect(provider.getByTestId('webhook-url')).toContainText('/api/v1/payment_webhooks/stripe');
    await provider.getByLabel('Geheime sleutel').fill('pk_live_public');
    await provider.getByTestId('save-provider').click();
    await expect(provider.getByLabel('Geheime sleutel')).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page);
    await page.screenshot({ path: 'test-results/payment-provider.png', fullPage: true });
    // Nothing was stored: the portal still uses the test provider.
    await page.reload();
    await expect(
      page.getByTestId('payment-provider').getByRole('radio', { name: /Testprovider/ }),
    ).toBeChecked();
  });
});
