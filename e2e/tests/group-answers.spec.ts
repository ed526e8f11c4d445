/**
 * Group answers: the author invites a classmate, who becomes a member only by accepting. Runs on a
 * course of its own (made through the API), so the demo course's answers stay as other specs expect.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test, viewIn, XHR } from './fixtures';

async function pageAs(browser: Browser, account: 'admin' | 'student' | 'classmate'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await viewIn(page, 'en');
  await signIn(page, account);
  return page;
}

async function created(response: { status(): number; json(): Promise<unknown> }, what: string) {
  expect(response.status(), what).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}

test('a classmate joins a group answer by accepting the invitation, and sees it handed in', async ({
  browser,
}) => {
  const admin = await pageAs(browser, 'admin');
  const title = `Team lift drill ${Date.now()}`;
  const course = await created(
    await admin.request.post('/api/v1/courses', {
      headers: XHR,
      data: { title, language: 'en', status: 'published' },
    }),
    'course',
  );
  const section = await created(
    await admin.request.post(`/api/v1/courses/${course}/course_sections`, {
      headers: XHR,
      data: { title: 'Practice' },
    }),
    'section',
  );
  const assignment = await created(
    await admin.request.post(`/api/v1/course_sections/${section}/learning_objects`, {
      headers: XHR,
      data: { kind: 'assignment', title: 'Lift the crate together', settings: { group_submission: true } },
    }),
    'assignment',
  );
  await admin.context().close();

  const student = await pageAs(browser, 'student');
  const classmate = await pageAs(browser, 'classmate');
  for (const page of [student, classmate])
    expect(
      (
        await page.request.post('/api/v1/enrollments', {
          headers: XHR,
          data: { course: { type: 'courses', id: String(course) } },
        })
      ).ok(),
    ).toBe(true);

  // The author picks the classmate: saved with the answer, shown as invited.
  await student.goto(`/courses/${course}?learning_object=${assignment}`);
  await expect(student.getByRole('heading', { level: 2, name: 'Lift the crate together' })).toBeVisible();
  const group = student.getByTestId('group-members');
  await group.getByLabel('Find a classmate').fill('Casper');
  await group.getByRole('checkbox', { name: /Casper Classmate/ }).check();
  await student.getByRole('textbox', { name: 'Your answer' }).fill('Two people, one count, knees bent.');
  await expect(student.getByTestId('answer-save-status')).toContainText('Saved');
  await student.reload();
  const chosen = student.getByTestId('group-chosen');
  await expect(chosen).toContainText('Casper Classmate');
  await expect(chosen.getByTestId('group-member-state')).toHaveText('invited');

  // The classmate is asked, not added: the invitation says who asked, and accepting joins.
  await classmate.goto(`/courses/${course}?learning_object=${assignment}`);
  const invitations = classmate.getByTestId('group-invitations');
  await expect(invitations).toContainText('invited you to hand in this assignment together.');
  await invitations.getByRole('button', { name: 'Accept' }).click();
  await expect(invitations).toHaveCount(0);
  await expect(classmate.getByTestId('group-summary')).toContainText('hands this answer in for your group');

  // The author sees the acceptance and hands in for both.
  await student.reload();
  await expect(student.getByTestId('group-chosen').getByTestId('group-member-state')).toHaveText('accepted');
  await student.getByRole('button', { name: 'Submit for review' }).click();
  await expect(student.getByTestId('answer-status')).toHaveText('Submitted');
  await classmate.reload();
  await expect(classmate.getByTestId('answer-status')).toHaveText('Submitted');
});
