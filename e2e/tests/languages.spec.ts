import { expect, signIn, test } from './fixtures';

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
