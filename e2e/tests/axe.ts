/**
 * axe-core (4.14 or newer, see e2e/package.json) with every WCAG 2.0, 2.1 and 2.2 A and AA rule, the
 * best practices, and the experimental `label-content-name-mismatch` (WCAG 2.5.3: the visible text of
 * a control is part of its accessible name), which axe runs only when asked. Every violation counts,
 * whatever its impact.
 *
 * A page without frames is checked by axe inside the page itself, loaded once per document, so a
 * sweep that moves through the app as a person does (without reloading) pays for it once. A page with
 * frames goes through @axe-core/playwright, which runs axe in every frame and joins the results.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect } from './fixtures';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** Rules axe ships switched off (experimental) that we hold the app to. */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

const OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: AXE_TAGS },
  // Only violations are read: axe skips the details of what passed, which is most of its time.
  resultTypes: ['violations'],
  // A rule switched on by name runs whatever the tags say (axe's own order of precedence).
  rules: Object.fromEntries(EXPERIMENTAL_RULES.map((rule) => [rule, { enabled: true }])),
};

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe in the page's own document, loaded the first time this document is checked. */
function runInPage(page: Page): Promise<AxeResults['violations']> {
  return page.evaluate(
    async ({ source, options }) => {
      const scope = window as unknown as {
        axe?: { run: (context: Document, options: object) => Promise<AxeResults> };
      };
      // Indirect eval: the source defines `axe` on the page's global object, as a <script> would.
      if (!scope.axe) (0, eval)(source);
      return (await scope.axe!.run(document, options)).violations;
    },
    { source: AXE_SOURCE, options: OPTIONS },
  );
}

/** Every violation on the page, one line each: `rule (impact): target, target`. */
export async function violations(page: Page): Promise<string[]> {
  // The page is checked once it is on screen: its title there (behind an open dialog too), nothing
  // loading, the network quiet.
  await expect(page.locator('h1').first()).toBeAttached({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const found =
    page.frames().length > 1
      ? (await new AxeBuilder({ page }).options(OPTIONS).analyze()).violations
      : await runInPage(page);
  return found.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

export async function expectNoViolations(page: Page): Promise<void> {
  expect(await violations(page)).toEqual([]);
}
