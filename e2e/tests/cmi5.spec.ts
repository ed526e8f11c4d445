/**
 * cmi5 courses (decision 068): the admin imports a cmi5 course of our own making
 * (e2e/fixtures/cmi5/safety, zipped here: a block with a hosted AU whose page reads the launch
 * parameters, calls the fetch URL, reads LMS.LaunchData and talks to the portal's LRS, and an
 * external AU with moveOn NotApplicable); a broken one is refused with the line of cmi5.xml. The
 * student launches the AU, passes it (moveOn CompletedAndPassed) and sees the object completed;
 * the coach sees the completion.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';
import type { Page } from '@playwright/test';
import { expectNoViolations } from './axe';
import { expect, signIn, test, viewIn, XHR } from './fixtures';

// 422: the broken course's refusal; 404: the course of an object before its first import.
test.use({ allowConsoleErrors: ['status of 422', 'status of 404'] });
test.describe.configure({ mode: 'serial' });

const FIXTURE = fileURLToPath(new URL('../fixtures/cmi5/safety', import.meta.url));
const COURSE = 'cmi5 safety training';
const SHOTS = process.env.LEERPAD_E2E_SHOTS;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The fixture course as a zip, made now; `change` edits its files first. */
function courseZip(change: (files: Record<string, Uint8Array>) => void = () => {}) {
  const files: Record<string, Uint8Array> = {};
  for (const path of filesUnder(FIXTURE))
    files[relative(FIXTURE, path).split('\\').join('/')] = readFileSync(path);
  change(files);
  return Buffer.from(zipSync(files));
}

let courseId = '';
let objectId = '';

async function importThroughDialog(page: Page, title: string, zip: Buffer, fileName: string) {
  await page.getByTestId('add-object').first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('cmi5 course', { exact: true }).click();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByTestId('save-object').click();
  await expect(dialog.getByText('No course imported yet.')).toBeVisible();
  await dialog
    .getByLabel('cmi5 course (cmi5.xml, or a .zip holding it with its AUs)')
    .setInputFiles({ name: fileName, mimeType: 'application/zip', buffer: zip });
  return dialog;
}

test('the admin imports a cmi5 course; a broken one is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  const created = await page.request.post('/api/v1/courses', { headers: XHR, data: { title: COURSE } });
  expect(created.status(), await created.text()).toBe(201);
  courseId = ((await created.json()) as { data: { id: string } }).data.id;
  const section = await page.request.post(`/api/v1/courses/${courseId}/course_sections`, {
    headers: XHR,
    data: { title: 'cmi5' },
  });
  expect(section.status(), await section.text()).toBe(201);
  await page.goto(`/admin/courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible({ timeout: 30_000 });

  // A broken course: the problem and its line are told, and nothing is kept.
  let dialog = await importThroughDialog(
    page,
    'Broken course',
    courseZip((files) => {
      files['cmi5.xml'] = strToU8(
        new TextDecoder().decode(files['cmi5.xml']).replace('CompletedAndPassed', 'Whenever'),
      );
    }),
    'broken.zip',
  );
  await expect(dialog.getByText(/Whenever.*line 10/)).toBeVisible();
  await expect(dialog.getByText('No course imported yet.')).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();
  const broken = page.getByTestId('outline-object').filter({ hasText: 'Broken course' });
  await broken.getByRole('button', { name: /Delete/ }).click();
  await page
    .getByRole('dialog', { name: 'Delete learning object' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(broken).toHaveCount(0);

  dialog = await importThroughDialog(page, 'Workplace safety', courseZip(), 'safety.zip');
  await expect(dialog.getByTestId('cmi5-course-current')).toContainText('Workplace safety (cmi5), AUs: 2');
  await expect(dialog.getByTestId('cmi5-course-aus')).toContainText('Safety check · CompletedAndPassed');
  await expectNoViolations(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cmi5-import.png` });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  const outline = (await (
    await page.request.get(`/api/v1/courses/${courseId}?include=course_sections,learning_objects`)
  ).json()) as { included: Array<{ type: string; id: string; attributes: { title: string } }> };
  objectId = outline.included.find((resource) => resource.attributes.title === 'Workplace safety')?.id ?? '';
  expect(objectId).not.toBe('');
  const published = await page.request.patch(`/api/v1/courses/${courseId}`, {
    headers: XHR,
    data: { data: { type: 'courses', id: courseId, attributes: { status: 'published' } } },
  });
  expect(published.ok()).toBe(true);
});

test('the student launches the AU, passes it and sees the object completed', async ({ page }) => {
  test.setTimeout(120_000);
  expect(objectId, 'the course from the first test').not.toBe('');
  await viewIn(page, 'en');
  await signIn(page, 'student');
  const enrolled = await page.request.post(`/api/v1/courses/${courseId}/enrollments`, { headers: XHR });
  expect(enrolled.ok()).toBe(true);

  await page.goto(`/courses/${courseId}?learning_object=${objectId}`);
  const check = page.getByTestId('cmi5-au').filter({ hasText: 'Safety check' });
  await expect(check).toHaveAttribute('data-state', 'not_attempted', { timeout: 30_000 });
  await check.getByRole('button', { name: 'Start: Safety check' }).click();

  const frame = page.frameLocator('[data-testid="cmi5-frame"]');
  // The AU read its launch parameters, fetched its credential and read LMS.LaunchData.
  await expect(frame.getByText('Ready: Normal launch, moveOn CompletedAndPassed, mastery 0.8')).toBeVisible({
    timeout: 30_000,
  });
  await expect(check).toHaveAttribute('data-state', 'in_progress');
  await expectNoViolations(page);
  await frame.getByRole('button', { name: 'Finish and pass' }).click();
  await expect(frame.getByText('Done: you passed with 90%.')).toBeVisible();
  // The LMS evaluated moveOn: the AU is done, the block and course are satisfied.
  await expect(check).toHaveAttribute('data-state', 'satisfied', { timeout: 15_000 });
  await expect(check).toContainText('score 90%');
  await expect(page.getByTestId('object-status')).toHaveText(/Completed/);
  await expect(page.getByTestId('course-progress')).toHaveText('100% complete');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cmi5-player.png` });

  // The external AU opens in its own window.
  await page
    .getByTestId('cmi5-au')
    .filter({ hasText: 'Further reading' })
    .getByRole('button', { name: 'Start: Further reading' })
    .click();
  await expect(page.getByTestId('cmi5-open-window')).toHaveAttribute(
    'href',
    /^https:\/\/example\.org\/safety-reading\?endpoint=/,
  );
  await expectNoViolations(page);
});

test('the coach sees the completion', async ({ page }) => {
  expect(courseId, 'the course from the first test').not.toBe('');
  await viewIn(page, 'en');
  await signIn(page, 'coach');
  await page.goto('/coach/students');
  await page.getByRole('link', { name: 'Sam Student' }).first().click();
  const enrolment = page.getByTestId('student-enrollments').getByRole('listitem').filter({ hasText: COURSE });
  await expect(enrolment).toContainText('100%');
});
