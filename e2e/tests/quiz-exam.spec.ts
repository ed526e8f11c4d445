/**
 * A timed quiz as a student meets it: the time left counts down from the server's deadline, each
 * answer is saved as it is given and survives a reload, a second tab resumes the same attempt
 * instead of starting another, and once the time has run out the page says what happens to the
 * answers. The author sets the quiz up through the API (authoring its settings has its own tests).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test, viewIn, XHR } from './fixtures';

async function post(page: Page, path: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request.post(`/api/v1${path}`, { headers: XHR, data });
  expect(response.status(), path).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data;
}

async function studentPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await viewIn(page, 'en');
  await signIn(page, 'student');
  return page;
}

test('a timed quiz counts down, keeps each answer through a reload and resumes in a second tab', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin');
  const course = await post(page, '/courses', { title: 'Timed exam', status: 'published' });
  const section = await post(page, `/courses/${course.id}/course_sections`, { title: 'Exam' });
  const quiz = await post(page, `/course_sections/${section.id}/learning_objects`, {
    kind: 'quiz',
    title: 'Timed final',
    settings: { pass_mark: 50, time_limit_minutes: 20 },
  });
  for (const n of [1, 2, 3]) {
    await post(page, `/learning_objects/${quiz.id}/quiz_questions`, {
      kind: 'single_choice',
      prompt: `Question ${n}: which one is right?`,
      options: [
        { text: `Right ${n}`, correct: true },
        { text: `Wrong ${n}`, correct: false },
      ],
    });
  }

  const student = await studentPage(browser);
  await post(student, `/courses/${course.id}/enrollments`, {});
  const quizAddress = `/courses/${course.id}?learning_object=${quiz.id}`;
  await student.goto(quizAddress);
  await expect(student.getByRole('heading', { level: 2, name: 'Timed final', exact: true })).toBeVisible();
  await student.getByRole('button', { name: 'Start quiz' }).click();

  // The server's deadline, 20 minutes from the start, counted down on the page.
  const timer = student.getByRole('timer');
  await expect(timer).toHaveText(/^(20:00|19:5\d) left$/);
  const questions = student.getByTestId('quiz-question');
  await expect(questions).toHaveCount(3);
  const first = questions.first();
  const prompt = (await first.locator('p').first().textContent()) ?? '';
  const n = /Question (\d)/.exec(prompt)?.[1];
  expect(n, prompt).toBeDefined();
  await first.getByLabel(`Right ${n}`).check();
  await expect(student.getByTestId('quiz-save-status')).toHaveText('Answers saved');
  // The time left stays in sight at the last question.
  await student.getByRole('button', { name: 'Submit answers' }).scrollIntoViewIfNeeded();
  await expect(timer).toBeInViewport();
  // Not under the page's fixed header either.
  const header = (await student.locator('header').first().boundingBox())!;
  expect((await timer.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  await student.screenshot({ path: test.info().outputPath('timed-quiz.png') });

  // A reload finds the same attempt with the answer given, and the clock still running.
  await student.reload();
  await expect(student.getByLabel(`Right ${n}`)).toBeChecked();
  await expect(student.getByRole('timer')).toHaveText(/^(20:00|19:[0-5]\d) left$/);

  // A second tab resumes that attempt: the answer is there, and only one attempt was started.
  const secondTab = await student.context().newPage();
  await secondTab.goto(quizAddress);
  await expect(secondTab.getByLabel(`Right ${n}`)).toBeChecked();
  const attempts = await student.request.get(`/api/v1/learning_objects/${quiz.id}/quiz_attempts`);
  expect(((await attempts.json()) as { data: unknown[] }).data).toHaveLength(1);
  await secondTab.close();

  // Past the deadline (the page's clock moved on), the page says so instead of counting.
  await student.clock.install();
  await student.reload();
  await expect(student.getByRole('timer')).toBeVisible();
  await student.clock.fastForward('20:30');
  await expect(student.getByRole('alert').filter({ hasText: 'Time is up' })).toHaveText(
    'Time is up: the answers saved in time are handed in.',
  );
  await expect(student.getByRole('timer')).toHaveCount(0);
  await student.context().close();
});
