/**
 * Certifications end to end: an admin defines one on a course, the student completes the course
 * and finds the certificate on their portfolio, anyone can verify it, and a revocation shows.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appReady, expect, signIn, test, XHR } from './fixtures';

const COURSE = 'Time management and priorities';
const CERTIFICATION = 'Tijdmanagement gecertificeerd';

async function expectNoSeriousViolations(page: Page) {
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

test.describe.configure({ mode: 'serial' });

let code = '';

test('an admin defines a certification and the student earns it by completing the course', async ({
  browser,
}) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/certifications');
  await appReady(admin);
  await admin.getByTestId('new-certification').click();
  const form = admin.getByTestId('certification-form');
  await form.locator('input[name="name"]').fill(CERTIFICATION);
  await form.getByLabel(COURSE).check();
  await form.locator('input[name="validityMonths"]').fill('12');
  await form.locator('input[name="recertificationWindowDays"]').fill('400');
  await form.getByTestId('save-certification').click();
  // A window longer than the validity is pointed at, on its field.
  await expect(form.locator('input[name="recertificationWindowDays"]')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await form.locator('input[name="recertificationWindowDays"]').fill('30');
  await form.getByTestId('save-certification').click();
  const card = admin.getByTestId('certification-card').filter({ hasText: CERTIFICATION });
  await expect(card).toBeVisible();
  await expectNoSeriousViolations(admin);

  const student = await (await browser.newContext()).newPage();
  await signIn(student, 'student');
  const courses = (await (await student.request.get('/api/v1/courses?page[size]=100')).json()) as {
    data: Array<{ id: string; attributes: { title: string } }>;
  };
  const course = courses.data.find((item) => item.attributes.title === COURSE)!;
  expect(
    (await student.request.post(`/api/v1/courses/${course.id}/enrollments`, { headers: XHR, data: {} })).ok(),
  ).toBe(true);
  const overview = (await (
    await student.request.get(`/api/v1/courses/${course.id}?include=learning_objects`)
  ).json()) as {
    included?: Array<{ type: string; id: string }>;
  };
  const objects = (overview.included ?? []).filter((item) => item.type === 'learning_objects');
  expect(objects.length).toBeGreaterThan(0);
  for (const object of objects) {
    const done = await student.request.put(`/api/v1/learning_objects/${object.id}/progress`, {
      headers: XHR,
      data: { completed: true },
    });
    expect(done.ok()).toBe(true);
  }

  await student.goto('/portfolio');
  await appReady(student);
  const certificate = student.getByTestId('my-certificate').filter({ hasText: CERTIFICATION });
  await expect(certificate).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(student);
  code = (await certificate.locator('.font-mono').textContent())!.trim();
  const pdfHref = await certificate.locator('a[href$="/pdf"]').getAttribute('href');
  const pdf = await student.request.get(pdfHref!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('a guest verifies the certificate, and sees it revoked once the admin revokes it', async ({
  browser,
}) => {
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/verify/${code}`);
  await expect(guest.getByTestId('verify-status')).toHaveAttribute('data-status', 'valid');
  await expect(guest.getByTestId('verify-holder')).toHaveText('Sam Student');
  await expectNoSeriousViolations(guest);

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/certifications');
  const card = admin.getByTestId('certification-card').filter({ hasText: CERTIFICATION });
  await card.getByTestId('show-holders').click();
  const row = card.getByTestId('holder-row').filter({ hasText: code });
  await row.getByTestId('revoke').click();
  await row.locator('input[name="reason"]').fill('Issued by mistake');
  await row.getByTestId('revoke-form').locator('button[type="submit"]').click();
  await expect(row.getByTestId('certificate-status')).toHaveText(/.+/);
  await expect(row.getByTestId('revoke')).toHaveCount(0);

  await guest.reload();
  await expect(guest.getByTestId('verify-status')).toHaveAttribute('data-status', 'revoked');
});
