/**
 * The accessibility sweep: axe (every WCAG 2.0–2.2 A and AA rule, the best practices and the
 * visible-label rule, see axe.ts) on every page each demo account reaches from its menu and its
 * account menu, on a desktop (1366×900) and a phone (390×844) screen, once with the first-visit tour
 * open, and a few pages one step below the menus (an order, a course). Any violation fails, whatever
 * its impact. The pages come from the menus themselves, so a new menu entry is swept without
 * touching this file.
 */
import type { Page } from '@playwright/test';
import { SECOND_PORTAL_URL, THIRD_PORTAL_URL } from '../playwright.config';
import { violations } from './axe';
import { dismissTour, expect, signIn, signInWithForm, test, type AccountName } from './fixtures';

const SCREENS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** The account menu's own pages, which every signed-in account has. */
const ACCOUNT_PAGES = ['/notifications', '/account/orders', '/account/details', '/account/primary-coach'];

/** A page one step below a menu page: the first link of a list that matches `link`. */
interface DetailPage {
  list: string;
  link: string;
}

const ORDER: DetailPage = {
  list: '/admin/sales/orders',
  link: 'main a[href^="/admin/sales/orders/"]:not([href$="/create"])',
};

const sweeps: Array<{ account: AccountName; home: string; origin?: string; details?: DetailPage[] }> = [
  { account: 'admin', home: '/admin/dashboard', details: [ORDER] },
  { account: 'support', home: '/admin/dashboard' },
  { account: 'sales', home: '/admin/dashboard', details: [ORDER] },
  { account: 'author', home: '/admin/dashboard' },
  {
    account: 'coach',
    home: '/coach/dashboard',
    details: [{ list: '/coach/students', link: 'main a[href^="/coach/students/"]' }],
  },
  {
    account: 'student',
    home: '/catalog',
    details: [
      { list: '/courses', link: 'main a[href^="/courses/"]' },
      { list: '/catalog', link: 'main a[href^="/catalog/"]' },
    ],
  },
  { account: 'nosub', home: '/catalog' },
  { account: 'secondStudent', home: '/catalog', origin: SECOND_PORTAL_URL },
  { account: 'thirdStudent', home: '/catalog', origin: THIRD_PORTAL_URL },
];

/**
 * Signs in with the first-visit tour still to come; on another portal through its form (its host
 * name resolves only in the browser), where the tour shows when that account has not seen it yet.
 */
async function signInOn(page: Page, account: AccountName, origin: string | undefined): Promise<void> {
  if (!origin) {
    await signIn(page, account, { keepTour: true });
    return;
  }
  await signInWithForm(page, account, `${origin}/auth`);
  await expect(page).not.toHaveURL(/\/auth/);
}

/** The home page with the tour open is checked too; then the tour is closed for the rest. */
async function sweepTour(page: Page, home: string, expectTour: boolean, found: string[]): Promise<void> {
  // Another test signing in as the same account at the same time records the tour as seen on the
  // server; the page is told it has not been seen, so the open tour is swept all the same.
  const unseen = (url: URL) => /\/api\/v1\/accounts\/[^/]+\/preferences$/.test(url.pathname);
  if (expectTour)
    await page.route(unseen, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { data: [] } }) : route.fallback(),
    );
  await page.goto(home);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  const tour = page.getByTestId('onboarding-tour');
  if (expectTour) await expect(tour).toBeVisible();
  if (await tour.isVisible())
    for (const violation of await violations(page)) found.push(`${home} (tour open): ${violation}`);
  await dismissTour(page);
  if (expectTour) await page.unroute(unseen);
}

/** The first page each list links to. */
async function detailPages(page: Page, base: string, details: DetailPage[]): Promise<string[]> {
  const pages: string[] = [];
  for (const { list, link } of details) {
    await page.goto(`${base}${list}`);
    const first = page.locator(link).first();
    await expect(first).toBeVisible();
    pages.push(new URL((await first.getAttribute('href')) ?? '', 'http://localhost').pathname);
  }
  return pages;
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

for (const { account, home, origin, details = [] } of sweeps) {
  for (const screen of SCREENS) {
    test(`axe finds no violation on the pages of ${account} (${screen.name})`, async ({ page }) => {
      test.setTimeout(240_000);
      const base = origin ?? '';
      await signInOn(page, account, origin);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const found: string[] = [];
      await sweepTour(page, `${base}${home}`, !origin, found);
      const pages = await menuPages(page, `${base}${home}`);
      expect(pages.length).toBeGreaterThan(ACCOUNT_PAGES.length);
      pages.push(...(await detailPages(page, base, details)));
      // An account with many pages (admin) gets the time they take, on a busy machine too.
      test.setTimeout(120_000 + pages.length * 30_000);
      await page.setViewportSize({ width: screen.width, height: screen.height });
      for (const path of pages) {
        await page.goto(`${base}${path}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
        for (const violation of await violations(page)) found.push(`${path}: ${violation}`);
      }
      expect(found).toEqual([]);
    });
  }
}
