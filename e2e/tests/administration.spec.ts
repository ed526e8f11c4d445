/**
 * Administration journeys: announcements reach their audience, new terms hold every page until
 * accepted, and the mailing list settings. The terms journey runs on the second portal, so the new
 * version gates nobody another spec signs in as.
 */
import type { Browser, Page } from '@playwright/test';
import { LEARNING_SECOND_PORTAL_URL } from '../playwright.config';
import { ACCOUNTS, PASSWORD, dismissTour, expect, signIn, test } from './fixtures';
import { expectNoViolations } from './axe';

/** Signs in on the second portal through its form (Chromium resolves *.localhost; Node does not). */
async function signInOnSecond(page: Page, email: string) {
  await page.goto(`${LEARNING_SECOND_PORTAL_URL}/auth`);
  await page.getByLabel('E-mail address').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await dismissTour(page);
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('an admin publishes an announcement for coaches; the coach is notified and reads it on /coach/news', async ({
  page,
  browser,
}) => {
  const title = `Coachoverleg ${Date.now()}`;
  const coach = await newPage(browser);
  await signIn(coach.page, 'coach');
  await coach.page.goto('/coach/dashboard');
  const badge = coach.page.getByTestId('notifications-badge');
  const unread = async () => ((await badge.count()) > 0 ? Number(await badge.innerText()) || 0 : 0);
  await expect(coach.page.getByTestId('notifications-button')).toBeVisible();
  const before = await unread();

  await signIn(page, 'admin');
  await page.goto('/admin/announcements');
  await expect(page.getByRole('heading', { level: 1, name: 'Mededelingen' })).toBeVisible();
  await expect(page.getByTestId('announcement-row').first()).toBeVisible();
  await expectNoViolations(page);

  await page.getByTestId('new-announcement').click();
  const dialog = page.getByRole('dialog', { name: 'Nieuwe mededeling' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Titel').fill(title);
  await dialog
    .locator('[contenteditable="true"]')
    .fill('Vrijdag om 10 uur bespreken we de nieuwe werkwijze.');
  await dialog.getByRole('checkbox', { name: 'Studenten' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Coaches' }).check();
  await expectNoViolations(page);
  await dialog.getByTestId('announcement-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('announcement-row').filter({ hasText: title })).toBeVisible();

  // The background job notifies the coach at the start of the window; the badge updates live.
  await expect.poll(unread, { timeout: 30_000 }).toBeGreaterThan(before);

  await coach.page.goto('/coach/news');
  await expect(coach.page.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
  const card = coach.page.getByTestId('announcement-card').filter({ hasText: title });
  await expect(card).toContainText('Vrijdag om 10 uur');
  await expect(card.getByText('Nieuw', { exact: true })).toBeVisible();
  await expectNoViolations(coach.page);
  await card.getByRole('button', { name: 'Markeren als gelezen' }).click();
  await expect(card.getByText('Nieuw', { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: `“${title}” verbergen` }).click();
  await expect(card).toHaveCount(0);
  await coach.context.close();
});

test('new terms on the second portal hold the student at the gate until accepted', async ({ browser }) => {
  const admin = await newPage(browser);
  await signInOnSecond(admin.page, 'second-admin@leerpad.test');
  await admin.page.goto(`${LEARNING_SECOND_PORTAL_URL}/admin/settings/agreements`);
  await expect(admin.page.getByRole('heading', { level: 1, name: 'Agreements' })).toBeVisible();
  await expect(admin.page.getByTestId('agreement-versions')).toContainText('Version 1');
  await expectNoViolations(admin.page);
  const form = admin.page.getByTestId('agreement-form');
  await form.getByLabel('Title').fill('Terms of use, version 2');
  await form.locator('[contenteditable="true"]').fill('We now also keep your certificates for ten years.');
  await form.getByTestId('publish-agreement').click();
  await expect(admin.page.getByTestId('agreement-versions')).toContainText('Terms of use, version 2');
  await admin.context.close();

  const student = await newPage(browser);
  const page = student.page;
  await page.goto(`${LEARNING_SECOND_PORTAL_URL}/auth`);
  await page.getByLabel('E-mail address').fill(ACCOUNTS.secondStudent);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const gate = page.getByTestId('agreement-gate');
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('heading', { level: 1 })).toHaveText('Terms of use, version 2');
  await expect(gate).toContainText('ten years');
  await expect(page.getByTestId('main-menu')).toHaveCount(0);
  await expectNoViolations(page);

  // No way around it by address.
  await page.goto(`${LEARNING_SECOND_PORTAL_URL}/courses`);
  await expect(gate).toBeVisible();
  await expect(gate.getByTestId('accept-agreement')).toBeDisabled();
  await gate.getByLabel('I have read these terms and accept them.').check();
  await gate.getByTestId('accept-agreement').click();
  await expect(gate).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();

  // Accepted once: the next visit goes straight in.
  await page.goto(`${LEARNING_SECOND_PORTAL_URL}/catalog`);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByTestId('agreement-gate')).toHaveCount(0);
  await student.context.close();
});

test('the admin edits the mailing list opt-in text with a live preview and sees who consents', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/academy/marketing');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketing' })).toBeVisible();
  await expect(page.getByTestId('consenting-count')).toContainText('1');
  await expectNoViolations(page);
  const text = page.getByLabel('Aanmeldtekst');
  await text.fill('Ja, ik wil de maandelijkse nieuwsbrief ontvangen.');
  await expect(page.getByTestId('opt-in-preview')).toContainText('maandelijkse nieuwsbrief');
  await page.getByTestId('save-mailing-list').click();
  await expect(page.getByText('De instellingen van de mailinglijst zijn opgeslagen.')).toBeVisible();
  const csv = await page.request.get('/api/v1/mailing_list_settings/export');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(ACCOUNTS.student);
});
