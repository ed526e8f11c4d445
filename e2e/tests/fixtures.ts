import { createServer as createNetServer } from 'node:net';
/**
 * Shared test set-up: the demo accounts, signing in, and a guard that fails a test on any console
 * error or uncaught exception (the "no console errors").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { LEARNING_MAIL_DIR, MAIL_DIR } from '../playwright.config';

export const PASSWORD = 'leerpad-demo';

export const ACCOUNTS = {
  student: 'student@leerpad.test',
  coach: 'coach@leerpad.test',
  admin: 'admin@leerpad.test',
  support: 'support@leerpad.test',
  nosub: 'nosub-student@leerpad.test',
  secondStudent: 'second-student@leerpad.test',
  thirdStudent: 'third-student@leerpad.test',
  author: 'author@leerpad.test',
  sales: 'sales@leerpad.test',
  classmate: 'classmate@leerpad.test',
} as const;

export type AccountName = keyof typeof ACCOUNTS;

interface Fixtures {
  /** Console messages that are expected in this test (substring matches). */
  allowConsoleErrors: string[];
  consoleGuard: void;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowConsoleErrors.some((allowed) => text.includes(allowed))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use();
      // A request still on its way when the test ends (a refetch of /me, say) is not the test's
      // business: its route handler would fail as the context closes under it.
      if (!page.isClosed()) await page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Signs in through the form, as a person would. */
export async function signInWithForm(page: Page, account: AccountName, path = '/auth'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/e-mail/i).fill(ACCOUNTS[account]);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
}

/** The header the API asks of browser requests that change something. */
export const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * Signs in through the API (quicker; the browser context keeps the session cookie). Unless asked to
 * keep it, the first-visit menu tour is recorded as seen, so it covers nothing a test looks at.
 */
export async function signIn(page: Page, account: AccountName, { keepTour = false } = {}): Promise<string> {
  const response = await page.request.post('/api/auth/login', {
    headers: XHR,
    data: { email: ACCOUNTS[account], password: PASSWORD },
  });
  expect(response.status(), `sign-in of ${account}`).toBe(200);
  const accountId = ((await response.json()) as { data: { id: string } }).data.id;
  // Recorded as seen, or (keepTour) as not yet seen, whatever earlier tests did.
  const saved = await page.request.post(`/api/v1/accounts/${accountId}/preferences`, {
    headers: XHR,
    data: { property: 'onboarding-features', payload: keepTour ? '' : 'main-menu@1' },
  });
  expect(saved.ok(), 'tour preference').toBe(true);
  return accountId;
}

/**
 * Whether the first-visit menu tour is open, once the header has decided (`data-onboarding` is no
 * longer "loading"), so a slow machine cannot open the tour after a test has looked.
 */
export async function tourOpens(page: Page): Promise<boolean> {
  const decided = page.locator('[data-onboarding]:not([data-onboarding="loading"])');
  await decided.waitFor({ state: 'attached', timeout: 30_000 });
  return (await decided.getAttribute('data-onboarding')) === 'open';
}

/** Closes the first-visit menu tour if it appears (after a sign-in through the form). */
export async function dismissTour(page: Page): Promise<void> {
  if (!(await tourOpens(page))) return;
  const tour = page.getByTestId('onboarding-tour');
  await tour.getByRole('button').click();
  await expect(tour).toBeHidden();
}

/**
 * The page's requests in flight from now on (the notification stream, which stays open, aside).
 * Playwright's `networkidle` fires once per document, so it cannot say that a page's later requests
 * have been answered; `quiet()` can.
 */
export function trackRequests(page: Page): { quiet: (forMs?: number) => Promise<void> } {
  let inFlight = 0;
  let changed = Date.now();
  const counted = (request: Request) => request.resourceType() !== 'eventsource';
  page.on('request', (request) => {
    if (!counted(request)) return;
    inFlight += 1;
    changed = Date.now();
  });
  const done = (request: Request) => {
    if (!counted(request)) return;
    inFlight = Math.max(0, inFlight - 1);
    changed = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    /** Until nothing has been in flight for 300 ms (as Playwright's `networkidle` after a load), or `forMs`. */
    quiet: (forMs = 300) =>
      expect
        .poll(() => inFlight === 0 && Date.now() - changed >= forMs, { intervals: [100], timeout: 30_000 })
        .toBe(true),
  };
}

/**
 * The addresses of the main menu's links once it shows them. The menu can be on screen a moment
 * before its entries (the shell drawn again while a page's texts load), so this waits for entries.
 */
export async function mainMenuLinks(page: Page): Promise<string[]> {
  const menu = page.getByTestId('main-menu');
  await expect(menu).toBeVisible();
  let hrefs: string[] = [];
  await expect
    .poll(
      async () => {
        hrefs = await menu
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
        return hrefs.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  return hrefs;
}

/** Waits until the app has rendered its first screen (the splash is gone). */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]').first()).toBeHidden({ timeout: 15_000 });
}

/** The /me document as the API sends it (the parts tests change). */
export interface MeDocument {
  data: { attributes: { roles: string[] } };
  included?: Array<{ type: string; attributes: Record<string, unknown> }>;
}

const BOOT_ANSWERS = /(<script type="application\/json" id="leerpad-boot">)(.*?)(<\/script>)/s;

/**
 * Changes the /me document the app receives, wherever it comes from: GET /api/v1/me, and the copy
 * the page itself carries for a signed-in visitor.
 */
export async function rewriteMe(page: Page, change: (me: MeDocument) => void): Promise<void> {
  await page.route('**/api/v1/me', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as MeDocument;
    change(json);
    await route.fulfill({ response, json });
  });
  await page.route(
    // The app's own pages (on either demo portal), not the API, its assets or embedded players.
    (url) =>
      url.hostname.endsWith('localhost') &&
      !url.pathname.startsWith('/api/') &&
      !url.pathname.startsWith('/assets/'),
    async (route) => {
      const request = route.request();
      if (request.resourceType() !== 'document' || request.frame() !== page.mainFrame())
        return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        BOOT_ANSWERS,
        (_match, open: string, json: string, close: string) => {
          const answers = JSON.parse(json) as Record<string, unknown>;
          const me = answers['/api/v1/me'] as MeDocument | undefined;
          if (me) change(me);
          return `${open}${JSON.stringify(answers).replace(/</g, '\\u003c')}${close}`;
        },
      );
      await route.fulfill({ response, body: html });
    },
  );
}

/**
 * Ends the browser's session, as a test that goes on as another account does: the page is left
 * first, so that none of its requests (what it starts after its first paint, say) meets the ended
 * session and is refused into the console.
 */
export async function endSession(page: Page): Promise<void> {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Shows the interface in another language without changing the account (other tests rely on it). */
export async function viewIn(page: Page, locale: 'nl' | 'en' | 'ro') {
  if (locale === 'nl') return;
  await rewriteMe(page, (me) => {
    for (const resource of me.included ?? [])
      if (resource.type === 'accounts') resource.attributes.locale = locale;
  });
}

/** Quoted-printable undone: soft line breaks removed, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else bytes.push(...Buffer.from(joined[index]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The newest e-mail the server under test wrote to this address, decoded; undefined until one is there. */
export function mailTo(address: string): string | undefined {
  // Each project's specs talk to their own server, which writes its own mail.
  const mailDir = test.info().project.name === 'learning' ? LEARNING_MAIL_DIR : MAIL_DIR;
  if (!existsSync(mailDir)) return undefined;
  return (
    readdirSync(mailDir)
      .sort()
      .map((file) => readFileSync(join(mailDir, file), 'utf8'))
      // Only a message sent as quoted-printable is decoded: in an 8-bit one, "=1C" is plain text.
      .map((raw) =>
        /content-transfer-encoding:\s*quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw,
      )
      .filter((text) => text.includes(address))
      .at(-1)
  );
}

/** A port nothing listens on now, for a server a test starts of its own. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail()));
    });
  });
}
