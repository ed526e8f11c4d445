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
  await shoot(page, 'admin-portal-wizard');
});
