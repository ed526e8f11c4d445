/**
 * The portfolio end to end: the student adds a reflection with a file, asks a workplace trainer for
 * feedback by e-mail, the trainer rates it through the link without an account and the rating shows
 * on the item; the student publishes the profile and a guest opens it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LEARNING_MAIL_DIR } from '../playwright.config';
import { appReady, expect, signIn, test } from './fixtures';

// A refused photo and an empty criterion name are 422 answers the pages show on their fields.
test.use({ allowConsoleErrors: ['status of 422'] });

const TRAINER = `trainer-${Date.now()}@workplace.example`;
const TITLE = 'Pallets stacked safely';
/** A 1×1 PNG, a real image a browser draws. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function expectNoViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** The /rate link in the newest message to `address` (quoted-printable soft breaks undone). */
function rateLinkMailedTo(address: string): string | undefined {
  if (!existsSync(LEARNING_MAIL_DIR)) return undefined;
  const message = readdirSync(LEARNING_MAIL_DIR)
    .sort()
    .map((file) =>
      readFileSync(join(LEARNING_MAIL_DIR, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(address))
    .at(-1);
  return message ? /\/rate\?token=[^\s"<]+/.exec(message)?.[0] : undefined;
}

test('a reflection gets feedback through /rate and the profile goes public', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, 'student');
  await page.goto('/portfolio');
  await appReady(page);
  await expectNoViolations(page);

  // A reflection with a file, shared with coaches.
  await page.getByRole('button', { name: 'Item toevoegen' }).click();
  const form = page.getByTestId('add-item-form');
  await form.locator('input[name="title"]').fill(TITLE);
  await form
    .getByRole('textbox', { name: 'Je reflectie' })
    .fill('I checked every pallet twice before lifting.');
  await form.locator('input[type="file"]').setInputFiles({
    name: 'pallet-photo.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('A photo description of the stacked pallets'),
  });
  await expect(form.getByTestId('attached-files')).toContainText('pallet-photo.txt');
  await form.getByRole('button', { name: 'Aan portfolio toevoegen' }).click();
  const item = page.getByTestId('portfolio-item').filter({ hasText: TITLE });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: 'pallet-photo.txt' })).toBeVisible();

  // Ask a workplace trainer for feedback by e-mail.
  await item.getByRole('button', { name: 'Om feedback vragen' }).click();
  const dialog = page.getByTestId('ask-feedback-form');
  await dialog.locator('input[name="name"]').fill('Tom Trainer');
  await dialog.locator('input[name="email"]').fill(TRAINER);
  await dialog.getByRole('button', { name: 'Verzoek versturen' }).click();
  await expect(item).toContainText(`Verzoek verstuurd naar ${TRAINER}`);
  await expect.poll(() => rateLinkMailedTo(TRAINER), { timeout: 15_000 }).toBeDefined();
  const link = rateLinkMailedTo(TRAINER)!;

  // The trainer rates it without an account.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByTestId('rate-item')).toContainText(TITLE);
  await expectNoViolations(guest);
  // The trainer opens the attached file without an account.
  const [opened] = await Promise.all([
    guest.waitForEvent('popup'),
    guest.getByTestId('rate-files').getByRole('link', { name: 'pallet-photo.txt', exact: true }).click(),
  ]);
  await expect(opened.locator('body')).toContainText('A photo description of the stacked pallets');
  await opened.close();
  const fieldsets = guest.getByTestId('rating-form').locator('fieldset');
  const criteria = await fieldsets.count();
  expect(criteria).toBeGreaterThan(0);
  for (let index = 0; index < criteria; index++)
    await fieldsets.nth(index).locator('input[type="radio"][value="4"]').check();
  await guest.locator('textarea[name="comment"]').fill('Careful and tidy work.');
  await guest.getByTestId('rating-form').locator('button[type="submit"]').click();
  await expect(guest.getByTestId('rate-state')).toHaveAttribute('data-state', 'thanks');
  // The link works once.
  await guest.goto(link);
  await expect(guest.getByTestId('rate-state')).toHaveAttribute('data-state', 'used');
  await guest.goto('/rate?token=forged');
  await expect(guest.getByTestId('rate-state')).toHaveAttribute('data-state', 'unknown');

  // The rating shows on the item.
  await page.reload();
  const rated = page.getByTestId('portfolio-item').filter({ hasText: TITLE });
  await expect(rated.getByTestId('item-ratings')).toContainText('Tom Trainer');
  await expect(rated.getByTestId('item-ratings')).toContainText('Careful and tidy work.');

  // The student publishes the profile; a guest opens it.
  await page.goto('/profile');
  await appReady(page);
  await expectNoViolations(page);

  // A profile photo: a text file is refused, an image becomes the photo in the header too.
  const photo = page.getByTestId('avatar-editor');
  await photo.locator('input[type="file"]').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a photo'),
  });
  await expect(
    photo.getByText('Een profielfoto moet een PNG-, JPEG- of WebP-afbeelding zijn.'),
  ).toBeVisible();
  await photo.locator('input[type="file"]').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PHOTO,
  });
  await expect(photo.getByRole('img', { name: 'Sam Student' })).toBeVisible();
  await expect(
    page.getByTestId('account-menu-trigger').locator('img[src^="/api/v1/avatars/"]'),
  ).toBeVisible();
  await expectNoViolations(page);

  const profile = page.getByTestId('profile-form');
  await profile.locator('input[name="handle"]').fill('sam-at-work');
  await profile.locator('input[name="headline"]').fill('Teamleider magazijn in opleiding');
  await profile.locator('input[name="is_public"]').check();
  await profile.locator('button[type="submit"]').click();
  await expect(page.getByTestId('public-profile-link')).toContainText('/profiles/sam-at-work');

  await guest.goto('/profiles/sam-at-work');
  await expect(guest.getByTestId('profile-name')).toHaveText('Sam Student');
  await expect(guest.getByRole('img', { name: 'Sam Student' })).toBeVisible();
  await expect(guest.getByText('Teamleider magazijn in opleiding')).toBeVisible();
  await expect(guest.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  await expectNoViolations(guest);
  await guest.goto('/profiles/nobody-here');
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guest.getByTestId('profile-name')).toHaveCount(0);
  await guestContext.close();

  // The student removes the photo again; the initials come back.
  await photo.getByTestId('remove-avatar').click();
  await expect(photo.getByRole('img', { name: 'Sam Student' })).toHaveCount(0);
});

test('staff reorder the rubric of the feedback form', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings');
  await appReady(page);
  await page.getByRole('link', { name: 'Beoordelingscriteria' }).first().click();
  await expect(page).toHaveURL(/\/admin\/settings\/feedback-rubric$/);
  const rows = page.getByTestId('rubric-criterion');
  await expect(rows.first()).toBeVisible();
  await expectNoViolations(page);
  const names = async () =>
    Promise.all((await rows.all()).map((row) => row.locator('input').first().inputValue()));
  const before = await names();
  expect(before.length).toBeGreaterThan(1);

  // Keyboard only: move the second criterion up and save.
  await rows.nth(1).getByRole('button', { name: 'Criterium 2 omhoog verplaatsen' }).focus();
  await page.keyboard.press('Enter');
  await expect(rows.first().getByRole('button', { name: 'Criterium 1 omlaag verplaatsen' })).toBeFocused();
  await page.getByRole('button', { name: 'Criteria opslaan' }).click();
  await expect(page.getByText('De criteria zijn opgeslagen.')).toBeVisible();
  await page.reload();
  await expect(rows.first().locator('input').first()).toHaveValue(before[1]!);

  // A name left empty is refused on its field; then the old order is put back.
  await rows.first().locator('input').first().fill('');
  await page.getByRole('button', { name: 'Criteria opslaan' }).click();
  await expect(rows.first().locator('input').first()).toHaveAttribute('aria-invalid', 'true');
  await rows.first().locator('input').first().fill(before[1]!);
  await rows.nth(1).getByRole('button', { name: 'Criterium 2 omhoog verplaatsen' }).click();
  await page.getByRole('button', { name: 'Criteria opslaan' }).click();
  await expect(page.getByText('De criteria zijn opgeslagen.').first()).toBeVisible();
  await page.reload();
  await expect.poll(names).toEqual(before);
});
