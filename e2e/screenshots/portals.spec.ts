/**
 * The new-portal wizard for docs/screenshots. Run on demand: `npm run screenshots`.
 */
import { expect, signIn, test, viewIn } from '../tests/fixtures';
import { shoot } from './shoot';

test('new-portal wizard', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'support');
  await page.goto('/admin/portals/new');
  await page.getByLabel('Name of the academy').fill('Academie Noord');
  await page.getByLabel('Primary address').fill('noord.example.nl');
  await page.getByLabel('Other addresses (optional)').fill('academienoord.nl');
  await page.getByTestId('wizard-next').click();
  await page.getByRole('checkbox', { name: 'English' }).check();
  await expect(page.getByRole('heading', { level: 2, name: 'Languages' })).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await page.getByRole('checkbox', { name: 'Subscription' }).check();
  await page.getByLabel('Seller name on invoices').fill('Academie Noord B.V.');
  await page.getByTestId('wizard-next').click();
  // The colours and logo step, with a primary colour that reads well.
  await page.getByRole('textbox', { name: 'Primary colour (optional)', exact: true }).fill('#166534');
  await page.getByRole('textbox', { name: 'Secondary colour (optional)', exact: true }).fill('#a3e635');
  await page.getByLabel('Logo (optional)').setInputFiles({
    name: 'noord-logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40"><rect width="40" height="40" rx="8" fill="#166534"/><text x="50" y="27" font-size="20" font-family="sans-serif" fill="#14532d">Noord</text></svg>',
    ),
  });
  await expect(page.getByTestId('wizard-logo-preview')).toBeVisible();
  await shoot(page, 'admin-portal-wizard');
});
