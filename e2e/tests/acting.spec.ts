/**
 * Support acts as a student: ctrl+k opens the palette, "Act as" finds the student, a reason starts
 * the act, every page shows the banner until support stops, and the audit log records both ends.
 */
import { expect, signIn, test, viewIn } from './fixtures';

test('support acts as a student from the palette, stops, and finds the act in the audit log', async ({
  page,
}) => {
  const reason = `The student cannot find the quiz (${Date.now()}).`;
  await viewIn(page, 'en');
  await signIn(page, 'support');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('support-palette');
  await expect(palette).toBeVisible();
  const input = palette.getByTestId('palette-input');
  await expect(input).toBeFocused();
  await input.fill('Act as');
  await expect(palette.getByTestId('palette-option').first()).toHaveText('Act as');
  await input.press('Enter');
  await expect(palette.getByTestId('palette-chip')).toBeVisible();
  await input.fill('Sam Student');
  await expect(palette.getByTestId('palette-option').first()).toContainText('Sam Student');
  await input.press('Enter');

  await page.getByTestId('act-as-reason').fill(reason);
  await page.getByTestId('act-as-submit').click();
  const banner = page.getByTestId('acting-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Sam Student');
  // The banner stays on every page while acting.
  await page.goto('/courses');
  await expect(banner).toBeVisible();

  await banner.getByTestId('stop-acting').click();
  await expect(page.getByTestId('acting-banner')).toHaveCount(0);

  await page.goto('/admin/settings/audit');
  const table = page.getByTestId('audit-table');
  // Each action by its translated name, never the raw key.
  for (const action of ['impersonation.started', 'impersonation.stopped']) {
    const cell = table.locator(`[data-action="${action}"]`).first();
    await expect(cell).toBeVisible();
    await expect(cell).not.toHaveText(action);
  }
  await expect(table).toContainText(reason);
});
