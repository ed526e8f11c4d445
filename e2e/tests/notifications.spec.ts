import type { Page } from '@playwright/test';
import { expect, signIn, test, XHR } from './fixtures';

interface NotificationResource {
  id: string;
  attributes: { link: string | null; read_at: string | null };
  meta: { abilities: { open: boolean } };
}

/**
 * Gives the signed-in account exactly `unread` unread notifications (the newest that open a page),
 * runs `check`, then puts back the read state it found. So no test depends on what another one
 * read, and each can run alone, twice, or in any order.
 */
async function withUnreadNotifications(
  page: Page,
  accountId: string,
  unread: number,
  check: () => Promise<void>,
): Promise<void> {
  const url = `/api/v1/accounts/${accountId}/notifications`;
  const response = await page.request.get(`${url}?page[size]=100`);
  expect(response.ok()).toBe(true);
  const found = ((await response.json()) as { data: NotificationResource[] }).data;
  const toUnread = new Set(
    found
      .filter((notification) => notification.attributes.link && notification.meta.abilities.open)
      .slice(0, unread)
      .map((notification) => notification.id),
  );
  expect(toUnread.size, 'notifications that open a page').toBe(unread);
  const readAt = new Date().toISOString();
  const setReadAt = async (id: string, value: string | null) => {
    const patched = await page.request.patch(`${url}/${id}`, { headers: XHR, data: { read_at: value } });
    expect(patched.ok()).toBe(true);
  };
  for (const { id } of found) await setReadAt(id, toUnread.has(id) ? null : readAt);
  try {
    await check();
  } finally {
    for (const { id, attributes } of found) await setReadAt(id, attributes.read_at);
  }
}

// The demo student starts with 320 notifications, 42 unread; one in eight may not be opened.
// Other journeys (a coach answering a ticket, say) may add a few while this file runs.
test.describe('notifications', () => {
  test('the page lists 25 per page with pagination, sizes and scrolling to the top', async ({ page }) => {
    const student = await signIn(page, 'student');
    const counted = await page.request.get(`/api/v1/accounts/${student}/notifications?page[size]=1`);
    const total = ((await counted.json()) as { meta: { total: number } }).meta.total;
    expect(total).toBeGreaterThanOrEqual(320);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
    const items = page.getByTestId('notification-list').getByTestId('notification-item');
    await expect(items).toHaveCount(25);
    const pagination = page.getByTestId('pagination');
    await expect(pagination.getByTestId('pagination-total')).toHaveText(`${total} resultaten`);
    await expect(pagination.getByLabel('Resultaten per pagina')).toHaveValue('25');
    await expect(pagination.getByRole('button', { name: 'Pagina 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(pagination.getByRole('button', { name: 'Pagina 13', exact: true })).toBeVisible();

    const firstOfPageOne = await items.first().textContent();
    await page.getByTestId('notifications-home-link').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await pagination.getByRole('button', { name: 'Pagina 2', exact: true }).click();
    await expect(page).toHaveURL(/\/notifications\?page=2$/);
    await expect(pagination.getByRole('button', { name: 'Pagina 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(items.first()).not.toHaveText(firstOfPageOne ?? '');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await pagination.getByLabel('Resultaten per pagina').selectOption('50');
    await expect(page).toHaveURL(/\/notifications\?size=50$/);
    await expect(items).toHaveCount(50);
    await expect(pagination.getByRole('button', { name: 'Pagina 7', exact: true })).toBeVisible();
    await expect(pagination.getByLabel('Resultaten per pagina')).toHaveValue('50');
  });

  test('items without access are disabled and not links', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/notifications');
    const locked = page.getByTestId('notification-item').filter({ hasText: 'Je hebt geen toegang' }).first();
    await expect(locked).toHaveAttribute('aria-disabled', 'true');
    expect(await locked.evaluate((element) => element.tagName)).toBe('DIV');
  });

  test('a click marks one read, follows its link and lowers the badge', async ({ page }) => {
    const coach = await signIn(page, 'coach');
    await withUnreadNotifications(page, coach, 3, async () => {
      await page.goto('/notifications');
      const badge = page.getByTestId('notifications-badge');
      await expect(badge).toHaveText('3');
      const unread = page.locator('a[data-testid="notification-item"][data-unread]').first();
      const href = await unread.getAttribute('href');
      expect(href).toMatch(/^\//);
      const patch = page.waitForRequest(
        (request) => request.method() === 'PATCH' && /notifications\/\d+$/.test(request.url()),
      );
      await unread.click();
      const body = (await patch).postDataJSON() as { read_at: string };
      expect(Date.parse(body.read_at)).not.toBeNaN();
      await expect(page).toHaveURL(new RegExp(`${href?.replace(/[?]/g, '\\?')}$`));
      await expect(badge).toHaveText('2');
    });
  });

  test('mark all as read shows only while unread exist and clears the badge', async ({ page }) => {
    const admin = await signIn(page, 'admin');
    await withUnreadNotifications(page, admin, 2, async () => {
      await page.goto('/notifications');
      await expect(page.getByTestId('notifications-badge')).toHaveText('2');
      // Six notifications: no pagination.
      await expect(page.getByTestId('notification-item')).toHaveCount(6);
      await expect(page.getByTestId('pagination')).toHaveCount(0);
      await page.getByTestId('mark-all-read').click();
      await expect(page.getByTestId('mark-all-read')).toHaveCount(0);
      await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
      await expect(page.locator('[data-testid="notification-item"][data-unread]')).toHaveCount(0);
      // The home link per environment: /admin for staff.
      await expect(page.getByTestId('notifications-home-link')).toHaveAttribute('href', '/admin');
      await page.reload();
      await expect(page.getByTestId('mark-all-read')).toHaveCount(0);

      // The unread partial now says so.
      await page.getByTestId('notifications-button').click();
      await expect(page.getByTestId('notifications-partial-empty')).toHaveText(
        'Je hebt geen ongelezen meldingen.',
      );
    });
  });

  test('the header partial shows five unread items, the badge and a view-all link', async ({ page }) => {
    await signIn(page, 'student');
    await page.goto('/catalog');
    const button = page.getByTestId('notifications-button');
    await expect(button.getByTestId('notifications-badge')).toHaveText(/^\d+$/);
    await expect(button).toHaveAccessibleName(/Meldingen, \d+ ongelezen/);
    await button.click();
    const partial = page.getByTestId('notifications-partial');
    await expect(partial.getByTestId('notification-item')).toHaveCount(5);
    await partial.getByTestId('notifications-view-all').click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(partial).toHaveCount(0);
  });

  test('an account without notifications sees the empty states', async ({ page }) => {
    await signIn(page, 'support');
    await page.goto('/notifications');
    await expect(page.getByText('Je hebt nog geen meldingen.')).toBeVisible();
    await expect(page.getByTestId('mark-all-read')).toHaveCount(0);
    await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  });
});
