/**
 * LTI 1.3 Advantage (decision 070) with a small real tool the test serves itself
 * (apps/server/src/test/lti-tool.ts): the admin registers it by dynamic registration and approves
 * it, an author adds a resource from it by deep linking, and a student launches it in a frame of the
 * course page, with third-party cookies blocked; the tool reads the course's members and posts 8/10,
 * which completes the learning object with 80%, and the coach sees it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startLtiTool } from '../../apps/server/src/test/lti-tool';
import type { LtiTestTool } from '../../apps/server/src/test/lti-tool';
import { expectNoViolations } from './axe';
import config from '../playwright.config';
import { expect, signIn, test, viewIn, XHR } from './fixtures';

test.describe.configure({ mode: 'serial' });
// The tool is served on https with a certificate of its own (which the server trusts), so the course
// page may frame it; the browser blocks third-party cookies, as browsers now do.
test.use({
  ignoreHTTPSErrors: true,
  launchOptions: {
    ...config.use?.launchOptions,
    // The tool runs on this machine: Chromium's check on pages that reach local addresses (which a
    // tool on the internet never meets) is off for it.
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--test-third-party-cookie-phaseout',
      '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessForNavigations,PrivateNetworkAccessRespectPreflightResults',
    ],
  },
});
const TLS = {
  key: readFileSync(new URL('../fixtures/lti-tool/key.pem', import.meta.url), 'utf8'),
  cert: readFileSync(new URL('../fixtures/lti-tool/cert.pem', import.meta.url), 'utf8'),
};

const COURSE = 'Tools at work';
let tool: LtiTestTool;
let courseId = '';
let objectId = '';

test.beforeAll(async () => {
  tool = await startLtiTool({ tls: TLS });
});
test.afterAll(async () => {
  await tool?.close();
});

test('the admin registers the tool by dynamic registration and approves it', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/settings/integrations');
  const section = page.getByTestId('lti-tools');
  await section.getByRole('button', { name: 'Register a tool' }).click();
  await section.getByLabel('Registration address').fill(tool.registrationUrl);
  const popup = page.waitForEvent('popup');
  await section.getByRole('button', { name: 'Open the tool' }).click();
  const window = await popup;
  await expect(window.getByRole('heading', { name: 'Registered' })).toBeVisible({ timeout: 30_000 });
  await window.close();
  const card = section.getByTestId('lti-tool').filter({ hasText: 'Practice Lab' });
  await expect(card).toContainText('Waiting for approval', { timeout: 15_000 });
  await expect(card).toContainText(tool.registration!.clientId);
  await page.screenshot({ path: test.info().outputPath('lti-tools.png'), fullPage: true });
  await expectNoViolations(page);
  await card.getByRole('button', { name: /Approve/ }).click();
  await expect(card).toContainText('Active');
});

test('an author adds a resource from the tool by deep linking', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  const created = await page.request.post('/api/v1/courses', { headers: XHR, data: { title: COURSE } });
  expect(created.status(), await created.text()).toBe(201);
  courseId = (await created.json()).data.id;
  const section = await page.request.post(`/api/v1/courses/${courseId}/course_sections`, {
    headers: XHR,
    data: { title: 'Labs' },
  });
  expect(section.status(), await section.text()).toBe(201);
  await page.goto(`/admin/courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('add-from-tool').first().click();
  const popup = page.waitForEvent('popup');
  await page.getByTestId('add-from-tool-panel').getByRole('button', { name: 'Open the tool' }).click();
  const window = await popup;
  await window.getByRole('button', { name: 'Add Fire safety lab' }).click({ timeout: 30_000 });
  await expect(window.locator('[data-count="1"]')).toBeVisible();
  await window.close();
  // The outline shows the new object without a reload.
  await expect(page.getByText('Fire safety lab')).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('lti-outline.png'), fullPage: true });
  const course = await (
    await page.request.get(`/api/v1/courses/${courseId}?include=course_sections,learning_objects`)
  ).json();
  const object = (course.included as Array<{ type: string; id: string; attributes: { title: string } }>).find(
    (row) => row.type === 'learning_objects' && row.attributes.title === 'Fire safety lab',
  );
  objectId = object!.id;
  const published = await page.request.patch(`/api/v1/courses/${courseId}`, {
    headers: XHR,
    data: { data: { type: 'courses', id: courseId, attributes: { status: 'published' } } },
  });
  expect(published.ok()).toBe(true);
});

test('a student launches it; the tool reads the members and posts 8/10 into progress', async ({ page }) => {
  expect(objectId, 'the object from the deep-linking test').not.toBe('');
  await viewIn(page, 'en');
  await signIn(page, 'student');
  const enrolled = await page.request.post(`/api/v1/courses/${courseId}/enrollments`, { headers: XHR });
  expect(enrolled.ok()).toBe(true);
  await page.goto(`/courses/${courseId}?learning_object=${objectId}`);
  const player = page.getByTestId('lti-player');
  await expect(player).toContainText('This activity opens in Practice Lab.', { timeout: 30_000 });
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath('lti-player.png'), fullPage: true });
  // The tool opens in a frame on the course page: another site, where no cookie of ours is needed.
  await expect(player.getByRole('button', { name: 'Open in a new window' })).toBeVisible();
  await player.getByRole('button', { name: 'Start', exact: true }).click();
  const frame = page.frameLocator('iframe[title="Practice Lab"]');
  await expect(frame.getByRole('heading', { name: 'Practice Lab: Fire safety lab' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(frame.getByText(/Members: \d+/)).toBeVisible();
  await expect(frame.getByText('Score sent (204).')).toBeVisible();
  // The course page shows the score while the tool is still open, without a reload.
  await expect(page.getByTestId('object-status')).toHaveText(/Completed/, { timeout: 30_000 });
  await expect(page.getByText('100% complete')).toBeVisible();
});

test("the coach sees the score of 8/10 among the student's results", async ({ page }) => {
  expect(objectId, 'the object from the deep-linking test').not.toBe('');
  await viewIn(page, 'en');
  await signIn(page, 'coach');
  await page.goto('/coach/students');
  await page.getByRole('link', { name: 'Sam Student' }).first().click();
  const result = page.getByTestId('student-result').filter({ hasText: 'Fire safety lab' });
  await expect(result).toContainText('Completed', { timeout: 30_000 });
  await expect(result).toContainText('80%');
  await expect(
    page.getByTestId('student-enrollments').getByRole('listitem').filter({ hasText: COURSE }),
  ).toContainText('100%');
});

test('the admin adds a tool by hand, with its public key and custom parameters', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/settings/integrations');
  const section = page.getByTestId('lti-tools');
  await section.getByRole('button', { name: 'Add by hand' }).click();
  const form = page.getByTestId('lti-tool-form');
  await form.getByLabel('Name').fill('Video platform');
  await form.getByLabel(/login address/i).fill('https://video.example/lti/login');
  await form.getByLabel(/launch address/i).fill('https://video.example/lti/launch');
  await form.getByLabel('Tool public key (JWK)').fill('not a key');
  await form.getByLabel('Custom parameters').fill('chapter=3\nthis is no parameter');
  await form.getByRole('button', { name: 'Add tool' }).click();
  await expect(form.getByText('Paste the key as one JSON object.')).toBeVisible();
  await expect(form.getByText(/Write each parameter on its own line/)).toBeVisible();
  await form
    .getByLabel('Tool public key (JWK)')
    .fill(
      JSON.stringify(generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' })),
    );
  await form.getByLabel('Custom parameters').fill('chapter=3\nlevel=beginner');
  await form.getByRole('button', { name: 'Add tool' }).click();
  const card = page.getByTestId('lti-tool').filter({ hasText: 'Video platform' });
  await expect(card).toContainText('chapter=3, level=beginner');
  await expectNoViolations(page);
});
