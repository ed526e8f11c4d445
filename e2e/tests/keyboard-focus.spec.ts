/**
 * Where the focus is after each step of a staff member's day by keyboard (decision 061): signing in
 * puts it on the home page's title, a menu link on the new page's title, a save leaves it on the
 * button that saved, a closed dialog and the support palette give it back to what opened them. Never
 * on <body>.
 */
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, PASSWORD, expect, test, tourOpens, type AccountName } from './fixtures';

/** Presses Tab (or Shift+Tab) until the element has focus; fails when it is not reached. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 80 } = {}): Promise<void> {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The focus is on this element, not on <body>, and the keyboard user can see where it is. */
async function expectFocusOn(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  // A page that draws its title again once its data is in gives the focus back to the new title.
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await expect(target).toBeFocused();
  expect(await target.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
}

const title = (page: Page, name?: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, ...(name ? { name } : {}) });

/** Signs in with the keyboard alone; the home page's title takes the focus. */
async function signInByKeyboard(page: Page, account: AccountName, home: RegExp): Promise<void> {
  await page.goto('/auth');
  await tabTo(page, page.getByLabel(/e-mail/i));
  await page.keyboard.type(ACCOUNTS[account]);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(home);
  await expect(title(page)).toBeVisible({ timeout: 30_000 });
  await expectFocusOn(page, title(page));
  await dismissTourByKeyboard(page);
}

/** The first-visit tour closes with Escape and leaves the focus where it was. */
async function dismissTourByKeyboard(page: Page): Promise<void> {
  if (!(await tourOpens(page))) return;
  const tour = page.getByTestId('onboarding-tour');
  const focused = await page.evaluate(() => document.activeElement?.outerHTML);
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.outerHTML)).toBe(focused);
}

/** A link of the main menu (open on a wide screen, before <main>), followed with Enter. */
async function followMenuLink(page: Page, name: string): Promise<void> {
  const link = page.getByTestId('main-menu').getByRole('link', { name, exact: true });
  await link.focus();
  await page.keyboard.press('Enter');
  await expectFocusOn(page, title(page, name));
}

/** Saves the account's own details: the focus stays on the button, the message is announced. */
async function saveOwnDetails(page: Page): Promise<void> {
  const menuButton = page.getByRole('button', { name: /^Accountmenu van/ });
  await tabTo(page, menuButton, { back: true });
  await page.keyboard.press('Enter');
  const details = page.getByRole('menuitem', { name: 'Mijn gegevens' });
  await expect(details).toBeVisible();
  for (let step = 0; step < 8 && !(await details.evaluate((item) => item === document.activeElement)); step++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/details$/);
  await expectFocusOn(page, title(page, 'Mijn gegevens'));

  const save = page.getByRole('button', { name: 'Opslaan' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Je gegevens zijn opgeslagen.' })).toBeVisible();
  await expectFocusOn(page, save);
}

test.describe('the focus by keyboard', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  test.beforeEach(() => test.setTimeout(120_000));

  test('an admin signs in, follows the menu, opens and closes a dialog and saves', async ({ page }) => {
    await signInByKeyboard(page, 'admin', /\/admin\/dashboard$/);
    await followMenuLink(page, 'Gebruikers');

    // A dialog opened with Enter and closed with Escape gives the focus back to its button.
    const newAccount = page.getByTestId('new-account');
    await tabTo(page, newAccount);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nieuw account' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusOn(page, newAccount);

    await saveOwnDetails(page);
  });

  test('a coach signs in, follows the menu and saves', async ({ page }) => {
    await signInByKeyboard(page, 'coach', /\/coach\/dashboard$/);
    await followMenuLink(page, 'Studenten');
    await saveOwnDetails(page);
  });

  test('sales signs in, follows the menu and saves', async ({ page }) => {
    await signInByKeyboard(page, 'sales', /\/admin\/dashboard$/);
    await followMenuLink(page, 'Bestellingen');
    await saveOwnDetails(page);
  });

  test('an author signs in, follows the menu and saves', async ({ page }) => {
    await signInByKeyboard(page, 'author', /\/admin\/dashboard$/);
    await followMenuLink(page, 'Inhoudsproblemen');
    await saveOwnDetails(page);
  });

  test('support opens the palette with Ctrl+K and with its button, and gets the focus back', async ({
    page,
  }) => {
    await signInByKeyboard(page, 'support', /\/admin\/dashboard$/);
    const palette = page.getByRole('dialog');
    const search = palette.getByRole('combobox');

    // Ctrl+K from the page's title: Escape returns there.
    const home = title(page);
    await expect(home).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expectFocusOn(page, home);

    // Ctrl+K from a menu link: Escape returns to the link.
    const link = page.getByTestId('main-menu').getByRole('link').first();
    await tabTo(page, link, { back: true });
    await page.keyboard.press('Control+k');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expectFocusOn(page, link);

    // The header button: Escape returns to the button.
    const button = page.getByTestId('support-palette-button');
    await expect(button).toHaveAccessibleName(/^Support Ctrl K/);
    await tabTo(page, button, { back: true });
    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expectFocusOn(page, button);

    // A page chosen in the palette: its title takes the focus.
    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
    await page.keyboard.type('Gebruikers');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/accounts/);
    await expectFocusOn(page, title(page, 'Gebruikers'));
  });
});
