/**
 * The coach's journeys (issue 12): approving a request to enrol in an approval course (and the 403
 * screen for a coach without a mandate), planning a follow-up that is already overdue, and the
 * dashboard in Dutch. The coach screens have no serious accessibility violations.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { appReady, expect, signIn, test } from './fixtures';

const APPROVAL_COURSE = 'Vergaderen met resultaat';

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
  expect(serious, page.url()).toEqual([]);
}

async function idOf(page: Page, url: string, name: string, attribute: 'title' | 'full_name') {
  const response = await page.request.get(url);
  expect(response.ok(), url).toBe(true);
  const { data } = (await response.json()) as {
    data: Array<{ id: string; attributes: Record<string, unknown> }>;
  };
  const found = data.find((item) => item.attributes[attribute] === name);
  expect(found, `${name} in ${url}`).toBeTruthy();
  return found!.id;
}

test('the coach screens have no serious accessibility violations', async ({ page }) => {
  await signIn(page, 'coach');
  const sam = await idOf(page, '/api/v1/students?filter[search]=Sam', 'Sam Student', 'full_name');
  const screens: Array<[string, string]> = [
    ['/coach/dashboard', 'coach-work-list'],
    ['/coach/students', 'person-row'],
    [`/coach/students/${sam}`, 'follow-up-list'],
    ['/coach/mentees', 'person-row'],
    ['/coach/tickets', 'ticket-list'],
    ['/approvals', 'approval-list'],
  ];
  for (const [path, testId] of screens) {
    await page.goto(path);
    await appReady(page);
    await expect(page.getByTestId(testId).first()).toBeVisible();
    await expectNoViolations(page);
  }
});

test('a student requests enrolment; the coach with the mandate approves it; without a mandate: 403', async ({
  browser,
}) => {
  const student = await (await browser.newContext()).newPage();
  await signIn(student, 'student');
  const course = await idOf(student, '/api/v1/courses?page[size]=100', APPROVAL_COURSE, 'title');
  await student.goto(`/catalog/${course}`);
  await appReady(student);
  await student.getByTestId('request-enrolment').click();
  await expect(student.getByTestId('enrolment-pending')).toContainText('wacht op het besluit van een coach');

  const coach = await (await browser.newContext()).newPage();
  await signIn(coach, 'coach');
  await coach.goto('/approvals');
  await appReady(coach);
  const row = coach.getByTestId('person-row').filter({ hasText: 'Sam Student' });
  await expect(row).toContainText(`Wil deelnemen aan ${APPROVAL_COURSE}`);
  await row.getByRole('button', { name: 'Goedkeuren Sam Student' }).click();
  await expect(coach.getByRole('dialog')).toBeVisible();
  await expectNoViolations(coach);
  await coach.getByLabel('Toelichting voor de student').fill('Veel plezier met de cursus!');
  await coach.getByRole('button', { name: 'Goedkeuren en inschrijven' }).click();
  await expect(coach.getByRole('status').filter({ hasText: 'Sam Student is nu ingeschreven' })).toBeVisible();
  await expect(coach.getByTestId('person-row').filter({ hasText: 'Sam Student' })).toHaveCount(0);

  // The student is enrolled and told so, in Dutch.
  await student.goto(`/catalog/${course}`);
  await expect(student.getByRole('link', { name: 'Verder leren' })).toBeVisible();
  await student.goto('/notifications');
  await expect(
    student.getByText(`Je aanvraag voor "${APPROVAL_COURSE}" is goedgekeurd.`).first(),
  ).toBeVisible();

  // Staff revoke the coach's mandate: the coach gets the 403 screen; then they grant it again.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin');
  await admin.goto('/admin/settings/approvals');
  await appReady(admin);
  await expect(admin.getByTestId('mandate-list')).toBeVisible();
  await expectNoViolations(admin);
  await admin.getByRole('button', { name: 'Intrekken Carla Coach' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'is ingetrokken' })).toBeVisible();
  await coach.reload();
  await expect(coach.locator('[data-error-kind="forbidden"]')).toBeVisible();
  await expect(coach.getByRole('heading', { level: 1 })).toHaveText('Geen mandaat om te beslissen');

  await admin.getByRole('button', { name: 'Mandaat toekennen' }).click();
  await admin.getByLabel('Coach', { exact: true }).selectOption({ label: 'Carla Coach' });
  await admin.getByLabel('Gekozen cursussen').check();
  await admin.getByLabel(APPROVAL_COURSE, { exact: true }).check();
  await expectNoViolations(admin);
  await admin.getByRole('button', { name: 'Mandaat toekennen' }).last().click();
  await expect(admin.getByTestId('mandate-list')).toContainText('Carla Coach');
  await coach.reload();
  await expect(coach.getByRole('heading', { level: 1 })).toHaveText('Goedkeuringen');
});

test('a follow-up planned in the past shows as overdue on the dashboard and is reminded once', async ({
  page,
}) => {
  const coachId = await signIn(page, 'coach');
  const emma = await idOf(page, '/api/v1/students?filter[search]=Emma', 'Emma Smit', 'full_name');
  await page.goto(`/coach/students/${emma}`);
  await appReady(page);
  await page.getByTestId('plan-follow-up').click();
  const form = page.getByTestId('follow-up-form');
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await form
    .getByLabel('Datum en tijd')
    .fill(`${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}T10:00`);
  await form.getByTestId('follow-up-kind').selectOption('meeting');
  await form.getByLabel('Notitie').fill('Bespreek de aanvraag voor de vergadercursus.');
  await form.getByTestId('follow-up-submit').click();
  const planned = page
    .getByTestId('follow-up')
    .filter({ hasText: 'Bespreek de aanvraag voor de vergadercursus.' });
  await expect(planned).toContainText('Te laat');
  // The reminder job (every few seconds) notifies the coach, in Dutch.
  const reminder = 'Opvolging staat gepland: afspraak met Emma Smit.';
  const reminders = async () => {
    const response = await page.request.get(`/api/v1/accounts/${coachId}/notifications?page[size]=50`);
    const { data } = (await response.json()) as { data: Array<{ attributes: { message: string } }> };
    return data.filter((item) => item.attributes.message === reminder).length;
  };
  await expect.poll(reminders, { timeout: 20_000 }).toBe(1);

  await page.goto('/coach/dashboard');
  await appReady(page);
  const item = page.getByTestId('coach-work-item').filter({ hasText: 'Te laat: Afspraak met Emma Smit' });
  await expect(item).toHaveAttribute('data-tone', 'urgent');
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/coach/students/${emma}#follow-ups$`));
  // Later runs of the job do not remind again.
  expect(await reminders()).toBe(1);
});

test('the coach sees the dashboard in Dutch, demo data included', async ({ page }) => {
  await signIn(page, 'coach');
  await page.goto('/coach/dashboard');
  await appReady(page);
  await expect(page.getByRole('heading', { name: 'Je werk voor vandaag' })).toBeVisible();
  // Page texts come from a lazy namespace: no text key shows instead of its Dutch text.
  await expect(page.getByRole('main')).not.toContainText('pages.');
  const items = page.getByTestId('coach-work-item');
  await expect(items.first()).toBeVisible();
  const texts = await items.allInnerTexts();
  expect(texts.join('\n')).toContain('Te laat: Bellen met Sam Student');
  expect(texts.join('\n')).toContain('Sam Student vraagt: Hoe zwaar mag ik alleen tillen?');
  // Words the English texts of the work list use; none may show in the Dutch portal.
  const english =
    /\b(overdue|due|today|with|handed|waiting|days?|inactive|finished|completed|call|meeting|message|ago)\b/i;
  for (const text of texts) expect(text, text).not.toMatch(english);
  await page.goto('/coach/students');
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Studenten');
});
