/**
 * The portfolio end to end: the student adds a reflection with a file, asks a workplace trainer for
 * feedback by e-mail, the trainer rates it through the link without an account and the rating shows
 * on the item; the student publishes the profile and a guest opens it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MAIL_DIR } from '../playwright.config';
import { appReady, expect, signIn, test } from './fixtures';

const TRAINER = `trainer-${Date.now()}@workplace.example`;
const TITLE = 'Pallets stacked safely';

async function expectNoSeriousViolations(page: Page) {
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
  if (!existsSync(MAIL_DIR)) return undefined;
  const message = readdirSync(MAIL_DIR)
    .sort()
    .map((file) =>
      readFileSync(join(MAIL_DIR, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((text) => text.includes(address))
    .at(-1);
  return message ? /\/rate\?token=[^\s"<]+/.exec(message)?.[0] : undefined;
}

test('a reflection gets feedback through /rate and the profile goes public', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await signIn(page, 'student');
  await page.goto('/portfolio');
  await appReady(page);
  await expectNoSeriousViolations(page);

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
  await expectNoSeriousViolations(guest);
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
  await expectNoSeriousViolations(page);
  const profile = page.getByTestId('profile-form');
  await profile.locator('input[name="handle"]').fill('sam-at-work');
  await profile.locator('input[name="headline"]').fill('Warehouse team lead in training');
  await profile.locator('input[name="is_public"]').check();
  await profile.locator('button[type="submit"]').click();
  await expect(page.getByTestId('public-profile-link')).toContainText('/profiles/sam-at-work');

  await guest.goto('/profiles/sam-at-work');
  await expect(guest.getByTestId('profile-name')).toHaveText('Sam Student');
  await expect(guest.getByText('Warehouse team lead in training')).toBeVisible();
  await expect(guest.locator('meta[name="robots"][content="noindex"]')).toHaveCount(1);
  await expectNoSeriousViolations(guest);
  await guest.goto('/profiles/nobody-here');
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(guest.getByTestId('profile-name')).toHaveCount(0);
  await guestContext.close();
});
