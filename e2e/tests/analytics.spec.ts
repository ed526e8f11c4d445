/**
 * First-party page views (decision 072): a student browses a few pages, each view goes to our own
 * host by its route pattern, and an admin sees the counts per route on /admin/analytics.
 */
import type { APIRequestContext } from '@playwright/test';
import { LEARNING_SECOND_PORTAL_URL } from '../playwright.config';
import { expectNoViolations } from './axe';
import { appReady, expect, PASSWORD, signIn, test } from './fixtures';

type Report = { total: number; routes: Array<{ route: string; total: number }> };

async function viewsOf(request: APIRequestContext, route: string): Promise<number> {
  const response = await request.get('/api/v1/analytics/page_views?days=7');
  expect(response.status()).toBe(200);
  const report = ((await response.json()) as { data: { attributes: Report } }).data.attributes;
  return report.routes.find((row) => row.route === route)?.total ?? 0;
}

test('a student browses, an admin sees the page views per route', async ({ browser, page }) => {
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin');
  const catalogBefore = await viewsOf(adminPage.request, '/catalog');
  const courseBefore = await viewsOf(adminPage.request, '/catalog/:courseId');

  await signIn(page, 'student');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/analytics/events')) sent.push(request.postData() ?? '');
  });
  // Each address shown is one view, reported once the page has rendered.
  const viewOf = (route: string) =>
    page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/v1/analytics/events') &&
        (request.postData() ?? '').includes(`"route":"${route}"`),
    );
  await Promise.all([viewOf('/catalog'), page.goto('/catalog')]);
  await Promise.all([viewOf('/courses'), page.goto('/courses')]);
  await Promise.all([viewOf('/catalog'), page.goto('/catalog')]);
  await appReady(page);
  // A course page counts under its pattern, not its id.
  const course = page.locator('a[href^="/catalog/"]').first();
  await Promise.all([viewOf('/catalog/:courseId'), course.click()]);
  await expect(page).toHaveURL(/\/catalog\/\d+/);
  expect(sent.join('\n')).not.toMatch(/\/catalog\/\d/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual(
    expect.not.arrayContaining([expect.stringMatching(/analytics|_ga|plausible|umami/i)]),
  );

  await expect.poll(() => viewsOf(adminPage.request, '/catalog')).toBe(catalogBefore + 2);
  expect(await viewsOf(adminPage.request, '/catalog/:courseId')).toBe(courseBefore + 1);

  await adminPage.goto('/admin/analytics?days=7');
  await appReady(adminPage);
  await expect(adminPage.getByTestId('analytics-page').getByRole('heading', { level: 1 })).toBeVisible();
  const row = adminPage.getByTestId('analytics-routes').getByRole('row', { name: /^\/catalog\s/ });
  await expect(row).toContainText(String(catalogBefore + 2));
  await expect(adminPage.getByTestId('analytics-total')).not.toHaveText('0');
  await adminPage.screenshot({ path: test.info().outputPath('admin-analytics.png'), fullPage: true });
  await expectNoViolations(adminPage);

  // The menu leads there, and the switch lives with the portal's integrations.
  await adminPage.goto('/admin/settings/integrations');
  await appReady(adminPage);
  await expect(adminPage.getByTestId('analytics-settings').getByRole('switch')).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await admin.close();
});

test("the demo's second portal counts no page views, and its admin is told so", async ({ page }) => {
  await page.goto(`${LEARNING_SECOND_PORTAL_URL}/auth`);
  await page.getByLabel(/e-mail/i).fill('second-admin@leerpad.test');
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/auth/);
  await page.goto(`${LEARNING_SECOND_PORTAL_URL}/admin/analytics`);
  await appReady(page);
  // New terms on this portal (published by another spec) come first: the admin accepts them.
  const off = page.getByTestId('analytics-off');
  const accept = page.getByRole('button', { name: 'Accept and continue' });
  await expect(off.or(accept)).toBeVisible();
  if (await accept.isVisible()) {
    await page.getByRole('checkbox', { name: 'I have read these terms and accept them.' }).check();
    await accept.click();
  }
  await expect(off).toBeVisible();
  const total = await page.getByTestId('analytics-total').textContent();
  const status = await page.evaluate(() =>
    fetch('/api/v1/analytics/events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ route: '/catalog' }),
    }).then((response) => response.status),
  );
  expect(status).toBe(204);
  await page.reload();
  await appReady(page);
  await expect(page.getByTestId('analytics-total')).toHaveText(total ?? '0');
  await page.screenshot({ path: test.info().outputPath('second-portal-analytics.png'), fullPage: true });
  await expectNoViolations(page);
});
