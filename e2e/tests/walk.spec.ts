/**
 * A walk through every menu entry of every demo account, in nl, en and ro, on both portals: each page
 * shows its heading, no page is blank or an error, and the console stays clean (fixtures). The
 * account menu's own pages are checked for what they say about the account.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { SECOND_PORTAL_URL, THIRD_PORTAL_URL } from '../playwright.config';
import {
  ACCOUNTS,
  dismissTour,
  expect,
  mainMenuLinks,
  signIn,
  signInWithForm,
  test,
  viewIn,
} from './fixtures';

type Locale = 'nl' | 'en' | 'ro';
type Walker = 'admin' | 'support' | 'coach' | 'student' | 'secondStudent' | 'thirdStudent';

interface Texts {
  notifications: { empty: string };
  subscription: { status: Record<string, { title: string }> };
  primary_coach: { none_title: string };
}

/** The web app's own texts, so each page is checked in the language it is shown in. */
const texts = (locale: Locale): Texts =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/i18n/${locale}.json`, import.meta.url), 'utf8'));

/** What the account menu's pages show each walker, from the demo data as seeded. */
const ACCOUNT_PAGES: Record<
  Walker,
  { fullName: string; subscription: string; primaryCoach: string | null; notifications: boolean }
> = {
  admin: { fullName: 'Ada Admin', subscription: 'inactive', primaryCoach: null, notifications: true },
  support: { fullName: 'Sven Support', subscription: 'staff', primaryCoach: null, notifications: false },
  coach: { fullName: 'Carla Coach', subscription: 'inactive', primaryCoach: null, notifications: true },
  student: {
    fullName: 'Sam Student',
    subscription: 'active',
    primaryCoach: 'Carla Coach',
    notifications: true,
  },
  secondStudent: {
    fullName: 'Sophie Second',
    subscription: 'not_required',
    primaryCoach: null,
    notifications: true,
  },
  thirdStudent: {
    fullName: 'Ioana Popescu',
    subscription: 'not_required',
    primaryCoach: null,
    notifications: true,
  },
};

/** The shared pages of the account menu, on the portal the walk is on. */
async function checkAccountPages(page: Page, account: Walker, locale: Locale) {
  const t = texts(locale);
  const expected = ACCOUNT_PAGES[account];
  const open = (path: string) => page.goto(new URL(path, page.url()).toString());

  await open('/notifications');
  if (expected.notifications) await expect(page.getByTestId('notification-item').first()).toBeVisible();
  else await expect(page.getByText(t.notifications.empty)).toBeVisible();

  await open('/account/orders');
  const subscription = page.getByTestId('subscription-status');
  await expect(subscription).toHaveAttribute('data-status', expected.subscription);
  await expect(subscription.getByRole('heading')).toHaveText(
    t.subscription.status[expected.subscription]!.title,
  );

  await open('/account/details');
  const userBox = page.getByTestId('user-box');
  await expect(userBox.getByRole('heading')).toHaveText(expected.fullName);
  await expect(userBox).toContainText(ACCOUNTS[account]);

  await open('/account/primary-coach');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (expected.primaryCoach) {
    const coach = page.getByRole('region', { name: expected.primaryCoach });
    await expect(coach.getByRole('link', { name: ACCOUNTS.coach })).toHaveAttribute(
      'href',
      `mailto:${ACCOUNTS.coach}`,
    );
  } else {
    await expect(page.getByTestId('empty-state')).toContainText(t.primary_coach.none_title);
  }
}

async function walkMenu(page: Page, account: Walker, home: string, locale: Locale) {
  await page.goto(home);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const menu = page.getByTestId('main-menu');
  const targets = await mainMenuLinks(page);
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
  await checkAccountPages(page, account, locale);
}

const walks: Array<[Walker, string]> = [
  ['admin', '/admin/dashboard'],
  ['support', '/admin/dashboard'],
  ['coach', '/coach/dashboard'],
  ['student', '/catalog'],
];

for (const locale of ['nl', 'en', 'ro'] as const) {
  for (const [account, home] of walks) {
    test(`${account} walks every menu entry in ${locale}`, async ({ page }) => {
      // The admin menu has some thirty pages now (portals, branding, export and import among them).
      test.setTimeout(120_000);
      await viewIn(page, locale);
      await signIn(page, account);
      await walkMenu(page, account, home, locale);
    });
  }
}

test('the second portal student walks every menu entry in en', async ({ page }) => {
  await signInWithForm(page, 'secondStudent', `${SECOND_PORTAL_URL}/auth`);
  await expect(page).toHaveURL(`${SECOND_PORTAL_URL}/catalog`);
  await dismissTour(page);
  await walkMenu(page, 'secondStudent', `${SECOND_PORTAL_URL}/catalog`, 'en');
});

test('the third portal student walks every menu entry in ro, and its catalog is Romanian', async ({
  page,
}) => {
  await signInWithForm(page, 'thirdStudent', `${THIRD_PORTAL_URL}/auth`);
  await expect(page).toHaveURL(`${THIRD_PORTAL_URL}/catalog`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await expect(page.getByRole('link', { name: /Siguranța la locul de muncă/ }).first()).toBeVisible();
  await dismissTour(page);
  await walkMenu(page, 'thirdStudent', `${THIRD_PORTAL_URL}/catalog`, 'ro');
});
