import { appReady, expect, signIn, test } from './fixtures';
import { expectNoViolations } from './axe';

test('a student asks their coach from a learning object; the coach answers live; the student closes it', async ({
  browser,
}) => {
  const coach = await (await browser.newContext()).newPage();
  await signIn(coach, 'coach');
  await coach.goto('/coach/dashboard');
  await appReady(coach);
  const badge = coach.getByTestId('notifications-badge');
  // The demo coach always has unread notifications, so the badge is there from the start.
  await expect(badge).toHaveText(/^\d+$/);
  const before = Number(await badge.textContent());

  const student = await (await browser.newContext()).newPage();
  await signIn(student, 'student');
  await student.goto('/courses/1?learning_object=1');
  await appReady(student);
  await student.getByTestId('ask-coach').click();
  const subject = `Question ${Date.now()}`;
  await student.getByLabel('Onderwerp').fill(subject);
  await student.getByLabel('Je vraag').fill('Geldt de grens van 23 kilo ook boven schouderhoogte?');
  await student.getByRole('button', { name: 'Vraag versturen' }).click();
  await expect(student).toHaveURL(/\/account\/tickets\/\d+$/);

  // Without a reload (SSE), the coach's badge goes up and the question joins the dashboard's work list.
  await expect(badge).toHaveText(String(before + 1));
  const item = coach.getByTestId('coach-work-item').filter({ hasText: subject });
  await expect(item).toContainText('Sam Student vraagt');
  await item.getByRole('link').first().click();
  await expect(coach).toHaveURL(/\/coach\/tickets\/\d+$/);
  await coach.getByLabel('Je antwoord').fill('Nee, boven schouderhoogte is de grens lager.');
  await coach.getByRole('button', { name: 'Antwoord versturen' }).click();
  await expect(coach.getByTestId('ticket-thread')).toContainText('boven schouderhoogte is de grens lager');

  await student.reload();
  await expect(student.getByTestId('ticket-thread')).toContainText('boven schouderhoogte is de grens lager');
  await student.getByRole('button', { name: 'Ticket sluiten' }).click();
  await expect(student.getByRole('button', { name: 'Ticket heropenen' })).toBeVisible();
});

test('the ticket screens have no serious accessibility violations', async ({ page, browser }) => {
  await signIn(page, 'student');
  await page.goto('/account/tickets');
  await expect(page.getByTestId('ticket-list')).toBeVisible();
  await expectNoViolations(page);

  const coach = await (await browser.newContext()).newPage();
  await signIn(coach, 'coach');
  await coach.goto('/coach/tickets');
  await expect(coach.getByTestId('ticket-list')).toBeVisible();
  await expectNoViolations(coach);
});
