/**
 * Moving a portal (decision 059): the academy's admin exports it from the settings, watching the
 * progress, downloads the zip; the operator imports it on the import screen under a new domain;
 * its student signs in there with the same password and finds the same courses. The admin reads
 * the portal's language, Dutch.
 */
import { LEARNING_PORT } from '../playwright.config';
import { expectNoViolations } from './axe';
import { ACCOUNTS, PASSWORD, appReady, dismissTour, expect, signIn, test } from './fixtures';

const MOVED = `moved-${Date.now()}.localhost`;

// The second import of the same domain is refused on purpose.
test.use({ allowConsoleErrors: ['status of 409'] });

test('an admin exports the portal and imports it as a new portal on another domain', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/admin/settings/export');
  await expect(page.getByRole('heading', { level: 1, name: 'Exporteren' })).toBeVisible({ timeout: 30_000 });
  await expectNoViolations(page);

  const panel = page.getByTestId('portal-export-panel');
  await panel.getByRole('button', { name: 'Portaal exporteren' }).click();
  await expect(panel.getByRole('progressbar', { name: 'Voortgang van de export' })).toBeVisible();
  const link = panel.getByRole('link', { name: 'De zip downloaden' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(panel.getByRole('progressbar')).toBeHidden();
  await expectNoViolations(page);
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^portal-\d+-.*\.zip$/);
  const zip = await download.path();

  await page.goto('/admin/portals/import');
  await expect(page.getByRole('heading', { level: 1, name: 'Een portaal importeren' })).toBeVisible({
    timeout: 30_000,
  });
  await expectNoViolations(page);
  await page.getByLabel('Portaalexport (.zip)').setInputFiles(zip);
  await page.getByLabel('Domeinen van het nieuwe portaal').fill(MOVED);
  await page.getByLabel('Naam van het nieuwe portaal').fill('Moved Academy');
  await page.getByRole('button', { name: 'Portaal importeren' }).click();
  const result = page.getByTestId('portal-import-result');
  await expect(result).toContainText('Moved Academy is geïmporteerd', { timeout: 60_000 });
  const open = result.getByRole('link', { name: `Moved Academy openen op ${MOVED}` });
  await expect(open).toHaveAttribute('href', `http://${MOVED}:${LEARNING_PORT}/`);
  await expectNoViolations(page);

  // The same domain again is refused, and says which.
  await page.getByRole('button', { name: 'Portaal importeren' }).click();
  await expect(page.getByRole('alert')).toContainText(MOVED, { timeout: 30_000 });

  // The imported student signs in on the new domain with the same password and sees the courses.
  await page.goto(`http://${MOVED}:${LEARNING_PORT}/auth`);
  await page.getByLabel(/e-mail/i).fill(ACCOUNTS.student);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await dismissTour(page);
  await page.goto(`http://${MOVED}:${LEARNING_PORT}/courses`);
  await appReady(page);
  await expect(page.getByText('Veilig tillen op het werk').first()).toBeVisible();
});
