import { THIRD_PORTAL_URL } from '../playwright.config';
import { expect, mailTo, signIn, test } from './fixtures';

test.describe('languages', () => {
  test('the account menu switches to English and Romanian and saves the choice', async ({ page }) => {
    // The account without a subscription: no other test depends on its language.
    await signIn(page, 'nosub');
    await page.goto('/account/details');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1, name: 'Mijn gegevens' })).toBeVisible();

    const choose = async (language: string) => {
      await page.getByTestId('account-menu-trigger').click();
      const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
      await page.getByRole('menuitemradio', { name: language }).click();
      expect((await saved).ok()).toBe(true);
      await expect(page.getByRole('menuitemradio', { name: language })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await page.keyboard.press('Escape');
    };

    await choose('English');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'My courses' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'My details' })).toBeVisible();

    await choose('Română');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
    await expect(page.getByRole('heading', { level: 1, name: 'Datele mele' })).toBeVisible();
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'Cursurile mele' })).toBeVisible();
    await page.goto('/courses');
    await expect(page.getByTestId('payment-required').getByRole('heading')).toHaveText(
      'Abonamentul tău nu este activ',
    );

    await choose('Nederlands');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });

  test('a visitor picks a language on the sign-in page', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
    await page.getByTestId('language-select').selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-select').selectOption('ro');
    await expect(page.getByRole('heading', { level: 1, name: 'Conectare' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Conectare' })).toBeVisible();
  });
});

test('a visitor registers on the Romanian portal, and the e-mail and everything after are in Romanian', async ({
  page,
}) => {
  const address = `radu-${Date.now()}@example.com`;
  await page.goto(`${THIRD_PORTAL_URL}/auth/login/register`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await page.getByLabel('Nume complet').fill('Radu Românu');
  await page.getByLabel(/e-mail/i).fill(address);
  await page.locator('input[name="password"]').fill('o parolă destul de lungă');
  await page.getByRole('button', { name: 'Creează contul' }).click();
  await expect(page.getByRole('status')).toContainText(`Am trimis un link la ${address}`);

  await expect.poll(() => mailTo(address), { timeout: 15_000 }).toContain('Bună, Radu Românu,');
  const link = /\/auth\/register\/confirm\?token=[^\s"<]+/.exec(mailTo(address) ?? '')?.[0];
  expect(link).toBeDefined();
  await page.goto(`${THIRD_PORTAL_URL}${link}`);
  await page.getByRole('button', { name: 'Confirmă și începe' }).click();
  await expect(page).toHaveURL(`${THIRD_PORTAL_URL}/catalog`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Primii pași/ }).first()).toBeVisible();
  // The new account keeps the portal's language for what the product sends it later.
  const locale = await page.evaluate(async () => {
    const me = (await (await fetch('/api/v1/me')).json()) as {
      included?: Array<{ type: string; attributes: { locale?: string } }>;
    };
    return me.included?.find((resource) => resource.type === 'accounts')?.attributes.locale;
  });
  expect(locale).toBe('ro');
});

test.describe('API errors in the reader language', () => {
  test('a Dutch student gets Dutch error details; a Romanian Accept-Language gets Romanian', async ({
    page,
  }) => {
    await signIn(page, 'classmate');
    const detail = async (language?: string) => {
      const response = await page.request.get('/api/v1/courses?sort=no_such_column', {
        headers: language ? { 'Accept-Language': language } : {},
      });
      expect(response.status()).toBe(400);
      return ((await response.json()) as { errors: Array<{ code: string; detail: string }> }).errors[0];
    };
    expect(await detail()).toMatchObject({
      code: 'INVALID_SORT',
      detail: 'Deze lijst kan niet zo worden gesorteerd.',
    });
    expect((await detail('ro'))?.detail).toBe('Această listă nu poate fi sortată astfel.');
  });
});
