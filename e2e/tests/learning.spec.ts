/**
 * The student side of learning, as a student does it: search and filter the catalog, enrol, work
 * through the sample course (page, video, file, quiz, assignment), report a content issue, follow
 * progress in My courses and resume; a student without subscription gets the 402 screen on Enrol.
 * The tests share the demo database and run in order.
 */
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, signIn, test, trackRequests, viewIn, XHR } from './fixtures';

test.describe.configure({ mode: 'serial' });

/** The sample quiz's questions (apps/server/src/db/seed/learning.ts) and their right answers. */
const QUIZ_ANSWERS: Record<string, { options?: string[]; text?: string }> = {
  'Hoe til je een zware doos van de vloer?': { options: ['Met gebogen knieën en een rechte rug'] },
  'Wat beschermt je bij het tillen? Kies alles wat van toepassing is.': {
    options: ['Handschoenen met grip', 'Veiligheidsschoenen'],
  },
  'Hoeveel mag één persoon doorgaans maximaal alleen tillen (in kg)?': { text: '25' },
  'De last is te zwaar. Wat doe je?': { options: ['Een collega vragen of een tilhulpmiddel gebruiken'] },
  'Waar houd je de last terwijl je hem draagt?': { options: ['Dicht bij je lichaam, op middelhoogte'] },
  'Wat controleer je voordat je tilt?': {
    options: ['Het gewicht en de vorm van de last', 'Dat je looproute vrij is'],
  },
};

async function asStudent(page: Page) {
  await viewIn(page, 'en');
  await signIn(page, 'student');
}

function outlineLink(page: Page, title: string) {
  return page.getByTestId('course-outline').getByRole('link', { name: new RegExp(`^${title}`) });
}

async function openSampleObject(page: Page, title: string) {
  await outlineLink(page, title).click();
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
}

test('the student searches, filters and sorts the catalog; the address keeps the choices', async ({
  page,
}) => {
  await asStudent(page);
  // The demo catalog, plus whatever course authoring published before.
  const published = (await (await page.request.get('/api/v1/courses?page[size]=1')).json()) as {
    meta: { total: number };
  };
  const all = `${published.meta.total} courses`;
  expect(published.meta.total).toBeGreaterThanOrEqual(15);
  await page.goto('/catalog');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  await expect(page.getByTestId('catalog-count')).toHaveText(all);
  const cards = page.getByTestId('course-card');
  await expect(cards).toHaveCount(Math.min(published.meta.total, 25));

  await page.getByLabel('Search courses').fill('veiligheid');
  await expect(page).toHaveURL(/q=veiligheid/);
  await expect(page.getByTestId('catalog-count')).toHaveText('2 courses');
  await expect(cards.getByRole('link', { name: 'Veiligheid op de werkplek' })).toBeVisible();
  await expect(cards.getByRole('link', { name: 'Telefoonetiquette' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page.getByTestId('catalog-count')).toHaveText(all);
  await page.getByLabel('Category').selectOption({ label: 'Klantenservice' });
  await expect(page.getByTestId('catalog-count')).toHaveText('5 courses');
  await page.getByRole('button', { name: 'Nieuw', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Nieuw', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('catalog-count')).toHaveText('2 courses');
  await expect(cards.getByRole('link', { name: 'Telefoonetiquette' })).toBeVisible();
  await expect(cards.getByRole('link', { name: 'Service in een multicultureel team' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('catalog-count')).toHaveText('2 courses');
  await expect(page.getByLabel('Category')).toHaveValue(/\d+/);
  await expect(page.getByRole('button', { name: 'Nieuw', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goBack();
  await expect(page.getByTestId('catalog-count')).toHaveText('5 courses');

  await page.getByLabel('Sort by').selectOption({ label: 'Longest first' });
  await expect(cards.first().getByRole('heading')).toHaveText('Klantgesprekken');
  await expect(page).toHaveURL(/sort=-estimated_minutes/);
});

test('the student opens a course, enrols and completes its first page', async ({ page }) => {
  await asStudent(page);
  await page.goto('/catalog?q=telefoon');
  await page.getByRole('link', { name: 'Telefoonetiquette' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Telefoonetiquette' })).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText('Telefoonetiquette');
  await expect(page.getByRole('heading', { level: 2, name: 'Course outline', exact: true })).toBeVisible();
  await expect(page.getByText('Samenvatting en vervolgstappen')).toBeVisible();

  await page.getByRole('button', { name: 'Enrol' }).click();
  await expect(page).toHaveURL(/\/courses\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Welkom', exact: true })).toBeVisible();
  await expect(page.getByTestId('course-progress')).toHaveText('0% complete');
  await page.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(page.getByTestId('course-progress')).toHaveText('33% complete');
  await expect(page.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '33');
  await expect(outlineLink(page, 'Welkom')).toHaveAttribute('data-status', 'completed');
});

test.describe('the sample course', () => {
  // One autosave is made to fail on purpose.
  test.use({ allowConsoleErrors: ['status of 503'] });

  test('the student resumes it and works through every type of object', async ({ page }) => {
    await asStudent(page);
    // The seed's student last worked on the checklist; other journeys in this run may have opened
    // the course elsewhere, so that place is recorded again first.
    await page.goto('/courses');
    const card = page.getByTestId('enrollment-card').filter({ hasText: 'Veilig tillen op het werk' });
    await card.getByRole('link', { name: 'Resume Veilig tillen op het werk' }).click();
    const checklist = await outlineLink(page, 'Checklist tillen \\(PDF\\)').getAttribute('href');
    const checklistId = /learning_object=(\d+)/.exec(checklist ?? '')?.[1];
    expect(checklistId).toBeDefined();
    const placed = await page.request.put(`/api/v1/learning_objects/${checklistId}/progress`, {
      headers: XHR,
      data: {},
    });
    expect(placed.ok()).toBe(true);
    await page.goto('/courses');
    const sample = page.getByTestId('enrollment-card').filter({ hasText: 'Veilig tillen op het werk' });
    await expect(sample.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await sample.getByRole('link', { name: 'Resume Veilig tillen op het werk' }).click();

    // The seed's student last worked on the checklist.
    await expect(
      page.getByRole('heading', { level: 2, name: 'Checklist tillen (PDF)', exact: true }),
    ).toBeVisible();
    await expect(page.getByTestId('file-name')).toHaveText('checklist-tillen.pdf');
    await expect(page.getByRole('link', { name: 'Download checklist-tillen.pdf' })).toHaveAttribute(
      'href',
      /\/api\/v1\/files\/\d+\/content\?download=1$/,
    );

    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Tiltechniek in twee minuten', exact: true }),
    ).toBeVisible();
    await expect(page.getByTitle('Video: Tiltechniek in twee minuten')).toHaveAttribute(
      'src',
      'https://player.vimeo.com/video/76979871',
    );
    // A plain link to the video, for when the player's host cannot be reached.
    await expect(page.getByRole('link', { name: /^Does the video not play\? Open it at / })).toBeVisible();

    await openSampleObject(page, 'Waarom tilblessures ontstaan');
    await expect(page.getByRole('heading', { name: 'Je rug is geen hijskraan' })).toBeVisible();
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();

    // The quiz: four questions drawn from six; answer them all right.
    await openSampleObject(page, 'Quiz tillen');
    await expect(page.getByTestId('quiz-summary')).toContainText('70%');
    await page.getByRole('button', { name: 'Start quiz' }).click();
    const questions = page.getByTestId('quiz-question');
    await expect(questions).toHaveCount(4);
    for (const question of await questions.all()) {
      const prompt = (await question.locator('p').first().textContent()) ?? '';
      const answer = QUIZ_ANSWERS[prompt];
      expect(answer, prompt).toBeDefined();
      if (answer?.text) await question.getByRole('textbox').fill(answer.text);
      for (const option of answer?.options ?? []) await question.getByLabel(option).check();
    }
    await expect(page.getByTestId('quiz-save-status')).toHaveText('Answers saved');
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByTestId('quiz-result')).toContainText('Passed!');
    // Focus moves from the submit button to the result heading.
    await expect(page.getByRole('heading', { name: 'Passed!' })).toBeFocused();
    await expect(page.getByTestId('quiz-result')).toContainText('You scored 100% (4 of 4 points).');
    await expect(page.getByTestId('quiz-summary')).toContainText('100%');
    await expect(page.getByRole('button', { name: 'New attempt' })).toBeVisible();
    await expect(page.getByTestId('course-progress')).toHaveText('66% complete');

    await openSampleObject(page, 'Plan voordat je tilt');
    await page.getByRole('button', { name: 'Mark as complete' }).click();
    await expect(page.getByTestId('course-progress')).toHaveText('83% complete');

    // The assignment: a draft is saved as the student types and survives a reload.
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: 'Plan een veilige tilklus', exact: true }),
    ).toBeVisible();
    // A group assignment: the student may hand in with classmates, but nobody else is enrolled yet.
    const group = page.getByTestId('group-members');
    await expect(group).toContainText('You hand in alone so far.');
    await expect(group.getByTestId('group-no-classmates')).toHaveText(
      'No other students are enrolled in this course yet.',
    );
    const editor = page.getByRole('textbox', { name: 'Your answer' });
    await editor.fill('I move the water cooler bottles with a trolley and ask a colleague.');
    await expect(page.getByTestId('answer-save-status')).toContainText('Saved');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Your answer' })).toHaveText(
      'I move the water cooler bottles with a trolley and ask a colleague.',
    );

    // A failed autosave says so, keeps the text, and saves it on retry.
    await page.route('**/api/v1/learning_objects/*/answer', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 503, json: { errors: [{ status: '503', title: 'Unavailable' }] } })
        : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Your answer' }).press('End');
    await page.keyboard.type(' Then we lift together.');
    await expect(page.getByTestId('answer-save-status')).toContainText('Not saved');
    await page.unroute('**/api/v1/learning_objects/*/answer');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('answer-save-status')).toContainText('Saved');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Your answer' })).toContainText('Then we lift together.');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByTestId('answer-status')).toHaveText('Submitted');
    await expect(page.getByText('Your coach will review your answer soon.')).toBeVisible();
  });
});

test('the student reports a content issue', async ({ page }) => {
  await asStudent(page);
  await page.goto('/courses/1?learning_object=1');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Waarom tilblessures ontstaan', exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Report an issue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report an issue' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  // The empty choice asks to select an option; the empty description is required.
  await expect(dialog.getByText('Please select an option.')).toHaveCount(1);
  await expect(dialog.getByText('This field is required.')).toHaveCount(1);
  await dialog.getByLabel('What kind of issue?').selectOption({ label: 'Broken link' });
  await dialog.getByLabel('Description').fill('The link to the lifting guideline opens an empty page.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thank you! Your report was sent to the course team.')).toBeVisible();
});

test('My courses shows progress, and a course resumes where the student left off', async ({ page }) => {
  await asStudent(page);
  await page.goto('/courses');
  await expect(page.getByRole('heading', { level: 1, name: 'My courses' })).toBeVisible();
  const sample = page.getByTestId('enrollment-card').filter({ hasText: 'Veilig tillen op het werk' });
  await expect(sample.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '83');
  await expect(sample.getByTestId('enrollment-status')).toHaveText('In progress');
  const phone = page.getByTestId('enrollment-card').filter({ hasText: 'Telefoonetiquette' });
  await expect(phone.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');

  // The last object opened (in the report above) is where the course opens again.
  await page.goto('/courses/1');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Waarom tilblessures ontstaan', exact: true }),
  ).toBeVisible();
  const recorded = page.waitForResponse((response) =>
    response.url().endsWith('/learning_objects/6/progress'),
  );
  await outlineLink(page, 'Plan een veilige tilklus').click();
  await recorded;
  await page.goto('/courses/1');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Plan een veilige tilklus', exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId('answer-status')).toHaveText('Submitted');
  await expect(page.getByTestId('breadcrumbs')).toContainText('Veilig tillen op het werk');
});

test.describe('without subscription', () => {
  test.use({ allowConsoleErrors: ['status of 402'] });

  test('enrolling shows the payment-required screen', async ({ page }) => {
    await viewIn(page, 'en');
    // The catalog is open to look around; the server asks for the subscription on Enrol.
    await signIn(page, 'nosub');
    await page.goto('/catalog?q=eerste');
    await page.getByRole('link', { name: 'Basiskennis eerste hulp' }).click();
    await page.getByRole('button', { name: 'Enrol' }).click();
    const screen = page.getByTestId('payment-required');
    await expect(screen).toBeVisible();
    await expect(screen.getByRole('link', { name: /subscriptions/i })).toHaveAttribute(
      'href',
      /^\/account\/orders\/pricing\?returnTo=%2Fcatalog%2F/,
    );
  });
});

test('the course page loads at most 80 KB of JavaScript (gzip) beyond the shell', async ({ page }) => {
  await asStudent(page);
  const requests = trackRequests(page);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await requests.quiet();
  const scripts = new Map<string, Promise<number>>();
  // The app's own scripts (the browser's PDF viewer brings its own).
  const origin = new URL(page.url()).origin;
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(`${origin}/`) || !url.endsWith('.js')) return;
    scripts.set(
      url,
      response.body().then((body) => gzipSync(body, { level: 9 }).length),
    );
  });
  await page.getByTestId('main-menu').getByRole('link', { name: 'My courses' }).click();
  await page.getByRole('link', { name: 'Resume Veilig tillen op het werk' }).click();
  await expect(page.getByTestId('course-player')).toBeVisible();
  // Everything the course page loads after it shows, too: the app moves here without a new document.
  await requests.quiet();
  const total = (await Promise.all(scripts.values())).reduce((sum, size) => sum + size, 0);
  const kilobytes = (total / 1024).toFixed(1);
  test.info().annotations.push({ type: 'course route JS (gzip)', description: `${kilobytes} KB` });
  console.log(`/courses/:id JavaScript beyond the shell: ${kilobytes} KB gzip in ${scripts.size} files`);
  expect(total).toBeLessThanOrEqual(80 * 1024);
});
