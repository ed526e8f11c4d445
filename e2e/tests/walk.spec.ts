/**
 * A walk through every menu entry of every demo account, in nl, en and ro, on both portals: each page
 * shows its heading, no page is blank or an error, and the console stays clean (fixtures).
 */
import type { Page } from '@playwright/test';
import { SECOND_PORTAL_URL } from '../playwright.config';
import { expect, signIn, signInWithForm, test, viewIn, type AccountName } from './fixtures';

async function walkMenu(page: Page, home: string, locale: string) {
  await page.goto(home);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const menu = page.getByTestId('main-menu');
  await expect(menu).toBeVisible();
  const targets = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const notFound =
    { nl: 'Pagina niet gevonden', en: 'Page not found', ro: 'Pagina nu a fost găsită' }[locale] ?? '';
  const forbidden = { nl: 'Geen toegang', en: 'No access', ro: 'Fără acces' }[locale] ?? '';
  for (const target of [...new Set(targets)]) {
    await menu.locator(`a[href="${target}"]`).first().click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(heading).not.toHaveText(notFound);
    await expect(heading).not.toHaveText(forbidden);
    await expect(page.getByTestId('breadcrumbs')).toBeVisible();
  }
  // The shared pages of the account menu.
  for (const path of ['/notifications', '/account/orders', '/account/details', '/account/primary-coach']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
}

const walks: Array<[AccountName, string]> = [
  ['admin', '/admin/dashboard'],
  ['support', '/admin/dashboard'],
  ['coach', '/coach/dashboard'],
  ['student', '/catalog'],
];

for (const locale of ['nl', 'en', 'ro'] as const) {
  for (const [account, home] of walks) {
    test(`${account} walks every menu entry in ${locale}`, async ({ page }) => {
      await viewIn(page, locale);
      await signIn(page, account);
      await walkMenu(page, home, locale);
    });
  }
}

test('the second portal student walks every menu entry in en', async ({ page }) => {
  await signInWithForm(page, 'secondStudent', `${SECOND_PORTAL_URL}/auth`);
  await expect(page).toHaveURL(`${SECOND_PORTAL_URL}/catalog`);
  const tour = page.getByTestId('onboarding-tour');
  await tour.getByRole('button').click();
  await walkMenu(page, `${SECOND_PORTAL_URL}/catalog`, 'en');
});
