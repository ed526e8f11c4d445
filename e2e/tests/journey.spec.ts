/**
 * One course from authoring to the student's inbox, all through the interface: the demo admin builds
 * a course with one learning object of every type and publishes it; the demo student finds it in the
 * catalog, enrols, works through it (pages, video, file, quiz, assignment), reports a content issue
 * and follows the progress; the admin resolves the issue with a note; the student is notified and
 * the notification opens the course at that learning object. Last, the demo coach approves the
 * assignment answer with a grade and feedback, which completes the course for the student.
 * The tests share the demo database and run in order.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test, viewIn } from './fixtures';

test.describe.configure({ mode: 'serial' });
// The course form and the video address are refused once on purpose.
test.use({ allowConsoleErrors: ['status of 422'] });

const COURSE = 'Spreadsheets for beginners';
const ISSUE_TEXT = 'The heading “Welcome aboard” should mention spreadsheets.';
const STAFF_NOTE = 'Heading reworded, thanks for spotting it.';
const ANSWER_TEXT = 'Rent 700, food 250, transport 80: a SUM formula adds them up to 1030.';
const COACH_FEEDBACK = 'Tidy budget, and the SUM formula is exactly right.';

/** The quiz built below: each prompt (as the student sees it) and the option that is right. */
const QUIZ_ANSWERS: Array<{ prompt: string; answer: string }> = [
  { prompt: 'Which symbol starts a formula?', answer: '=' },
  { prompt: '2 + 2 =', answer: '4' },
  { prompt: 'A cell address looks like', answer: 'B2' },
];

/** Set by the first test: the new course's id, shared by the admin and the student screens. */
let courseId = '';
/** The student's unread notifications before the issue is resolved. */
let unreadBefore = 0;

function outlineLink(page: Page, title: string) {
  return page.getByTestId('course-outline').getByRole('link', { name: new RegExp(`^${title}`) });
}

async function showsObject(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

/** The unread count the notifications button announces ("Notifications, 42 unread"). */
async function unreadCount(page: Page): Promise<number> {
  const button = page.getByTestId('notifications-button');
  await expect(button).toBeVisible();
  const name = (await button.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

test('the admin builds a course with every type of learning object and publishes it', async ({ page }) => {
  test.setTimeout(180_000);
  await viewIn(page, 'en');
  await signIn(page, 'admin');

  // ---- The course itself
  await page.goto('/admin/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await expect(page.getByTestId('course-row').first()).toBeVisible();
  await page.getByTestId('new-course').click();
  await expect(page).toHaveURL(/\/admin\/courses\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New course' })).toBeVisible();
  // Nothing typed is lost when the server refuses a field.
  await page.getByLabel('Title', { exact: true }).fill(COURSE);
  await page.getByLabel('Summary').fill('Formulas, charts and tidy data.');
  await page.getByLabel('Or an image address').fill('ftp://example.com/cover.png');
  await page.getByRole('button', { name: 'Create course' }).click();
  await expect(page.getByLabel('Or an image address')).toHaveValue('ftp://example.com/cover.png');
  await expect(
    page
      .getByTestId('course-form')
      .getByText(/url|address|http/i)
      .last(),
  ).toBeVisible();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(COURSE);
  await page.getByLabel('Or an image address').fill('');

  const description = page.getByRole('textbox', { name: 'Description' });
  await description.click();
  await page.keyboard.type('Learn the basics of ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('spreadsheets');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('.');
  await page.getByLabel('Catalog category').selectOption({ label: 'Veiligheid & naleving' });
  await page.getByRole('checkbox', { name: 'Beginner' }).check();
  await page.getByLabel('Estimated duration (minutes)').fill('90');
  await page.getByRole('button', { name: 'Create course' }).click();

  await expect(page).toHaveURL(/\/admin\/courses\/\d+$/);
  courseId = /\/admin\/courses\/(\d+)$/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText(COURSE);
  await expect(page.getByTestId('course-status')).toHaveText('Draft');

  // ---- Sections
  for (const title of ['Getting started', 'Going further']) {
    await page.getByLabel('New section').fill(title);
    await page.getByRole('button', { name: 'Add section' }).click();
    await expect(page.getByRole('heading', { level: 3, name: new RegExp(title) })).toBeVisible();
  }
  const first = page.getByTestId('outline-section').filter({ hasText: 'Getting started' });
  const second = page.getByTestId('outline-section').filter({ hasText: 'Going further' });

  const addObject = async (type: string, title: string) => {
    await first.getByTestId('add-object').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'New learning object' })).toBeVisible();
    await dialog.getByText(type, { exact: true }).click();
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    return dialog;
  };

  // Page: rich text.
  let dialog = await addObject('Page', 'Welcome');
  await dialog.getByRole('textbox', { name: 'Page text' }).click();
  await dialog.getByRole('button', { name: 'H2 Heading', exact: true }).click();
  await page.keyboard.type('Welcome aboard');
  await dialog.getByTestId('save-object').click();
  await expect(dialog).toBeHidden();
  await expect(first.getByTestId('outline-object').filter({ hasText: 'Welcome' })).toBeVisible();

  // Video: an address we cannot play is refused at the field, then a YouTube one is accepted.
  dialog = await addObject('Video', 'Your first sheet');
  const videoUrl = dialog.getByLabel('Video address');
  await videoUrl.fill('https://example.com/video.avi');
  await dialog.getByTestId('save-object').click();
  await expect(videoUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Title', { exact: true })).toHaveValue('Your first sheet');
  await videoUrl.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(dialog.getByText('Recognised: YouTube.')).toBeVisible();
  await dialog.getByTestId('save-object').click();
  await expect(dialog).toBeHidden();

  // File: uploaded with its size limit shown.
  dialog = await addObject('File', 'Cheat sheet');
  await expect(dialog.getByText('At most 50 MB.')).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'cheat-sheet.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% Leerpad test file\n'),
  });
  await expect(dialog.getByTestId('uploaded-file')).toContainText('cheat-sheet.pdf');
  await dialog.getByTestId('save-object').click();
  await expect(dialog).toBeHidden();

  // Quiz: settings, a question typed in, a refused import and a good one.
  dialog = await addObject('Quiz', 'Check your knowledge');
  await dialog.getByLabel('Pass mark (%)').fill('60');
  await dialog.getByLabel('Attempts allowed').fill('3');
  await expect(dialog.getByLabel('Questions per attempt')).toBeVisible();
  await dialog.getByTestId('save-object').click();
  await expect(dialog.getByTestId('question-pool')).toBeVisible();
  await dialog.getByTestId('add-question').click();
  const question = dialog.getByTestId('question-form');
  await question.getByLabel('Question', { exact: true }).fill('Which symbol starts a formula?');
  await question.getByRole('textbox', { name: 'Option 1', exact: true }).fill('=');
  await question.getByRole('textbox', { name: 'Option 2', exact: true }).fill('#');
  await question.getByRole('radio').first().check();
  await question.getByRole('textbox', { name: 'Feedback on option 2' }).fill('That one is for numbers.');
  await question.getByTestId('save-question').click();
  await expect(dialog.getByTestId('quiz-question')).toHaveCount(1);
  await expect(dialog.getByText('1 question', { exact: true })).toBeVisible();

  const importBox = dialog.getByLabel('Questions to import');
  await importBox.fill('::Good:: 1 + 1 = {=2 ~3}\n\n::Bad:: Describe a chart. {}\n');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const lineErrors = dialog.getByTestId('import-line-errors');
  await expect(lineErrors).toContainText('Nothing was imported');
  await expect(lineErrors).toContainText('Line 3:');
  await expect(dialog.getByTestId('quiz-question')).toHaveCount(1);

  await importBox.fill('::Sum:: 2 + 2 = {=4 ~5 ~22}\n\n::Cells:: A cell address looks like {=B2 ~2B}\n');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.getByText('2 questions are valid and ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('2 questions were imported.')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(dialog.getByTestId('quiz-question')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).toBeHidden();

  // Assignment: a text answer.
  dialog = await addObject('Assignment', 'Build a budget');
  await dialog.getByLabel('Students hand in').selectOption('text');
  await dialog.getByTestId('save-object').click();
  await expect(dialog).toBeHidden();
  await expect(first.getByTestId('outline-object')).toHaveCount(5);

  // ---- Reorder by keyboard: the assignment moves down into the next section.
  const outlineSaved = () =>
    page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && /\/outline(\?|$)/.test(response.url()),
    );
  const handle = page.getByRole('button', { name: 'Move “Build a budget”', exact: true });
  await handle.focus();
  let saved = outlineSaved();
  await page.keyboard.press('Alt+ArrowDown');
  await saved;
  await expect(page.getByTestId('outline-announcement')).toHaveText(
    '“Build a budget” moved to position 1 in section “Going further”.',
  );
  await expect(second.getByTestId('outline-object').filter({ hasText: 'Build a budget' })).toBeVisible();
  await expect(handle).toBeFocused();
  // And the welcome page moves below the video, with the move button; the reload comes once it is saved.
  saved = outlineSaved();
  await first.getByRole('button', { name: 'Move “Welcome” down' }).click();
  await expect(first.getByTestId('outline-object').nth(1)).toContainText('Welcome');
  await saved;

  await page.reload();
  await expect(second.getByTestId('outline-object')).toHaveCount(1);
  await expect(second.getByTestId('outline-object')).toContainText('Build a budget');
  await expect(first.getByTestId('outline-object').first()).toContainText('Your first sheet');

  // ---- Publish
  await page.getByTestId('publish-course').click();
  await expect(page.getByTestId('course-status')).toHaveText('Published');

  // The list shows it, with its category, label and object count.
  await page.goto('/admin/courses');
  await page.getByTestId('course-search').fill('spreadsheets');
  const row = page.getByTestId('course-row').filter({ hasText: COURSE });
  await expect(row).toBeVisible();
  await expect(page.getByTestId('course-row')).toHaveCount(1);
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Veiligheid & naleving');
  await expect(row).toContainText('Beginner');
  await expect(row.locator('td').nth(4)).toHaveText('5');
});

test('the student finds the course, enrols, works through it and reports an issue', async ({ page }) => {
  test.setTimeout(120_000);
  expect(courseId, 'the course from the first test').not.toBe('');
  await viewIn(page, 'en');
  await signIn(page, 'student');

  // ---- The catalog
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await page.getByLabel('Search courses').fill('spreadsheets');
  await expect(page).toHaveURL(/q=spreadsheets/);
  await expect(page.getByTestId('catalog-count')).toHaveText('1 course');
  await page.getByTestId('course-card').getByRole('link', { name: COURSE }).click();

  // ---- The course page, then enrol
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByText('5 learning objects')).toBeVisible();
  await expect(page.getByText('Getting started')).toBeVisible();
  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}$`));
  const progress = page.getByTestId('course-progress');
  await expect(progress).toHaveText('0% complete');

  // ---- Video (first in the outline), page and file: each marked complete.
  await showsObject(page, 'Your first sheet');
  await expect(page.getByTitle('Video: Your first sheet')).toHaveAttribute('src', /youtube.*dQw4w9WgXcQ/);
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(progress).toHaveText('20% complete');
  await expect(outlineLink(page, 'Your first sheet')).toHaveAttribute('data-status', 'completed');

  await page.getByRole('link', { name: 'Next' }).click();
  await showsObject(page, 'Welcome');
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(progress).toHaveText('40% complete');

  // The student reports an issue with the page's heading.
  await page.getByRole('button', { name: 'Report an issue' }).click();
  const report = page.getByRole('dialog', { name: 'Report an issue' });
  await expect(report).toContainText('“Welcome”');
  await report.getByLabel('What kind of issue?').selectOption({ label: 'Typo' });
  await report.getByLabel('Description').fill(ISSUE_TEXT);
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toBeHidden();
  await expect(page.getByText('Thank you! Your report was sent to the course team.')).toBeVisible();

  await page.getByRole('link', { name: 'Next' }).click();
  await showsObject(page, 'Cheat sheet');
  await expect(page.getByTestId('file-name')).toHaveText('cheat-sheet.pdf');
  await expect(page.getByRole('link', { name: 'Download cheat-sheet.pdf' })).toHaveAttribute(
    'href',
    /\/api\/v1\/files\/\d+\/content\?download=1$/,
  );
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(progress).toHaveText('60% complete');

  // ---- The quiz: the three questions typed in and imported, all answered right.
  await page.getByRole('link', { name: 'Next' }).click();
  await showsObject(page, 'Check your knowledge');
  await expect(page.getByTestId('quiz-summary')).toContainText('60%');
  await page.getByRole('button', { name: 'Start quiz' }).click();
  const questions = page.getByTestId('quiz-question');
  await expect(questions).toHaveCount(3);
  for (const question of await questions.all()) {
    const prompt = ((await question.locator('p').first().textContent()) ?? '').trim();
    const known = QUIZ_ANSWERS.find((entry) => prompt.startsWith(entry.prompt));
    expect(known, prompt).toBeDefined();
    await question.getByLabel(known?.answer ?? '', { exact: true }).check();
  }
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Answers saved');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByTestId('quiz-result')).toContainText('Passed!');
  await expect(page.getByTestId('quiz-result')).toContainText('You scored 100% (3 of 3 points).');
  await expect(progress).toHaveText('80% complete');
  await expect(outlineLink(page, 'Check your knowledge')).toHaveAttribute('data-status', 'completed');

  // ---- The assignment, in the next section: written and handed in.
  await page.getByRole('link', { name: 'Next' }).click();
  await showsObject(page, 'Build a budget');
  await page.getByRole('textbox', { name: 'Your answer' }).fill(ANSWER_TEXT);
  await expect(page.getByTestId('answer-save-status')).toContainText('Saved');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('answer-status')).toHaveText('Submitted');
  await expect(page.getByText('Your coach will review your answer soon.')).toBeVisible();
  // An assignment counts once the coach approves it.
  await expect(progress).toHaveText('80% complete');
  await expect(page.getByRole('progressbar', { name: new RegExp(COURSE) }).first()).toHaveAttribute(
    'aria-valuenow',
    '80',
  );

  // ---- My courses shows the course with its progress.
  await page.getByTestId('main-menu').getByRole('link', { name: 'My courses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  const card = page.getByTestId('enrollment-card').filter({ hasText: COURSE });
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80');
  await expect(card).toContainText('80% complete');
  await expect(card).toContainText('4 of 5 required items done');
  await expect(card.getByTestId('enrollment-status')).toHaveText('In progress');
  unreadBefore = await unreadCount(page);
});

test('the admin resolves the content issue with a note', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  await page.goto('/admin/courses/content-issues');
  await expect(page.getByRole('heading', { level: 1, name: 'Content issues' })).toBeVisible();
  await expect(page.getByTestId('issue-tab-open')).toHaveAttribute('aria-current', 'page');

  const issue = page.getByTestId('content-issue').filter({ hasText: ISSUE_TEXT });
  await expect(issue).toHaveCount(1);
  await expect(issue).toContainText(`${COURSE} · Welcome`);
  await expect(issue).toContainText('Typo');
  await expect(issue).toContainText('Reported by Sam Student');
  await issue.getByLabel('Status').selectOption('resolved');
  await issue.getByLabel('Staff note').fill(STAFF_NOTE);
  await issue.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The issue was updated.').first()).toBeVisible();
  // It leaves the open issues and is listed as resolved, with the note.
  await expect(page.getByTestId('content-issue').filter({ hasText: ISSUE_TEXT })).toHaveCount(0);
  await page.getByTestId('issue-tab-resolved').click();
  const resolved = page.getByTestId('content-issue').filter({ hasText: ISSUE_TEXT });
  await expect(resolved).toContainText('Resolved');
  await expect(resolved.getByLabel('Staff note')).toHaveValue(STAFF_NOTE);
});

test('the student is notified, and the notification opens the learning object', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'student');
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  const badge = page.getByTestId('notifications-badge');
  await expect(badge).toHaveText(String(unreadBefore + 1));

  await page.getByTestId('notifications-button').click();
  const partial = page.getByTestId('notifications-partial');
  // Notifications are written in the student's own language (Dutch).
  const notification = partial
    .getByTestId('notification-item')
    .filter({ hasText: 'Het probleem dat je meldde in "Welcome" is opgelost. Bedankt!' });
  await expect(notification).toHaveCount(1);
  await expect(partial.getByTestId('notification-item').first()).toHaveText(/"Welcome" is opgelost/);
  await notification.click();

  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}\\?learning_object=\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await showsObject(page, 'Welcome');
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeVisible();
  await expect(page.getByTestId('course-progress')).toHaveText('80% complete');
  await expect(badge).toHaveText(String(unreadBefore));
});

test('the coach finds the answer in the review queue and approves it with a grade and feedback', async ({
  page,
}) => {
  await viewIn(page, 'en');
  await signIn(page, 'coach');
  await page.goto('/coach/courses');
  await expect(page.getByRole('heading', { level: 1, name: /Answers to review/ })).toBeVisible();
  await expect(page.getByTestId('answer-tab-submitted')).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Course', { exact: true }).selectOption({ label: COURSE });
  await expect(page).toHaveURL(new RegExp(`/coach/courses\\?course=${courseId}$`));
  const row = page.getByTestId('answer-row').filter({ hasText: 'Sam Student' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(COURSE);
  await expect(row.getByTestId('answer-status')).toHaveText('To review');
  await row.getByRole('link', { name: 'Build a budget' }).click();

  // ---- The answer, with the assignment, the student and the text handed in.
  await expect(page).toHaveURL(/\/coach\/courses\/answers\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Build a budget' })).toBeVisible();
  await expect(page.getByText(`In ${COURSE}`)).toBeVisible();
  await expect(page.getByTestId('answer-student')).toHaveText('Sam Student');
  await expect(page.getByTestId('answer-text')).toHaveText(ANSWER_TEXT);
  await expect(page.getByTestId('breadcrumbs')).toContainText('Build a budget');

  // A grade above 100 is refused before anything is sent.
  await page.getByRole('radio', { name: /Approve/ }).check();
  const grade = page.getByLabel('Grade (0–100, optional)');
  await grade.fill('120');
  await page.getByRole('button', { name: 'Save review' }).click();
  await expect(grade).toHaveAttribute('aria-invalid', 'true');
  await grade.fill('90');
  await page.getByLabel('Feedback', { exact: true }).fill(COACH_FEEDBACK);
  await page.getByRole('button', { name: 'Save review' }).click();
  await expect(page.getByText('The review was saved and the students were notified.').first()).toBeVisible();

  // Back in the queue (with the course still chosen): nothing left to review there.
  await expect(page).toHaveURL(new RegExp(`/coach/courses\\?course=${courseId}$`));
  await expect(page.getByText('Nothing to review')).toBeVisible();
  await page.getByTestId('answer-tab-approved').click();
  const approved = page.getByTestId('answer-row').filter({ hasText: 'Sam Student' });
  await expect(approved.getByTestId('answer-status')).toHaveText('Approved');
  await approved.getByRole('link', { name: 'Build a budget' }).click();
  const result = page.getByTestId('review-result');
  await expect(result).toContainText('Grade: 90/100');
  await expect(result).toContainText(COACH_FEEDBACK);
  await expect(result).toContainText('Reviewed by Carla Coach');
  await expect(page.getByTestId('review-form')).toHaveCount(0);
});

test('the approval completes the course, and the student is told both', async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'student');
  await page.goto(`/courses/${courseId}`);
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await expect(page.getByTestId('course-progress')).toHaveText('100% complete');
  await expect(page.getByTestId('course-completed')).toContainText('Course completed!');
  // The issue's notification was read above; the answer and the course each brought one more.
  const badge = page.getByTestId('notifications-badge');
  await expect(badge).toHaveText(String(unreadBefore + 2));

  await page.getByTestId('notifications-button').click();
  const partial = page.getByTestId('notifications-partial');
  await expect(
    partial
      .getByTestId('notification-item')
      .filter({ hasText: `Je hebt de cursus "${COURSE}" afgerond. Goed gedaan!` }),
  ).toHaveCount(1);
  const approval = partial
    .getByTestId('notification-item')
    .filter({ hasText: 'Je antwoord op "Build a budget" is goedgekeurd.' });
  await expect(approval).toHaveCount(1);
  await approval.click();

  // The approval opens the assignment, with the coach's grade and feedback.
  await expect(page).toHaveURL(new RegExp(`/courses/${courseId}\\?learning_object=\\d+$`));
  await showsObject(page, 'Build a budget');
  await expect(page.getByTestId('answer-status')).toHaveText('Approved');
  await expect(page.getByText('Grade: 90/100')).toBeVisible();
  await expect(page.getByText(COACH_FEEDBACK)).toBeVisible();
  await expect(outlineLink(page, 'Build a budget')).toHaveAttribute('data-status', 'completed');
  await expect(badge).toHaveText(String(unreadBefore + 1));
});
