/**
 * A platform operator creates a portal with the wizard; its first admin chooses a password from the
 * invitation and works on the new portal's own address; another portal's academy admin cannot see it.
 */
import { PORT, SECOND_PORTAL_URL } from '../playwright.config';
import { expectNoViolations } from './axe';
import type { Page } from '@playwright/test';
import { expect, mailTo, PASSWORD, signIn, test, viewIn } from './fixtures';

const NOORD_URL = `http://noord.localhost:${PORT}`;
const ADMIN_EMAIL = 'beheer@noord.test';

// The address of another portal is refused once on purpose (409), which the browser logs.
test.use({ allowConsoleErrors: ['409 (Conflict)'] });

test('the support operator creates Academie Noord, whose invited admin signs in on its own address', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await viewIn(page, 'en');
  await signIn(page, 'support');
  await page.goto('/admin/portals');
  await expect(page.getByRole('heading', { level: 1, name: 'Portals' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('portal-row').filter({ hasText: 'Second Portal' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByTestId('new-portal').click();

  // Step 1: a step cannot be left with a required field empty.
  await expect(page.getByRole('heading', { level: 2, name: 'Name and addresses' })).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByLabel('Name of the academy').fill('Academie Noord');
  await page.getByLabel('Primary address').fill('second.localhost');
  await page.getByTestId('wizard-next').click();

  // Step 2, by keyboard: English beside Dutch, Dutch primary.
  await expect(page.getByRole('heading', { level: 2, name: 'Languages' })).toBeFocused();
  await page.getByRole('checkbox', { name: 'English' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByLabel('Primary language')).toHaveValue('nl');
  await page.keyboard.press('Enter');

  // Step 3: the subscription model and the seller on invoices.
  await expect(page.getByRole('heading', { level: 2, name: 'Business models and seller' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Subscription' }).check();
  await page.getByLabel('Seller name on invoices').fill('Academie Noord B.V.');
  await page.getByLabel('Seller address').fill('Grote Markt 1, Groningen');
  await page.getByTestId('wizard-next').click();

  // Step 4: the first admin.
  await page.getByLabel('Full name').fill('Nora Noord');
  await page.getByLabel('E-mail address').fill(ADMIN_EMAIL);
  await page.getByTestId('wizard-next').click();

  // Step 5: review, then create. The address is the second portal's: the server's 409 brings the
  // wizard back to the first step, with the message at the field.
  await expect(page.getByTestId('portal-review')).toContainText('Academie Noord');
  await expectNoViolations(page);
  await page.getByTestId('create-portal').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Name and addresses' })).toBeVisible();
  await expect(page.getByText('Another portal already uses the address second.localhost.')).toBeVisible();
  await expect(page.getByLabel('Primary address')).toBeFocused();
  await page.getByLabel('Primary address').fill('noord.localhost');
  for (let step = 0; step < 4; step++) await page.getByTestId('wizard-next').click();
  await page.getByTestId('create-portal').click();

  await expect(page.getByRole('heading', { level: 1, name: 'Academie Noord is ready' })).toBeVisible();
  await expect(page.getByTestId('new-portal-address')).toHaveText(NOORD_URL);
  await page.getByTestId('new-portal-detail').click();
  await expect(page.getByTestId('portal-domain')).toContainText('noord.localhost');
  await expect(page.getByTestId('portal-status')).toHaveText('Open');
  // Support runs portals but does not export their data.
  await expect(page.getByTestId('portal-export-panel')).toHaveCount(0);
  await expectNoViolations(page);
  const portalId = page.url().split('/').at(-1)!;

  // The invitation, in Dutch (the portal's primary language), links to the new portal's address.
  let invitation = '';
  await expect
    .poll(() => (invitation = mailTo(ADMIN_EMAIL) ?? ''), { timeout: 20_000 })
    .toContain(`${NOORD_URL}/auth/password/reset?token=`);
  expect(invitation).toMatch(/wachtwoord/i);
  const link = /(http:\/\/noord\.localhost:\d+\/auth\/password\/reset\?token=[^\s"<]+)/.exec(invitation)![1]!;

  // The admin, in a browser of their own, chooses a password and is signed in on noord.localhost.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto(link);
  const passwords = adminPage.locator('input[type="password"]');
  await passwords.nth(0).fill('noord-wachtwoord-2026');
  await passwords.nth(1).fill('noord-wachtwoord-2026');
  await adminPage.locator('form button[type="submit"]').click();
  await expect(adminPage).toHaveURL(new RegExp(`^${NOORD_URL}/`));
  await expect(
    adminPage.getByText('Academie Noord', { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible({ timeout: 30_000 });
  // Signing in again with the new password works (from the page: only the browser resolves *.localhost).
  const signInFrom = (from: Page, email: string, password: string) =>
    from.evaluate(
      async ([email, password]) =>
        (
          await fetch('/api/auth/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
            body: JSON.stringify({ email, password }),
          })
        ).status,
      [email, password] as const,
    );
  expect(await signInFrom(adminPage, ADMIN_EMAIL, 'noord-wachtwoord-2026')).toBe(200);
  await adminContext.close();

  // Another portal's academy admin: Academie Noord's resources do not exist for them.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(`${SECOND_PORTAL_URL}/auth`);
  expect(await signInFrom(otherPage, 'second-admin@leerpad.test', PASSWORD)).toBe(200);
  for (const path of [`/api/v1/portals/${portalId}`, `/api/v1/portals/${portalId}/portal_domains`]) {
    const status = await otherPage.evaluate(async (url) => (await fetch(url)).status, path);
    expect(status, path).toBe(404);
  }
  await other.close();
});
