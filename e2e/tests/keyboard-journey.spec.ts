/**
 * A student's day by keyboard alone, in Dutch: sign in, dismiss the tour, open a course and enrol,
 * start and pass its quiz, open and close a dialog, hand in its assignment and read a notification.
 * Every step checks where the focus is (decision 061). The course is made for this test through the API, so the journey never depends on what
 * other tests did with the demo courses.
 */
import { request as apiRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LEARNING_BASE_URL } from '../playwright.config';
import { ACCOUNTS, PASSWORD, XHR, expect, test } from './fixtures';

const COURSE = `Toetsenbord zonder muis ${Date.now()}`;
const ANSWER = 'Ik til met rechte rug en vraag hulp bij zware lasten.';

async function signedInApi(account: 'admin' | 'student'): Promise<{ api: APIRequestContext; id: string }> {
  const api = await apiRequest.newContext({ baseURL: LEARNING_BASE_URL, extraHTTPHeaders: XHR });
  const response = await api.post('/api/auth/login', {
    data: { email: ACCOUNTS[account], password: PASSWORD },
  });
  expect(response.status()).toBe(200);
  return { api, id: ((await response.json()) as { data: { id: string } }).data.id };
}

async function created(response: Promise<{ status(): number; json(): Promise<unknown> }>): Promise<string> {
  const answer = await response;
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as { data: { id: string } }).data.id;
}

/** A published course with a one-question quiz and an assignment. */
async function makeCourse(api: APIRequestContext): Promise<string> {
  const course = await created(api.post('/api/v1/courses', { data: { title: COURSE, status: 'published' } }));
  const section = await created(
    api.post(`/api/v1/courses/${course}/course_sections`, { data: { title: 'Oefenen' } }),
  );
  const objects = `/api/v1/course_sections/${section}/learning_objects`;
  const quiz = await created(
    api.post(objects, { data: { kind: 'quiz', title: 'Korte quiz', settings: {} } }),
  );
  await created(
    api.post(`/api/v1/learning_objects/${quiz}/quiz_questions`, {
      data: {
        kind: 'single_choice',
        prompt: 'Hoe til je een zware doos?',
        options: [
          { text: 'Vanuit de knieën', correct: true },
          { text: 'Vanuit de rug', correct: false },
        ],
      },
    }),
  );
  await created(api.post(objects, { data: { kind: 'assignment', title: 'Jouw tilplan', settings: {} } }));
  return course;
}

/** Presses Tab (or Shift+Tab) until the element has focus; fails when it is not reached. */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}): Promise<void> {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The element has the focus, and the outline that shows it to a keyboard user. */
async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  expect(await target.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
}

/** The focus is on something in the page, not <body>, once the page has shown (it may still be loading). */
async function focusIsOnThePage(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement !== null && document.activeElement !== document.body),
    )
    .toBe(true);
}

test('a student signs in, learns, hands in and reads a notification with the keyboard alone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const admin = await signedInApi('admin');
  const courseId = await makeCourse(admin.api);
  // The first-sign-in tour shows again for this journey.
  const student = await signedInApi('student');
  const tour = await student.api.post(`/api/v1/accounts/${student.id}/preferences`, {
    data: { property: 'onboarding-features', payload: '' },
  });
  expect(tour.ok()).toBe(true);

  // Sign in: the skip link comes first, then the form's fields in order; Enter sends it.
  await page.goto('/auth');
  const email = page.getByLabel(/e-mail/i);
  await tabTo(page, email);
  await page.keyboard.type(ACCOUNTS.student);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/catalog$/);
  // Signed in: the focus is on the home page's title, where the keyboard can see it.
  await expectVisibleFocus(page.getByRole('main').getByRole('heading', { level: 1 }));

  // The tour does not hold the keyboard: Escape closes it and focus stays on the page.
  const bubble = page.getByTestId('onboarding-tour');
  await expect(bubble).toBeVisible();
  await tabTo(page, bubble.getByRole('button'), { back: true });
  await page.keyboard.press('Escape');
  await expect(bubble).toBeHidden();
  await focusIsOnThePage(page);

  // Open the course and enrol.
  await page.goto(`/catalog/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  const enrol = page.getByRole('button', { name: 'Inschrijven' });
  await tabTo(page, enrol);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}$`));

  // The quiz: start, choose the right option with the arrow keys' radio group, hand in.
  await expect(page.getByRole('heading', { level: 2, name: 'Korte quiz', exact: true })).toBeVisible();
  const start = page.getByRole('button', { name: 'Quiz starten' });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  // The start button is gone: its focus moved to the first question.
  const right = page.getByRole('radio', { name: 'Vanuit de knieën' });
  await expect(right).toBeFocused();
  await page.keyboard.press('Space');
  await expect(right).toBeChecked();
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Antwoorden opgeslagen');
  const submit = page.getByRole('button', { name: 'Antwoorden inleveren' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  // Focus moves to the result, not to <body>.
  await expectVisibleFocus(page.getByRole('heading', { name: 'Gehaald!' }));

  // The assignment: type the answer, and hand it in.
  const next = page.getByRole('link', { name: 'Volgende' });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  // The next learning object's title takes the focus.
  await expectVisibleFocus(page.getByRole('heading', { level: 2, name: 'Jouw tilplan', exact: true }));

  // A dialog opened with Enter and closed with Escape gives the focus back to its button.
  const report = page.getByTestId('report-issue');
  await tabTo(page, report);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectVisibleFocus(report);
  const editor = page.getByRole('textbox', { name: 'Jouw antwoord' });
  await tabTo(page, editor);
  await page.keyboard.type(ANSWER);
  await expect(page.getByTestId('answer-save-status')).toContainText('Opgeslagen');
  const handIn = page.getByRole('button', { name: 'Inleveren voor beoordeling' });
  await tabTo(page, handIn);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('answer-status')).toHaveText('Ingeleverd');
  await focusIsOnThePage(page);

  // Read a notification: the header's button opens the latest ones; Enter follows the first.
  const bell = page.getByTestId('notifications-button');
  await tabTo(page, bell, { back: true, limit: 120 });
  await page.keyboard.press('Enter');
  const partial = page.getByTestId('notifications-partial');
  await expect(partial).toBeVisible();
  const viewAll = partial.getByTestId('notifications-view-all');
  await tabTo(page, viewAll);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/notifications/);
  // One that does not open a course: the demo course's place to resume stays where other tests expect it.
  const first = page.locator('a[data-testid="notification-item"]:not([href^="/courses"])').first();
  await tabTo(page, first);
  const href = await first.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${(href ?? '').replace(/[?]/g, '\\?')}$`));
  await focusIsOnThePage(page);

  await admin.api.dispose();
  await student.api.dispose();
});
