/**
 * SCORM packages (decision 064): the admin uploads a SCORM 1.2 and a SCORM 2004 package of our own
 * making (e2e/fixtures/scorm, zipped here), each with two SCOs and suspend_data over 4,096
 * characters, and a broken one that is refused with the manifest line and leaves nothing behind.
 * The student plays them in the sandboxed frame, closes the tab mid-way, comes back at the same
 * page, completes them, and the coach sees the completion and the score.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expect, signIn, test, viewIn, XHR } from './fixtures';

// 422: the broken package's refusal; 404: the package of an object before its first upload.
test.use({ allowConsoleErrors: ['status of 422', 'status of 404'] });
test.describe.configure({ mode: 'serial' });

const FIXTURES = fileURLToPath(new URL('../fixtures/scorm', import.meta.url));
const COURSE = 'Packaged safety training';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A fixture package as a zip, made now; `change` edits its files first. */
function zipOf(
  name: 'scorm12' | 'scorm2004',
  change: (files: Record<string, Uint8Array>) => void = () => {},
) {
  const root = join(FIXTURES, name);
  const files: Record<string, Uint8Array> = {};
  for (const path of filesUnder(root)) files[relative(root, path).split('\\').join('/')] = readFileSync(path);
  change(files);
  return Buffer.from(zipSync(files));
}

let courseId = '';
const objects: Record<'scorm12' | 'scorm2004', string> = { scorm12: '', scorm2004: '' };

async function uploadThroughDialog(page: Page, title: string, zip: Buffer, fileName: string) {
  await page.getByTestId('add-object').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('SCORM package', { exact: true }).click();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByTestId('save-object').click();
  await expect(dialog.getByText('No package uploaded yet.')).toBeVisible();
  await dialog
    .getByLabel('SCORM package (.zip, SCORM 1.2 or 2004)')
    .setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: zip });
  return dialog;
}

test('the admin uploads a SCORM 1.2 and a SCORM 2004 package; a broken one is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  const created = await page.request.post('/api/v1/courses', { headers: XHR, data: { title: COURSE } });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { id: string } }).data.id;
  const section = await page.request.post(`/api/v1/courses/${courseId}/course_sections`, {
    headers: XHR,
    data: { title: 'Packages' },
  });
  expect(section.status(), await section.text()).toBe(201);
  await page.goto(`/admin/courses/${courseId}`);
  // The editor reads the whole course first; on a busy machine that takes a while.
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible({ timeout: 30_000 });

  // A broken package: the problem and its manifest line are told, and nothing is kept.
  let dialog = await uploadThroughDialog(
    page,
    'Broken package',
    zipOf('scorm12', (files) => {
      delete files['sco2/index.html'];
    }),
    'broken.zip',
  );
  await expect(dialog.getByText(/sco2\/index\.html.*line 27/)).toBeVisible();
  await expect(dialog.getByText('No package uploaded yet.')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  const broken = page.getByTestId('outline-object').filter({ hasText: 'Broken package' });
  await broken.getByRole('button', { name: /Delete/ }).click();
  await page
    .getByRole('dialog', { name: 'Delete learning object' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(broken).toHaveCount(0);

  for (const [kind, title] of [
    ['scorm12', 'Lifting safely'],
    ['scorm2004', 'Hazards at work'],
  ] as const) {
    dialog = await uploadThroughDialog(page, title, zipOf(kind), `${kind}.zip`);
    await expect(dialog.getByTestId('scorm-package-current')).toContainText(
      kind === 'scorm12' ? 'SCORM 1.2, SCOs: 2' : 'SCORM 2004, SCOs: 2',
    );
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('outline-object').filter({ hasText: title });
    await expect(row).toBeVisible();
  }
  const outline = (await (
    await page.request.get(`/api/v1/courses/${courseId}?include=course_sections,learning_objects`)
  ).json()) as {
    included: Array<{ type: string; id: string; attributes: { title: string } }>;
  };
  for (const resource of outline.included) {
    if (resource.attributes.title === 'Lifting safely') objects.scorm12 = resource.id;
    if (resource.attributes.title === 'Hazards at work') objects.scorm2004 = resource.id;
  }
  expect(objects.scorm12).not.toBe('');
  expect(objects.scorm2004).not.toBe('');
  const published = await page.request.patch(`/api/v1/courses/${courseId}`, {
    headers: XHR,
    data: { data: { type: 'courses', id: courseId, attributes: { status: 'published' } } },
  });
  expect(published.ok()).toBe(true);
});

const sco = (page: Page) => page.frameLocator('[data-testid="scorm-frame"]');
const saved = (page: Page) =>
  page.waitForResponse(
    (response) =>
      /\/api\/v1\/scorm_attempts\/\d+$/.test(response.url()) && response.request().method() === 'PATCH',
  );

async function playPackage(page: Page, objectId: string, firstTitle: string) {
  await page.goto(`/courses/${courseId}?learning_object=${objectId}`);
  const frame = sco(page);
  // The package's frame loads after the runtime; a busy machine takes its time.
  await expect(frame.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible({ timeout: 30_000 });
  await expect(frame.getByText('Page 1 of 3')).toBeVisible();
  const commit = saved(page);
  await frame.getByRole('button', { name: 'Next page' }).click();
  expect((await commit).ok()).toBe(true);
  await expect(frame.getByText('Page 2 of 3')).toBeVisible();
  await expect(page.getByTestId('scorm-toc-item').first()).toHaveAttribute('data-state', 'incomplete');
}

async function finishPackage(page: Page, objectId: string, firstTitle: string, secondTitle: string) {
  await page.goto(`/courses/${courseId}?learning_object=${objectId}`);
  const frame = sco(page);
  // Back where the learner left off, with everything they had (over 4,096 characters).
  await expect(frame.getByText('Page 2 of 3')).toBeVisible({ timeout: 30_000 });
  const restored = await frame.getByRole('status').textContent();
  expect(Number(/restored (\d+) characters/.exec(restored ?? '')?.[1])).toBeGreaterThan(4096);
  await expectNoViolations(page);

  let commit = saved(page);
  await frame.getByRole('button', { name: 'Next page' }).click();
  await commit;
  commit = saved(page);
  await frame.getByRole('button', { name: 'Finish' }).click();
  await commit;
  await expect(page.getByTestId('scorm-toc-item').first()).toHaveAttribute('data-state', 'passed');

  // The table of contents moves to the second SCO.
  await page.getByTestId('scorm-toc-item').filter({ hasText: secondTitle }).click();
  await expect(frame.getByRole('heading', { level: 1, name: secondTitle })).toBeVisible({ timeout: 30_000 });
  commit = saved(page);
  await frame.getByRole('button', { name: 'Next page' }).click();
  await commit;
  commit = saved(page);
  await frame.getByRole('button', { name: 'Finish' }).click();
  await commit;
  await expect(page.getByTestId('scorm-toc-item').nth(1)).toHaveAttribute(
    'data-state',
    /passed|failed|completed/,
  );
  await expect(page.getByTestId('object-status')).toHaveText(/Completed/);
  expect(firstTitle).not.toBe(secondTitle);
}

test('the student plays both packages, closes the tab mid-way, resumes and completes them', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  expect(courseId, 'the course from the first test').not.toBe('');
  await viewIn(page, 'en');
  await signIn(page, 'student');
  const enrolled = await page.request.post(`/api/v1/courses/${courseId}/enrollments`, { headers: XHR });
  expect(enrolled.ok()).toBe(true);

  await playPackage(page, objects.scorm12, 'Basics of lifting');
  await expectNoViolations(page);
  // The tab closes mid-way; a new one comes back to the same place.
  await page.close();
  let again = await context.newPage();
  await viewIn(again, 'en');
  await finishPackage(again, objects.scorm12, 'Basics of lifting', 'Practice');

  await playPackage(again, objects.scorm2004, 'Introduction');
  await again.close();
  again = await context.newPage();
  await viewIn(again, 'en');
  await finishPackage(again, objects.scorm2004, 'Introduction', 'Check your knowledge');
  await expect(again.getByTestId('course-progress')).toHaveText('100% complete');
});

test('the coach sees the completion', async ({ page }) => {
  expect(courseId, 'the course from the first test').not.toBe('');
  await viewIn(page, 'en');
  await signIn(page, 'coach');
  await page.goto('/coach/students');
  await page.getByRole('link', { name: 'Sam Student' }).first().click();
  const enrolment = page.getByTestId('student-enrollments').getByRole('listitem').filter({ hasText: COURSE });
  await expect(enrolment).toContainText('100%');
  // Each package's score is among the student's results, as a quiz's would be.
  for (const title of ['Lifting safely', 'Hazards at work']) {
    const result = page.getByTestId('student-result').filter({ hasText: title });
    await expect(result).toContainText('SCORM package · Completed');
    await expect(result).toContainText(/\d+%/);
  }
  await expectNoViolations(page);
  await page.screenshot({ path: test.info().outputPath('coach-student-results.png'), fullPage: true });
});
