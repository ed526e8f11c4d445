import { PORT } from '../playwright.config';
import {
  ACCOUNTS,
  PASSWORD,
  dismissTour,
  endSession,
  expect,
  mailTo,
  signIn,
  signInWithForm,
  test,
  trackRequests,
} from './fixtures';

test.describe('signing in', () => {
  test('the student lands on the catalog with the student menu and their coach', async ({ page }) => {
    await signInWithForm(page, 'student');
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogus' })).toBeVisible();
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByTestId('menu-environment')).toHaveText('Student');
    for (const entry of ['Catalogus', 'Mijn cursussen', 'Portfolio', 'Profiel']) {
      await expect(menu.getByRole('link', { name: entry })).toBeVisible();
    }
    await expect(menu.getByTestId('primary-coach')).toContainText('Carla Coach');
    await expect(menu.getByTestId('primary-coach')).toContainText('coach@leerpad.test');
    await expect(menu.getByTestId('environment-switch')).toHaveCount(0);
    await expect(page.getByTestId('breadcrumbs').getByTestId('environment-badge')).toHaveText('Student');
  });

  test('the coach lands on the coach dashboard with the coach menu', async ({ page }) => {
    await signInWithForm(page, 'coach');
    await expect(page).toHaveURL(/\/coach\/dashboard$/);
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByTestId('menu-environment')).toHaveText('Coach');
    for (const entry of [
      'Dashboard',
      'Cursussen',
      'Studenten',
      'Mentees',
      'Tickets',
      'Nieuws',
      'Goedkeuringen',
    ]) {
      await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
    }
    await expect(menu.getByTestId('primary-coach')).toHaveCount(0);
  });

  test('the admin lands on the admin dashboard with every admin group', async ({ page }) => {
    await signInWithForm(page, 'admin');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByTestId('menu-environment')).toHaveText('Beheer');
    for (const group of [
      'Cursussen',
      'Certificeringen',
      'Verkoop',
      'Marketing',
      'Ondersteuning',
      'Academybeheer',
    ]) {
      await expect(menu.getByRole('heading', { name: group })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Functievlaggen' })).toBeVisible();
    // The account-support feature is on: accounts live under /admin/accounts.
    await expect(menu.getByRole('link', { name: 'Gebruikers' })).toHaveAttribute('href', '/admin/accounts');
    await expect(page.getByTestId('support-palette-button')).toHaveCount(0);
  });

  test('support lands on the admin dashboard with the support menu and palette button', async ({ page }) => {
    await signInWithForm(page, 'support');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByRole('link', { name: 'Gebruikers' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Aankondigingen' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Functievlaggen' })).toHaveCount(0);
    await expect(menu.getByRole('heading', { name: 'Verkoop' })).toHaveCount(0);
    await dismissTour(page);
    await page.getByTestId('support-palette-button').click();
    await expect(page.getByRole('dialog', { name: 'Supportpalet' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog', { name: 'Supportpalet' })).toBeVisible();
  });

  test.describe('with the expected 422 in the console', () => {
    test.use({ allowConsoleErrors: ['status of 422'] });
    test('a wrong password is refused with a clear message', async ({ page }) => {
      await page.goto('/auth');
      await page.getByLabel(/e-mail/i).fill(ACCOUNTS.student);
      await page.locator('input[name="password"]').fill(`${PASSWORD}-wrong`);
      await page.locator('form button[type="submit"]').click();
      await expect(page.getByText('Het e-mailadres of wachtwoord klopt niet.')).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
    });
  });

  test('the form validates before sending', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel(/e-mail/i).fill('not-an-address');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText('Dit veld moet een geldig e-mailadres bevatten.')).toBeVisible();
    await expect(page.getByText('Dit veld is verplicht.')).toBeVisible();
  });

  test('a signed-out visit to a protected page returns there after signing in', async ({ page }) => {
    await page.goto('/notifications?page=2');
    await expect(page).toHaveURL(/\/auth\?returnTo=%2Fnotifications%3Fpage%3D2$/);
    await page.getByLabel(/e-mail/i).fill(ACCOUNTS.student);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/notifications\?page=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
  });

  test('an unsafe returnTo is ignored', async ({ page }) => {
    await page.goto('/auth?returnTo=%2F%2Fevil.example');
    await page.getByLabel(/e-mail/i).fill(ACCOUNTS.coach);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`localhost:${PORT}/coach/dashboard$`));
  });

  test('a page the account may not see shows a 403 state, never the page', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/admin/settings/feature-flags');
    await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
    await expect(page.locator('[data-page="admin_feature_flags"]')).toHaveCount(0);
    await page.goto('/coach/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  });

  test("staff see the menu entries and pages of their own permissions, and a 403 state for others'", async ({
    page,
  }) => {
    await signIn(page, 'author');
    await page.goto('/admin/dashboard');
    const menu = page.getByTestId('main-menu');
    await expect(menu.getByRole('link', { name: 'Alle cursussen' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Bestellingen' })).toHaveCount(0);
    await page.goto('/admin/sales/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();

    await endSession(page);
    await signIn(page, 'sales');
    await page.goto('/admin/dashboard');
    await expect(menu.getByRole('link', { name: 'Bestellingen' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Alle cursussen' })).toHaveCount(0);
    await page.goto('/admin/courses');
    await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  });

  test('support may not open an admin-only page', async ({ page }) => {
    await signIn(page, 'support');
    await page.goto('/admin/settings/feature-flags');
    await expect(page.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  });

  test('signing out shows the sign-in page with its toast', async ({ page }) => {
    await signIn(page, 'coach');
    await page.goto('/coach/dashboard');
    await dismissTour(page);
    await page.getByTestId('account-menu-trigger').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/auth\?loggedOut=true$/);
    await expect(page.getByRole('status').filter({ hasText: 'Je bent uitgelogd.' })).toBeVisible();
    await page.goto('/coach/dashboard');
    await expect(page).toHaveURL(/\/auth\?returnTo=/);
  });

  test.describe('with the expected 401 in the console', () => {
    test.use({ allowConsoleErrors: ['status of 401'] });
    test('a session that ends elsewhere shows the time-out warning', async ({ page, context }) => {
      await signIn(page, 'coach');
      const requests = trackRequests(page);
      await page.goto('/coach/dashboard');
      await dismissTour(page);
      await expect(page.getByTestId('main-menu')).toBeVisible();
      // The dashboard's own requests have all been answered (and for a whole second, so that none
      // of its later ones is still to come on a busy machine): the first request to meet the ended
      // session is the one the click makes.
      await requests.quiet(1000);
      await context.clearCookies();
      // The next call gets a 401, which asks the server for the session (ping): it has ended.
      await page.getByTestId('account-menu-trigger').click();
      await page.getByRole('menuitem', { name: 'Meldingen' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Je sessie is verlopen' })).toBeVisible();
      await expect(page).toHaveURL(/\/auth\?returnTo=%2Fnotifications$/);
    });
  });
});

test.describe('trying for free', () => {
  // The used-up link is refused by the API with a 422, which the page words for the visitor.
  test.use({ allowConsoleErrors: ['status of 422'] });

  /** The confirmation link in the newest message to `address`. */
  const linkMailedTo = (address: string): string | undefined =>
    /\/auth\/register\/confirm\?token=[^\s"<]+/.exec(mailTo(address) ?? '')?.[0];

  test('a visitor signs up, opens the link from the e-mail and starts signed in, once', async ({ page }) => {
    const address = `visitor-${Date.now()}@example.com`;
    await page.goto('/auth/login/register');
    await page.getByLabel('Volledige naam').fill('Vera Visitor');
    await page.getByLabel(/e-mail/i).fill(address);
    await page.locator('input[name="password"]').fill('a long password');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect(page.getByRole('status')).toContainText(`We hebben een link gestuurd naar ${address}`);

    await expect.poll(() => linkMailedTo(address), { timeout: 15_000 }).toBeDefined();
    const link = linkMailedTo(address)!;
    await page.goto(link);
    await page.getByRole('button', { name: 'Bevestigen en beginnen' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogus' })).toBeVisible();

    // The same link again, signed out: used up.
    await endSession(page);
    await page.goto(link);
    await page.getByRole('button', { name: 'Bevestigen en beginnen' }).click();
    await expect(page.getByText('Deze aanmeldlink is ongeldig, al gebruikt of verlopen.')).toBeVisible();
  });
});
