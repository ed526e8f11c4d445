import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect } from '../tests/fixtures';

/** Where the README and docs find the pictures. */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../docs/screenshots', import.meta.url));

/** Saves `docs/screenshots/<name>.png` once the page has settled (no request or loading state left). */
export async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage });
}
