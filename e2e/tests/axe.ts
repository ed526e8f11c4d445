/**
 * axe-core (4.14 or newer, see e2e/package.json) with every WCAG 2.0, 2.1 and 2.2 A and AA rule, the
 * best practices, and the experimental `label-content-name-mismatch` (WCAG 2.5.3: the visible text of
 * a control is part of its accessible name), which axe runs only when asked. Every violation counts,
 * whatever its impact.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Rules axe ships switched off (experimental) that we hold the app to. */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

/** Every violation on the page, one line each: `rule (impact): target, target`. */
export async function violations(page: Page): Promise<string[]> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  // A rule switched on by name runs whatever the tags say (axe's own order of precedence).
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: AXE_TAGS },
      // Only violations are read: axe skips the details of what passed, which is most of its time.
      resultTypes: ['violations'],
      rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])),
    })
    .analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

export async function expectNoViolations(page: Page): Promise<void> {
  expect(await violations(page)).toEqual([]);
}
