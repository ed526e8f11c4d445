/**
 * The whole story of a new portal: the support operator creates Academie Noord with the wizard (its
 * addresses, Dutch and English, the subscription model, a green theme and a logo; a colour pair that
 * fails WCAG AA is refused first); its invited admin chooses a password from the mail, signs in on the
 * portal's own address and sees the logo and the green; other portals' people cannot reach any of it.
 */
import { LEARNING_PORT, LEARNING_SECOND_PORTAL_URL } from '../playwright.config';
import { expectNoViolations } from './axe';
import type { Page } from '@playwright/test';
import { expect, mailTo, PASSWORD, signIn, test, viewIn } from './fixtures';

const NOORD_URL = `http://noord.localhost:${LEARNING_PORT}`;
const ADMIN_EMAIL = 'beheer@noord.test';
const GREEN = 'rgb(22, 101, 52)';
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40">
  <rect width="40" height="40" rx="8" fill="#166534"/>
  <text x="50" y="27" font-size="20" font-family="sans-serif" fill="#14532d">Noord</text>
</svg>`;

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

  // Step 4: colours and logo. A light green fails as link text: refused, with the pair named.
  await expect(page.getByRole('heading', { level: 2, name: 'Colours and logo' })).toBeVisible();
  const primary = page.getByRole('textbox', { name: 'Primary colour (optional)', exact: true });
  await primary.fill('#a3e635');
  const pairMessage =
    /The primary colour #a3e635 as link text on white has contrast \d\.\d:1; WCAG AA needs 4\.5:1\./;
  await expect(page.getByTestId('contrast-warnings')).toContainText(pairMessage);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Colours and logo' })).toBeVisible();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await expect(primary).toBeFocused();
  await expect(page.getByText(/^Choose a darker primary colour\./)).toContainText(pairMessage);
  await primary.fill('#166534');
  await expect(page.getByTestId('contrast-warnings')).toBeEmpty();
  await page.getByRole('textbox', { name: 'Secondary colour (optional)', exact: true }).fill('#a3e635');
  await page.getByLabel('Logo (optional)').setInputFiles({
    name: 'noord-logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(LOGO),
  });
  await expect(page.getByTestId('wizard-logo-preview')).toBeVisible();
  await expectNoViolations(page);
  await page.getByTestId('wizard-next').click();

  // Step 5: the first admin.
  await page.getByLabel('Full name').fill('Nora Noord');
  await page.getByLabel('E-mail address').fill(ADMIN_EMAIL);
  await page.getByTestId('wizard-next').click();

  // Step 6: review, then create. The address is the second portal's: the server's 409 brings the
  // wizard back to the first step, with the message at the field.
  const review = page.getByTestId('portal-review');
  await expect(review).toContainText('Academie Noord');
  await expect(review).toContainText('Dutch, English');
  await expect(review).toContainText('Subscription');
  await expect(review).toContainText('#166534');
  await expect(review).toContainText('#a3e635');
  await expect(review).toContainText('noord-logo.svg');
  await expect(review.getByTestId('wizard-logo-preview')).toBeVisible();
  await expectNoViolations(page);
  await page.getByTestId('create-portal').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Name and addresses' })).toBeVisible();
  await expect(page.getByText('Another portal already uses the address second.localhost.')).toBeVisible();
  await expect(page.getByLabel('Primary address')).toBeFocused();
  await page.getByLabel('Primary address').fill('noord.localhost');
  for (let step = 0; step < 5; step++) await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('portal-review')).toContainText('noord-logo.svg');
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
  // The portal's logo in the header, and its green on the page.
  const headerLogo = adminPage.locator('header').getByRole('img', { name: 'Academie Noord' }).first();
  await expect(headerLogo).toBeVisible({ timeout: 30_000 });
  await expect(headerLogo).toHaveAttribute('src', new RegExp(`^/api/v1/portals/\\d+/logo/[0-9a-f-]+\\.svg$`));
  expect(await headerLogo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(adminPage.locator('.bg-primary').filter({ visible: true }).first()).toHaveCSS(
    'background-color',
    GREEN,
  );
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
  // A course of Academie Noord, made by its admin.
  const noordCourse = await adminPage.evaluate(async () => {
    const response = await fetch('/api/v1/courses', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ data: { type: 'courses', attributes: { title: 'Noord: de basis' } } }),
    });
    return { status: response.status, id: ((await response.json()) as { data?: { id: string } }).data?.id };
  });
  expect(noordCourse.status).toBe(201);
  await adminContext.close();

  // Another portal's academy admin: nothing of Academie Noord exists for them.
  const noordThings = [
    `/api/v1/portals/${portalId}`,
    `/api/v1/portals/${portalId}/portal_domains`,
    `/api/v1/courses/${noordCourse.id}`,
  ];
  const statusesFor = async (url: string, email: string) => {
    const context = await browser.newContext();
    const other = await context.newPage();
    await other.goto(`${url}/auth`);
    expect(await signInFrom(other, email, PASSWORD)).toBe(200);
    const statuses: Record<string, number> = {};
    for (const path of noordThings)
      statuses[path] = await other.evaluate(async (target) => (await fetch(target)).status, path);
    await context.close();
    return statuses;
  };
  const notFound = Object.fromEntries(noordThings.map((path) => [path, 404]));
  expect(await statusesFor(LEARNING_SECOND_PORTAL_URL, 'second-admin@leerpad.test')).toEqual(notFound);
  // The first portal's admin is platform staff (decision 057): they manage every portal's record and
  // addresses, but Academie Noord's content does not exist on the first portal's address.
  expect(await statusesFor(`http://localhost:${LEARNING_PORT}`, 'admin@leerpad.test')).toEqual({
    ...notFound,
    [`/api/v1/portals/${portalId}`]: 200,
    [`/api/v1/portals/${portalId}/portal_domains`]: 200,
  });
});
