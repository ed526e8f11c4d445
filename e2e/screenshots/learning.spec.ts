/**
 * Screenshots of the student's learning screens for docs/screenshots. Run on demand:
 * `npm run screenshots`.
 */
import { expect, signIn, test, viewIn } from '../tests/fixtures';
import { shoot } from './shoot';

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await viewIn(page, 'en');
  await signIn(page, 'student');
});

test('catalog', async ({ page }) => {
  await page.goto('/catalog');
  await expect(page.getByTestId('course-card')).toHaveCount(15);
  await shoot(page, 'catalog');
});

test('course detail', async ({ page }) => {
  await page.goto('/catalog?q=eerste');
  await page.getByRole('link', { name: 'Basiskennis eerste hulp' }).click();
  await expect(page.getByRole('button', { name: 'Enrol' })).toBeVisible();
  await shoot(page, 'course-detail', true);
});

test('course player', async ({ page }) => {
  await page.goto('/courses/1?learning_object=1');
  await expect(
    page.getByRole('heading', { level: 2, name: 'Waarom tilblessures ontstaan', exact: true }),
  ).toBeVisible();
  await shoot(page, 'course-player');
});

test('quiz', async ({ page }) => {
  await page.goto('/courses/1?learning_object=4');
  await page.getByRole('button', { name: 'Start quiz' }).click();
  const questions = page.getByTestId('quiz-question');
  await expect(questions).toHaveCount(4);
  await questions.locator('input[type=radio], input[type=checkbox]').first().check();
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Answers saved');
  await shoot(page, 'course-quiz', true);
});

test('my courses', async ({ page }) => {
  await page.goto('/courses');
  await expect(page.getByTestId('enrollment-card')).toHaveCount(1);
  await shoot(page, 'my-courses');
});
