/**
 * Branding journey: an admin uploads a logo, picks a green theme, sees it in the preview, saves and
 * finds the logo and the colours in the header; a colour pair that fails WCAG AA is warned about
 * live and refused by the server with its ratio. Everything changed is put back at the end.
 */
import AxeBuilder from '@axe-core/playwright';
import { XHR, expect, signIn, test, viewIn } from './fixtures';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" onload="alert(1)">
  <script>alert('x')</script>
  <rect width="40" height="40" rx="8" fill="#166534"/>
  <text x="50" y="27" font-size="20" font-family="sans-serif" fill="#14532d">Groen</text>
</svg>`;

// The refused colour is a 422 the browser logs; it is part of the journey.
test.use({ allowConsoleErrors: ['status of 422'] });

test('an admin uploads a logo, picks a green theme and sees it in the header', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  const before = (
    (await (await page.request.get('/api/v1/portals/current')).json()) as {
      data: { id: string; attributes: { name: string; theme: Record<string, string | null> } };
    }
  ).data;
  try {
    await page.goto('/admin/settings/portal');
    // The admin chunk and the settings texts load on first visit.
    await expect(page.getByRole('heading', { level: 1, name: 'Portal and branding' })).toBeVisible({
      timeout: 30_000,
    });

    await page.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(LOGO),
    });
    await expect(page.getByTestId('logo-preview')).toBeVisible();
    const logoUrl = await page.getByTestId('logo-preview').getAttribute('src');
    expect(logoUrl).toMatch(/\/api\/v1\/portals\/\d+\/logo\/[0-9a-f-]+\.svg$/);
    const served = await page.request.get(logoUrl!);
    expect(served.headers()['content-type']).toBe('image/svg+xml');
    expect(await served.text()).not.toContain('alert');

    // A light green fails as link text: warned at once, and refused by the server on save.
    const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
    await primary.fill('#9be89b');
    await expect(page.getByTestId('contrast-warnings')).toContainText(
      'The primary colour #9be89b as link text on white has contrast 1.4:1; WCAG AA needs 4.5:1.',
    );
    await page.getByTestId('save-branding').click();
    await expect(primary).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/as link text on white has contrast 1\.4:1/).last()).toBeVisible();

    await primary.fill('#166534');
    await expect(page.getByTestId('contrast-warnings')).toBeEmpty();
    await expect(page.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(22, 101, 52)');
    await page.getByRole('textbox', { name: 'Portal name' }).fill('Groene Academie');
    await page.getByTestId('save-branding').click();
    await expect(page.getByText('The portal settings are saved.')).toBeVisible();

    const header = page.locator('header');
    await expect(header.getByRole('img', { name: 'Groene Academie' })).toHaveAttribute('src', logoUrl!);
    await expect(page.getByTestId('save-branding')).toHaveCSS('background-color', 'rgb(22, 101, 52)');
    await expect(page).toHaveTitle('Portal and branding · Groene Academie');

    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  } finally {
    const restored = await page.request.patch(`/api/v1/portals/${before.id}`, {
      headers: XHR,
      data: {
        data: {
          type: 'portals',
          id: before.id,
          attributes: {
            name: before.attributes.name,
            theme: {
              primary_color: before.attributes.theme.primary_color,
              secondary_color: before.attributes.theme.secondary_color,
            },
          },
        },
      },
    });
    expect(restored.status()).toBe(200);
    if (!before.attributes.theme.logo_url)
      expect(
        (await page.request.delete(`/api/v1/portals/${before.id}/logo`, { headers: XHR })).status(),
      ).toBe(200);
  }
});
