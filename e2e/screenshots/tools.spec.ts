/**
 * LTI tools for docs/screenshots and docs/integrations.md: registering a tool, adding content from
 * it in the course editor, and the player. Run on demand: `npm run screenshots`. It adds a course,
 * so it runs with the course screens, last.
 */
import { startLtiTool, type LtiTestTool } from '../../apps/server/src/test/lti-tool';
import { expect, signIn, test, viewIn, XHR } from '../tests/fixtures';
import { SCREENSHOTS_DIR, shoot } from './shoot';

test.describe.configure({ mode: 'serial' });

let tool: LtiTestTool;
let courseId = '';
let objectId = '';

test.beforeAll(async () => {
  tool = await startLtiTool();
});
test.afterAll(async () => {
  await tool?.close();
});

test('registering a tool', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
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
  await card.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SCREENSHOTS_DIR}/admin-lti-tools.png` });
  await card.getByRole('button', { name: /Approve/ }).click();
  await expect(card).toContainText('Active');
});

test('adding content from the tool, and the player', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  const created = await page.request.post('/api/v1/courses', {
    headers: XHR,
    data: { data: { type: 'courses', attributes: { title: 'Fire safety in practice' } } },
  });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { id: string } }).data.id;
  const section = await page.request.post(`/api/v1/courses/${courseId}/course_sections`, {
    headers: XHR,
    data: { title: 'Labs' },
  });
  expect(section.status(), await section.text()).toBe(201);
  await page.goto(`/admin/courses/${courseId}`);
  await page.getByTestId('add-from-tool').first().click();
  const popup = page.waitForEvent('popup');
  await page.getByTestId('add-from-tool-panel').getByRole('button', { name: 'Open the tool' }).click();
  const window = await popup;
  await window.getByRole('button', { name: 'Add Fire safety lab' }).click({ timeout: 30_000 });
  await window.close();
  await expect(page.getByText('Fire safety lab')).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'admin-lti-add-from-tool');
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

  await signIn(page, 'student');
  const enrolled = await page.request.post(`/api/v1/courses/${courseId}/enrollments`, { headers: XHR });
  expect(enrolled.ok()).toBe(true);
  await page.goto(`/courses/${courseId}?learning_object=${objectId}`);
  await expect(page.getByTestId('lti-player')).toBeVisible({ timeout: 30_000 });
  await shoot(page, 'course-lti-player');
});
