/**
 * Wayfinding (decision 062): every menu entry, breadcrumb and in-page link a demo account is shown
 * leads to a page that opens for it — no not-found or no-access screen, and no 403 or 404 from the
 * API while the page loads — and on the Dutch and Romanian portals every crumb and the audit log's
 * action filter speak the reader's language: no English word taken from the address, no raw key.
 * It only reads: no demo data changes.
 */
import type { Page } from '@playwright/test';
import { SECOND_PORTAL_URL, THIRD_PORTAL_URL } from '../playwright.config';
import {
  dismissTour,
  expect,
  mainMenuLinks,
  signIn,
  signInWithForm,
  test,
  viewIn,
  type AccountName,
} from './fixtures';

const roles: Array<{ account: AccountName; home: string; origin?: string; language?: 'nl' | 'ro' }> = [
  { account: 'admin', home: '/admin/dashboard', language: 'nl' },
  { account: 'support', home: '/admin/dashboard', language: 'nl' },
  { account: 'sales', home: '/admin/dashboard', language: 'nl' },
  { account: 'author', home: '/admin/dashboard', language: 'nl' },
  { account: 'coach', home: '/coach/dashboard', language: 'nl' },
  { account: 'student', home: '/catalog', language: 'nl' },
  { account: 'nosub', home: '/catalog', language: 'nl' },
  { account: 'secondStudent', home: '/catalog', origin: SECOND_PORTAL_URL },
  { account: 'thirdStudent', home: '/catalog', origin: THIRD_PORTAL_URL, language: 'ro' },
];

/** The account menu's pages, which every signed-in account has. */
const ACCOUNT_PAGES = ['/notifications', '/account/orders', '/account/details', '/account/primary-coach'];

/**
 * Addresses not followed: those that are no app page (sign-in, files, the API), and the course
 * player, whose video keeps the place reached when it is left (a visit would change demo progress).
 */
const NOT_FOLLOWED = /^\/(auth|api|files|xapi|lti|scorm)(\/|$)|^\/courses\/\d+/;

/**
 * Words that are the same in the reader's language as in the address (reviewed-same-as-english.json
 * lists them as translations): such a crumb is the translated title, not the address shown.
 */
const SAME_WORDS: Record<'nl' | 'ro', string[]> = {
  nl: ['Dashboard', 'Coach', 'Account', 'Marketing', 'Portfolio', 'Tickets', 'Mentees', 'Academy', 'Student'],
  ro: ['Catalog', 'Coach', 'Marketing', 'Student'],
};

const RAW_KEY = /^[a-z][a-z_-]*(\.[a-z_-]+)+$/;

async function signInOn(page: Page, account: AccountName, origin: string | undefined): Promise<void> {
  if (!origin) {
    await signIn(page, account);
    return;
  }
  await signInWithForm(page, account, `${origin}/auth`);
  await expect(page).not.toHaveURL(/\/auth/);
  await dismissTour(page);
}

/** One address per shape: /admin/accounts/7 and /admin/accounts/8 are the same page. */
function shapeOf(path: string): string {
  const [pathname = ''] = path.split(/[?#]/, 1);
  return pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
}

function capitalised(segment: string): string {
  const text = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface Visit {
  /** What is wrong with the page, if anything. */
  problems: string[];
  /** Its breadcrumb links and in-page links to the app's own pages. */
  links: string[];
  /** The breadcrumb texts, in order. */
  crumbs: string[];
}

/**
 * Opens an address the way a followed link does: inside the running app (the router hears the
 * history change), so every page does not boot the app again.
 */
async function open(page: Page, path: string): Promise<void> {
  // The heading of the page being left is marked, so the next page is known by an unmarked one.
  await page
    .locator('#main h1')
    .evaluateAll((headings) => headings.forEach((heading) => heading.setAttribute('data-left', '')));
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // A page drawn by the same component as the last one keeps its heading element: then this waits out.
  await page
    .locator('#main h1:not([data-left])')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
}

async function visit(page: Page, path: string): Promise<Visit> {
  const refused: string[] = [];
  const onResponse = (response: { status(): number; url(): string }) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && [403, 404].includes(response.status()))
      refused.push(`${response.status()} ${url.pathname}`);
  };
  page.on('response', onResponse);
  try {
    await open(page, path);
    const main = page.locator('#main');
    const problems: string[] = [];
    try {
      await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    } catch {
      return { problems: [`${path}: did not show a page`], links: [], crumbs: [] };
    }
    const errorKinds = await page
      .locator('[data-error-kind]')
      .evaluateAll((blocks) => blocks.map((block) => block.getAttribute('data-error-kind')));
    for (const kind of errorKinds) problems.push(`${path}: shows the ${kind} screen`);
    for (const response of refused) problems.push(`${path}: the API answered ${response}`);
    const links = await main
      .locator('a[href^="/"]:not([download])')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
    const crumbs = await page.getByTestId('crumb').allInnerTexts();
    return { problems, links: links.filter((href) => !NOT_FOLLOWED.test(href)), crumbs };
  } finally {
    page.off('response', onResponse);
  }
}

/** Crumbs that repeat a word of the address in English, or show a raw key. */
function untranslated(path: string, crumbs: string[], language: 'nl' | 'ro'): string[] {
  const addressWords = new Set(path.split(/[?#]/, 1)[0]!.split('/').filter(Boolean).map(capitalised));
  return crumbs
    .map((crumb) => crumb.trim())
    .filter(
      (crumb) => RAW_KEY.test(crumb) || (addressWords.has(crumb) && !SAME_WORDS[language].includes(crumb)),
    )
    .map((crumb) => `${path}: crumb "${crumb}"`);
}

for (const { account, home, origin, language } of roles) {
  test(`every menu entry, crumb and in-page link of ${account} opens a page`, async ({ page }) => {
    test.setTimeout(600_000);
    const base = origin ?? '';
    await signInOn(page, account, origin);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${base}${home}`);
    const menuLinks = await mainMenuLinks(page);
    const start = [...menuLinks.filter((href) => href.startsWith('/')), ...ACCOUNT_PAGES];
    expect(start.length).toBeGreaterThan(ACCOUNT_PAGES.length);

    // Menu pages, then the links found on them (one level deep), one address per shape.
    const seen = new Set<string>();
    const problems: string[] = [];
    const next: string[] = [];
    const queue = (path: string, into: string[]) => {
      const shape = shapeOf(path);
      if (seen.has(shape)) return;
      seen.add(shape);
      into.push(path);
    };
    const first: string[] = [];
    for (const path of start) queue(path, first);
    for (const [level, paths] of [first, next].entries()) {
      for (const path of paths) {
        const found = await visit(page, path);
        problems.push(...found.problems);
        if (language) problems.push(...untranslated(path, found.crumbs, language));
        if (level === 0) for (const link of found.links) queue(link, next);
      }
    }
    expect(problems).toEqual([]);
  });
}

test('the audit log names its actions in Dutch and in Romanian, never by key', async ({ page }) => {
  await signIn(page, 'admin');
  for (const language of ['nl', 'ro'] as const) {
    if (language === 'ro') await viewIn(page, 'ro');
    await page.goto('/admin/settings/audit');
    const filter = page.locator('#main select').first();
    await expect(filter).toBeVisible({ timeout: 30_000 });
    const labels = await filter.locator('option').allInnerTexts();
    expect(labels.length).toBeGreaterThan(30);
    expect(labels.filter((label) => RAW_KEY.test(label.trim()))).toEqual([]);
    const crumbs = await page.getByTestId('crumb').allInnerTexts();
    expect(untranslated('/admin/settings/audit', crumbs, language)).toEqual([]);
  }
});

test.describe('addresses around pages', () => {
  // A certificate code that does not exist is looked up, and the API answers 404: that is the page.
  test.use({ allowConsoleErrors: ['status of 404'] });

  test('crumbs of addresses that are no page of their own speak the reader language and lead nowhere', async ({
    page,
  }) => {
    await signInWithForm(page, 'thirdStudent', `${THIRD_PORTAL_URL}/auth`);
    await expect(page).not.toHaveURL(/\/auth/);
    await dismissTour(page);
    for (const path of ['/account/orders/checkout/1', '/verify/NOPE']) {
      await page.goto(`${THIRD_PORTAL_URL}${path}`);
      const crumbs = page.getByTestId('crumb');
      await expect(crumbs.last()).toBeVisible({ timeout: 30_000 });
      expect(untranslated(path, await crumbs.allInnerTexts(), 'ro')).toEqual([]);
      // Only real pages the reader may open are links.
      const hrefs = await page
        .getByTestId('breadcrumbs')
        .locator('[data-testid="crumb"] a')
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
      expect(hrefs.filter((href) => /\/(checkout|verify)$/.test(href ?? ''))).toEqual([]);
    }
  });
});

test('a Romanian student on an academy without a price list is told so, without a 404', async ({ page }) => {
  const notFound: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 404) notFound.push(new URL(response.url()).pathname);
  });
  await signInWithForm(page, 'thirdStudent', `${THIRD_PORTAL_URL}/auth`);
  await expect(page).not.toHaveURL(/\/auth/);
  await dismissTour(page);
  await page.goto(`${THIRD_PORTAL_URL}/account/orders/pricing`);
  await expect(page.getByText('Această academie nu are o listă de prețuri')).toBeVisible({ timeout: 30_000 });
  expect(notFound).toEqual([]);
});
