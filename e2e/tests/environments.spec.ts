import { dismissTour, endSession, expect, rewriteMe, signIn, signInWithForm, test } from './fixtures';

test.describe('environment switch', () => {
  test('is shown to a coach, with their one environment marked current', async ({ page }) => {
    await signIn(page, 'coach');
    await page.goto('/coach/dashboard');
    const environmentSwitch = page.getByTestId('environment-switch');
    await expect(environmentSwitch.getByRole('link')).toHaveCount(1);
    await expect(environmentSwitch.getByRole('link', { name: /Coach/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('is hidden from an account with a single non-coach role', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/dashboard');
    await expect(page.getByTestId('main-menu')).toBeVisible();
    await expect(page.getByTestId('environment-switch')).toHaveCount(0);
  });

  test('moves an account with several roles between its environments', async ({ page }) => {
    // No demo account holds two roles, so the admin is given the coach role on the way in.
    await rewriteMe(page, (me) => {
      me.data.attributes.roles = ['admin', 'coach'];
    });
    await signIn(page, 'admin');
    await page.goto('/admin/dashboard');
    const environmentSwitch = page.getByTestId('environment-switch');
    await expect(environmentSwitch.getByRole('link')).toHaveText([/Coach/, /Beheer/]);

    await environmentSwitch.getByRole('link', { name: /Coach/ }).click();
    await expect(page).toHaveURL(/\/coach\/dashboard$/);
    await expect(page.getByTestId('menu-environment')).toHaveText('Coach');
    await expect(page.getByTestId('environment-badge')).toHaveText('Coach');
    await expect(page.getByTestId('main-menu').getByRole('link', { name: 'Studenten' })).toBeVisible();

    await page
      .getByTestId('environment-switch')
      .getByRole('link', { name: /Beheer/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId('menu-environment')).toHaveText('Beheer');
  });
});

test.describe('shell', () => {
  test('breadcrumbs: a badge to the environment home and a crumb per segment', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/settings/feature-flags');
    const crumbs = page.getByTestId('breadcrumbs');
    await expect(crumbs.getByTestId('environment-badge')).toHaveAttribute('href', '/admin/dashboard');
    await expect(crumbs.getByRole('link', { name: 'Instellingen' })).toHaveAttribute(
      'href',
      '/admin/settings',
    );
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Functievlaggen');
    await crumbs.getByRole('link', { name: 'Instellingen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Academybeheer' })).toBeVisible();

    await page.goto('/admin/accounts/2?returnTo=%2Fadmin%2Faccounts');
    await expect(crumbs.getByTestId('environment-badge')).toHaveAttribute('href', '/admin/accounts');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText('Sam Student');
  });

  test('the menu on a narrow screen: closes on route change, locks scrolling, Escape closes', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 780 });
    await signIn(page, 'coach');
    await page.goto('/coach/dashboard');
    const menu = page.getByTestId('main-menu');
    await expect(menu).toHaveCount(0);
    const toggle = page.getByTestId('menu-toggle');
    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(toggle).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await toggle.click();
    await menu.getByRole('link', { name: 'Studenten' }).click();
    await expect(page).toHaveURL(/\/coach\/students$/);
    await expect(menu).toHaveCount(0);
  });

  test('on a wide screen the menu stays open across pages and remembers being closed', async ({ page }) => {
    await signIn(page, 'coach');
    await page.goto('/coach/dashboard');
    const menu = page.getByTestId('main-menu');
    await menu.getByRole('link', { name: 'Nieuws' }).click();
    await expect(page).toHaveURL(/\/coach\/news$/);
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Nieuws' })).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('menu-toggle').click();
    await expect(menu).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    await expect(menu).toHaveCount(0);
  });

  test('the menu tour shows once, on the menu button, and is recorded', async ({ page }) => {
    // Not yet seen, whatever other tests recorded for this account; then a sign-in as a person does it.
    await signIn(page, 'support', { keepTour: true });
    await endSession(page);
    await signInWithForm(page, 'support');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const tour = page.getByTestId('onboarding-tour');
    await expect(tour).toBeVisible();
    const saved = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/preferences'),
    );
    await tour.getByRole('button', { name: 'Begrepen' }).click();
    expect((await saved).postDataJSON()).toEqual({ property: 'onboarding-features', payload: 'main-menu@1' });
    await expect(tour).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(tour).toHaveCount(0);
  });

  test('#give-feedback opens the feedback modal and clears the hash; the modal closes on route change', async ({
    page,
  }) => {
    await signIn(page, 'coach');
    await page.goto('/coach/dashboard#give-feedback');
    const dialog = page.getByRole('dialog', { name: 'Feedback geven' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
    await page.evaluate(() => window.history.pushState({}, '', '/coach/news'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect(page).toHaveURL(/\/coach\/news$/);
    await expect(dialog).toHaveCount(0);
  });

  test('the account menu opens the feedback modal for coaches and admins', async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto('/admin/dashboard');
    await page.getByTestId('account-menu-trigger').click();
    const accountMenu = page.getByTestId('account-menu');
    await expect(accountMenu.getByRole('menuitem', { name: 'Hulp en kennisbank' })).toHaveAttribute(
      'href',
      'https://help.leerpad.test',
    );
    await accountMenu.getByRole('menuitem', { name: 'Feedback geven' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback geven' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Feedback versturen' }).click();
    await expect(dialog.getByText('Dit veld is verplicht.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  test('students get no feedback entry', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/catalog');
    await dismissTour(page);
    await page.getByTestId('account-menu-trigger').click();
    await expect(
      page.getByTestId('account-menu').getByRole('menuitem', { name: 'Abonnement' }),
    ).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Feedback geven' })).toHaveCount(0);
  });
});
