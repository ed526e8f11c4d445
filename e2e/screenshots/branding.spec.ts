/** The branding settings with their live preview, for docs/screenshots. Run on demand: `npm run screenshots`. */
import { expect, signIn, test, viewIn } from '../tests/fixtures';
import { SCREENSHOTS_DIR } from './shoot';

test('portal branding with its live preview', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/settings/portal');
  await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#166534');
  await expect(page.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(22, 101, 52)');
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('region', { name: 'Name and colours' })
    .screenshot({ path: `${SCREENSHOTS_DIR}/admin-portal-branding.png` });
});
