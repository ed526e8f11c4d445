/**
 * The accessibility sweep: axe (WCAG 2.1 A and AA) on every page each demo account reaches from its
 * menu and its account menu, on a desktop (1366×900) and a phone (390×844) screen. The pages come
 * from the menus themselves, so a new menu entry is swept without touching this file.
 */
import type { Page } from '@playwright/test';
import { SECOND_PORTAL_URL, THIRD_PORTAL_URL } from '../playwright.config';
import { seriousViolations } from './axe';
import { dismissTour, expect, signIn, signInWithForm, test, type AccountName } from './fixtures';

const SCREENS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The account menu's own pages, which every signed-in account has. */
const ACCOUNT_PAGES = ['/notifications', '/account/orders', '/account/details', '/account/primary-coach'];

const sweeps: Array<{ account: AccountName; home: string; origin?: string }> = [
  { account: 'admin', home: '/admin/dashboard' },
  { account: 'support', home: '/admin/dashboard' },
  { account: 'sales', home: '/admin/dashboard' },
  { account: 'author', home: '/admin/dashboard' },
  { account: 'coach', home: '/coach/dashboard' },
  { account: 'student', home: '/catalog' },
  { account: 'nosub', home: '/catalog' },
  { account: 'secondStudent', home: '/catalog', origin: SECOND_PORTAL_URL },
  { account: 'thirdStudent', home: '/catalog', origin: THIRD_PORTAL_URL },
];

/** Signs in; on another portal through its form (its host name resolves only in the browser). */
async function signInOn(page: Page, account: AccountName, origin: string | undefined): Promise<void> {
  if (!origin) {
    await signIn(page, account);
    return;
  }
  await signInWithForm(page, account, `${origin}/auth`);
  await expect(page).not.toHaveURL(/\/auth/);
  await dismissTour(page);
}

/** Every page of the account's main menu, read from the menu as it is shown on a wide screen. */
async function menuPages(page: Page, home: string): Promise<string[]> {
  await page.setViewportSize({ width: SCREENS[0].width, height: SCREENS[0].height });
  await page.goto(home);
  const menu = page.getByTestId('main-menu');
  await expect(menu).toBeVisible();
  const hrefs = await menu
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set([...hrefs.filter((href) => href.startsWith('/')), ...ACCOUNT_PAGES])];
}

for (const { account, home, origin } of sweeps) {
  for (const screen of SCREENS) {
    test(`axe finds no serious or critical violation on the pages of ${account} (${screen.name})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      const base = origin ?? '';
      await signInOn(page, account, origin);
      const pages = await menuPages(page, `${base}${home}`);
      expect(pages.length).toBeGreaterThan(ACCOUNT_PAGES.length);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(`${base}${path}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
      }
      expect(found).toEqual([]);
    });
  }
}
