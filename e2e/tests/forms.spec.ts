/**
 * Forms and their safety nets (SPEC §4, §8): leaving a form with unsaved changes asks first (by a
 * link or the browser's back and forward buttons), a detail page of a record that is not there says
 * so in a toast, and a student copies their code.
 */
import { expect, signIn, test, viewIn } from './fixtures';

// The missing records answer 404, which the browser logs.
test.use({ allowConsoleErrors: ['status of 404'] });

test.describe('unsaved changes', () => {
  test('leaving a dirty form asks first: staying keeps the typing, leaving goes', async ({ page }) => {
    await signIn(page, 'student');
    await viewIn(page, 'en');
    await page.goto('/account/details');
    const name = page.getByLabel('Full name');
    await expect(name).not.toHaveValue('', { timeout: 20_000 });
    await name.fill('Sam Student-Changed');

    const menu = page.getByTestId('main-menu');
    await menu.getByRole('link', { name: 'Catalog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/account\/details$/);
    await expect(name).toHaveValue('Sam Student-Changed');

    await menu.getByRole('link', { name: 'Catalog' }).click();
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });

  test('the browser back and forward buttons ask first too', async ({ page }) => {
    await signIn(page, 'student');
    await viewIn(page, 'en');
    await page.goto('/catalog');
    await page.getByTestId('account-menu-trigger').click();
    await page.getByTestId('account-menu').getByRole('menuitem', { name: 'My details' }).click();
    await expect(page).toHaveURL(/\/account\/details$/);
    const name = page.getByLabel('Full name');
    await expect(name).not.toHaveValue('', { timeout: 20_000 });
    await name.fill('Sam Student-Changed');

    // Back: the page stays, with the typing, until the person chooses.
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await page.goBack();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/account\/details$/);
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/account\/details$/);
    await expect(name).toHaveValue('Sam Student-Changed');

    // Asked again, leaving goes back where the button pointed.
    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(dialog).toBeHidden();

    // Forward onto the form and back off it, with nothing typed: no question.
    await page.goForward();
    await expect(page).toHaveURL(/\/account\/details$/);
    await expect(page.getByLabel('Full name')).not.toHaveValue('Sam Student-Changed');
    await page.goBack();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Forward is held too: type on the form, go back (leave), then the form's next page is forward.
    await page.goForward();
    await page.getByLabel('Full name').fill('Sam Student-Changed');
    await page.getByTestId('main-menu').getByRole('link', { name: 'Catalog' }).click();
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/account\/details$/);
    await page.getByLabel('Full name').fill('Typed again');
    await page.goForward();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/account\/details$/);
    await dialog.getByRole('button', { name: 'Leave and lose changes' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });

  test('a saved form leaves without asking', async ({ page }) => {
    await signIn(page, 'student');
    await viewIn(page, 'en');
    await page.goto('/account/details');
    const name = page.getByLabel('Full name');
    await expect(name).not.toHaveValue('');
    const original = await name.inputValue();
    await name.fill(`${original} `);
    await name.fill(original);
    await page.getByTestId('main-menu').getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('records that are not there', () => {
  const notFound = 'This item no longer exists or was never there.';
  for (const [account, path] of [
    ['student', '/account/orders/999999'],
    ['student', '/account/tickets/999999'],
    ['admin', '/admin/accounts/999999'],
  ] as const) {
    test(`${path} says so in a toast`, async ({ page }) => {
      await signIn(page, account);
      await viewIn(page, 'en');
      await page.goto(path);
      await expect(page.getByText(notFound)).toBeVisible();
    });
  }
});

test('a student copies a promotion code, and is told it is copied', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'student');
  await viewIn(page, 'en');
  await page.goto('/account/orders');
  const codes = page.getByTestId('promotion-codes');
  const code = codes.getByTestId('promotion-code').filter({ hasText: 'FRIEND10' });
  await expect(code).toBeVisible();
  await expect(code).toContainText('Referral code');
  await code.getByRole('button', { name: 'Copy code FRIEND10' }).click();
  await expect(page.getByText('Code FRIEND10 copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('FRIEND10');
});
