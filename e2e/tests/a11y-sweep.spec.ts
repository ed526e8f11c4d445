/**
 * The accessibility sweep: axe (every WCAG 2.0–2.2 A and AA rule, the best practices and the
 * visible-label rule, see axe.ts) on every page each demo account reaches from its menu and its
 * account menu, on a desktop (1366×900) and a phone (390×844) screen, once with the first-visit tour
 * open, and a few pages one step below the menus (an order, a course). Any violation fails, whatever
 * its impact. The pages come from the menus themselves, so a new menu entry is swept without
 * touching this file. After the home page, each page is opened as the app's links open it (no reload).
 */
import type { Page } from '@playwright/test';
import { SECOND_PORTAL_URL, THIRD_PORTAL_URL } from '../playwright.config';
import { violations } from './axe';
import {
  dismissTour,
  expect,
  mainMenuLinks,
  signIn,
  signInWithForm,
  test,
  trackRequests,
  type AccountName,
} from './fixtures';

// Each account and screen is a test of its own, shared out over the project's workers: the sweep is
// the longest file of the browser suite.
test.describe.configure({ mode: 'parallel' });

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
 * Signs in; on another portal through its form (its host name resolves only in the browser), where
 * the tour shows when that account has not seen it yet. On the first portal the tour is recorded as
 * seen, as for every other spec signing in as these accounts at the same time: this one is shown it
 * by `sweepTour`, in its own browser only.
 */
async function signInOn(page: Page, account: AccountName, origin: string | undefined): Promise<void> {
  if (!origin) {
    await signIn(page, account);
    return;
  }
  await signInWithForm(page, account, `${origin}/auth`);
  await expect(page).not.toHaveURL(/\/auth/);
}

/**
 * Opens a page as the app's own links do, without a reload, so axe stays loaded in the document; then
 * waits until a page is on screen for the address (the shell's `data-path` names it) and its requests
 * are answered.
 */
async function openInApp(page: Page, path: string, requests: { quiet: () => Promise<void> }): Promise<void> {
  await page.evaluate((to) => {
    if (`${location.pathname}${location.search}` === to) return;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Where the app has redirected to, if it has, shown.
  await page.waitForFunction(() => document.querySelector('main')?.dataset.path === location.pathname);
  await requests.quiet();
}

/** The home page with the tour open is checked too; then the tour is closed for the rest. */
async function sweepTour(page: Page, home: string, expectTour: boolean, found: string[]): Promise<void> {
  // The page is told the tour has not been seen (the account has, on the server), so the open tour
  // is swept without changing what other specs signed in as this account see.
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
  const hrefs = await mainMenuLinks(page);
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
      const requests = trackRequests(page);
      await page.goto(`${base}${home}`);
      for (const path of pages) {
        await openInApp(page, path, requests);
        // A page with frames (a PDF, a package) is loaded afresh for axe to go into each frame, as
        // before the sweep moved through the app without reloading.
        if (page.frames().length > 1) await page.goto(`${base}${path}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
        for (const violation of await violations(page)) found.push(`${path}: ${violation}`);
      }
      expect(found).toEqual([]);
    });
  }
}

test('the check finds what is wrong, on a page and inside a frame on it', async ({ page }) => {
  await signIn(page, 'student');
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // An image without a text alternative, put on the page as it stands (axe is loaded in it by now).
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = '/favicon.ico';
    image.id = 'planted-image';
    document.querySelector('main')?.append(image);
  });
  expect(await violations(page)).toContainEqual(
    expect.stringMatching(/^image-alt \(critical\): #planted-image$/),
  );
  // A frame without a title, holding such an image: the frames of a page are checked too.
  await page.evaluate(() => {
    document.getElementById('planted-image')?.remove();
    const frame = document.createElement('iframe');
    frame.id = 'planted-frame';
    frame.srcdoc =
      '<!doctype html><html lang="en"><title>x</title><main><img src="/favicon.ico" id="in-frame"></main></html>';
    document.querySelector('main')?.append(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  const found = await violations(page);
  expect(found).toContainEqual(expect.stringMatching(/^frame-title \(serious\): #planted-frame$/));
  expect(found).toContainEqual(expect.stringMatching(/^image-alt \(critical\): #planted-frame #in-frame$/));
});
