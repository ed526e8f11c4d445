/**
 * Settings journeys: an admin words a Dutch text their own way and the Dutch portal shows it at
 * once; an API token is shown once and works as a Bearer token on the routes of its scopes only; a
 * webhook to the demo's own receiver shows its delivery in the log; a webhook whose receiver fails
 * twice shows the failed attempts and then the delivery, each signed; the switch for the portal's own
 * statements to its LRS turns off and on; the dashboard's charts come with
 * their tables. Each screen has no serious or critical axe violation.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { LEARNING_BASE_URL } from '../playwright.config';
import { XHR, expect, signIn, test } from './fixtures';

async function expectNoViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

test('an admin overrides a Dutch text and the Dutch portal shows it at once', async ({ page, browser }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings/languages');
  await expect(page.getByRole('heading', { level: 1, name: 'Talen' })).toBeVisible();
  await expect(page.getByTestId('portal-language-nl')).toContainText('Hoofdtaal');
  await expectNoViolations(page);

  await page.getByTestId('override-search').fill('admin_dashboard.figures_title');
  await page
    .getByTestId('override-keys')
    .getByRole('button', { name: /admin_dashboard\.figures_title/ })
    .click();
  const editor = page.getByTestId('override-editor');
  await expect(editor).toContainText('Figures');
  await editor.getByLabel('Uw tekst').fill('Cijfers van onze academie');
  await expect(page.getByTestId('override-preview')).toHaveText('Cijfers van onze academie');

  // A text that drops its placeholder is refused before it is sent.
  await page.getByTestId('override-search').fill('admin_dashboard.description');
  await page
    .getByTestId('override-keys')
    .getByRole('button', { name: /admin_dashboard\.description/ })
    .click();
  await editor.getByLabel('Uw tekst').fill('Hoe gaat het?');
  await expect(
    editor.getByText('Behoud precies de plaatshouders van het origineel: {{portal}}'),
  ).toBeVisible();
  await page.getByTestId('override-save').click();
  await expect(page.getByText('Verbeter eerst de gemarkeerde teksten.')).toBeVisible();
  await page
    .getByTestId('override-list')
    .getByRole('button', { name: /Verwijderen\s*: admin_dashboard\.description/ })
    .click();

  await page.getByTestId('override-save').click();
  await expect(page.getByText('Uw teksten zijn opgeslagen.')).toBeVisible();

  // At once, in this tab (no reload) and for anyone who opens the portal.
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page.getByRole('heading', { name: 'Cijfers van onze academie' })).toBeVisible();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'admin');
  await otherPage.goto('/admin/dashboard');
  await expect(otherPage.getByRole('heading', { name: 'Cijfers van onze academie' })).toBeVisible();
  await other.close();

  // Taken away again, the standard text is back.
  await page.goto('/admin/settings/languages');
  await page
    .getByTestId('override-list')
    .getByRole('button', { name: /Verwijderen\s*: admin_dashboard\.figures_title/ })
    .click();
  await page.getByTestId('override-save').click();
  await expect(page.getByText('Uw teksten zijn opgeslagen.')).toBeVisible();
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Cijfers', exact: true })).toBeVisible();
});

test('an API token is shown once and works as a Bearer token on the routes of its scopes only', async ({
  page,
  playwright,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings/integrations');
  await expect(page.getByRole('heading', { level: 1, name: 'Koppelingen' })).toBeVisible();
  await expectNoViolations(page);

  const tokens = page.getByTestId('api-tokens');
  await tokens.getByRole('button', { name: 'Nieuw token' }).click();
  const form = page.getByTestId('token-form');
  await form.getByLabel('Naam').fill(`HR-koppeling ${Date.now()}`);
  await form.getByRole('checkbox', { name: /search:account/ }).check();
  await form.getByRole('button', { name: 'Token maken' }).click();
  const secret = await page.getByTestId('once-secret-value').inputValue();
  expect(secret).toMatch(/^lpat_/);

  const api = await playwright.request.newContext({ baseURL: LEARNING_BASE_URL });
  const bearer = { Authorization: `Bearer ${secret}` };
  const allowed = await api.get('/api/v1/accounts?filter[search]=student', { headers: bearer });
  expect(allowed.status()).toBe(200);
  const refused = await api.get('/api/v1/webhooks', { headers: bearer });
  expect(refused.status()).toBe(403);

  // Shown once: after "Klaar" the list has only its first characters.
  await page.getByRole('button', { name: 'Klaar' }).click();
  await expect(page.getByTestId('once-secret')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('token-table')).toContainText(secret.slice(0, 9));
  await expect(page.getByTestId('token-table')).not.toContainText(secret);

  page.once('dialog', (dialog) => void dialog.accept());
  const row = page
    .getByTestId('token-table')
    .getByRole('row')
    .filter({ hasText: secret.slice(0, 9) });
  await row.getByRole('button', { name: /Intrekken/ }).click();
  await expect(row).toContainText('Ingetrokken');
  expect((await api.get('/api/v1/accounts', { headers: bearer })).status()).toBe(401);
  await api.dispose();
});

test("the LRS switch for the portal's own learning statements is on in the demo and turns off and on", async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings/integrations');
  const section = page.getByTestId('lrs-self-statements');
  const toggle = section.getByRole('switch', { name: 'Leren vastleggen in deze LRS' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath('integrations-lrs.png'), fullPage: true });
  await toggle.click();
  await expect(page.getByText('Leren wordt niet meer vastgelegd in de LRS.')).toBeVisible();
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
});

test("a webhook to the demo's receiver shows its delivery in the log", async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/settings/integrations');
  const hooks = page.getByTestId('webhooks');
  await hooks.getByRole('button', { name: 'Nieuwe webhook' }).click();
  const form = page.getByTestId('webhook-form');
  // The demo's own webhook points at localhost; this one at 127.0.0.1, the same receiver.
  const url = LEARNING_BASE_URL.replace('localhost', '127.0.0.1') + '/api/dev/webhook-sink';
  await form.getByLabel('Adres (URL)').fill(url);
  await form.getByRole('checkbox', { name: 'account.created' }).check();
  await form.getByRole('button', { name: 'Webhook opslaan' }).click();
  await expect(page.getByTestId('once-secret-value')).toHaveValue(/.{20,}/);
  await page.getByRole('button', { name: 'Klaar' }).click();

  const created = await page.request.post('/api/v1/accounts', {
    headers: XHR,
    data: {
      full_name: 'Webhook Proef',
      email_address: `webhook-${Date.now()}@leerpad.test`,
      roles: ['student'],
    },
  });
  expect(created.status()).toBe(201);

  const hook = page.getByTestId('webhook').filter({ hasText: url });
  await hook.getByRole('button', { name: /Afleverlog/ }).click();
  const log = hook.getByTestId('delivery-log');
  await expect(log.getByTestId('delivery').first()).toContainText('account.created');
  await expect(log.getByTestId('delivery-status').first()).toHaveText('Afgeleverd', { timeout: 20_000 });
  await expectNoViolations(page);
});

test('a webhook whose receiver fails twice shows the failed attempts, then the delivery', async ({
  page,
}) => {
  // Retries wait 10 s, then 20 s (the job queue's backoff).
  test.setTimeout(120_000);
  // The receiver: answers 500 twice, then 200, and keeps what it was sent.
  const received: Array<{ body: string; signature: string; delivery: string; status: number }> = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const status = received.length < 2 ? 500 : 200;
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['x-leerpad-signature']),
        delivery: String(request.headers['x-leerpad-delivery']),
        status,
      });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'not now');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/leerpad-events`;
  try {
    await signIn(page, 'admin');
    await page.goto('/admin/settings/integrations');
    const hooks = page.getByTestId('webhooks');
    await hooks.getByRole('button', { name: 'Nieuwe webhook' }).click();
    const form = page.getByTestId('webhook-form');
    await form.getByLabel('Adres (URL)').fill(url);
    await form.getByRole('checkbox', { name: 'account.created' }).check();
    await form.getByRole('button', { name: 'Webhook opslaan' }).click();
    const secret = await page.getByTestId('once-secret-value').inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Klaar' }).click();

    const email = `retried-${Date.now()}@leerpad.test`;
    const created = await page.request.post('/api/v1/accounts', {
      headers: XHR,
      data: { full_name: 'Webhook Herhaling', email_address: email, roles: ['student'] },
    });
    expect(created.status()).toBe(201);

    const hook = page.getByTestId('webhook').filter({ hasText: url });
    await hook.getByRole('button', { name: /Afleverlog/ }).click();
    const delivery = hook.getByTestId('delivery').first();
    await expect(delivery).toContainText('account.created');
    // The first attempt failed; the log says another attempt will follow, and refreshes by itself.
    await expect(delivery.getByTestId('delivery-status')).toHaveText('Mislukt, wordt opnieuw geprobeerd', {
      timeout: 20_000,
    });
    await expect(delivery.getByTestId('delivery-attempt').first()).toContainText('1. mislukt: 500');
    await expect(delivery).toContainText('De ontvanger antwoordde met 500.');
    await expectNoViolations(page);
    await expect(delivery.getByTestId('delivery-attempt')).toHaveCount(2, { timeout: 30_000 });
    await expect(delivery.getByTestId('delivery-attempt').nth(1)).toContainText('2. mislukt: 500');
    await expect(delivery.getByTestId('delivery-status')).toHaveText('Afgeleverd', { timeout: 45_000 });
    await expect(delivery.getByTestId('delivery-attempt')).toHaveCount(3);
    await expect(delivery.getByTestId('delivery-attempt').nth(2)).toContainText('3. afgeleverd: 200');

    // The receiver got the same delivery three times, each signed with the secret shown once.
    expect(received.map((request) => request.status)).toEqual([500, 500, 200]);
    for (const request of received) {
      expect(request.delivery).toBe(received[0]!.delivery);
      const expected = `sha256=${createHmac('sha256', secret).update(request.body).digest('hex')}`;
      expect(request.signature).toBe(expected);
      const body = JSON.parse(request.body) as { event: string; data: Record<string, unknown> };
      expect(body.event).toBe('account.created');
      expect(JSON.stringify(body.data)).toContain(email);
    }
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('the dashboard shows its charts with their tables over a chosen period', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/dashboard');
  const charts = page.getByTestId('chart');
  await expect(charts).toHaveCount(4);
  await expect(page.getByRole('heading', { name: 'Actieve cursisten per week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Omzet per maand' })).toBeVisible();
  await expect(page.getByTestId('dashboard-counts')).toContainText('Open inhoudsmeldingen');
  const first = charts.first();
  await first.getByText('Toon de cijfers als tabel').click();
  await expect(first.getByTestId('chart-table').locator('tbody tr')).toHaveCount(12);
  await expect(first.getByTestId('chart-csv')).toHaveAttribute('download', 'active-learners-12-weeks.csv');
  await expectNoViolations(page);

  await page.getByLabel('Periode').selectOption('4');
  await expect(page).toHaveURL(/weeks=4/);
  await expect(charts.first().getByTestId('chart-table').locator('tbody tr')).toHaveCount(4);
});
