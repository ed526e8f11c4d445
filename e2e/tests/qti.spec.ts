/**
 * QTI in the course editor: an author imports a QTI 2.1 ordering item, downloads the quiz as a QTI
 * 3.0 package and imports that package into another quiz; a student puts the options in order
 * with the keyboard-friendly move buttons and passes.
 */
import { readFile } from 'node:fs/promises';
import { endSession, expect, signIn, test, viewIn, XHR } from './fixtures';

const ORDER_ITEM = `<?xml version="1.0" encoding="UTF-8"?>
<assessmentItem xmlns="http://www.imsglobal.org/xsd/imsqti_v2p1" identifier="fire-steps" title="Fire steps" adaptive="false" timeDependent="false">
  <responseDeclaration identifier="RESPONSE" cardinality="ordered" baseType="identifier">
    <correctResponse><value>alarm</value><value>leave</value><value>call</value></correctResponse>
  </responseDeclaration>
  <itemBody>
    <orderInteraction responseIdentifier="RESPONSE" shuffle="true">
      <prompt>Put the steps in order.</prompt>
      <simpleChoice identifier="call">Call 112</simpleChoice>
      <simpleChoice identifier="alarm">Raise the alarm</simpleChoice>
      <simpleChoice identifier="leave">Leave the building</simpleChoice>
    </orderInteraction>
  </itemBody>
</assessmentItem>`;
const RIGHT_ORDER = ['Raise the alarm', 'Leave the building', 'Call 112'];

test('a QTI item goes in, out as a package, back into another quiz, and a student orders it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await viewIn(page, 'en');
  await signIn(page, 'admin');
  const post = async (url: string, data: object) => {
    const answer = await page.request.post(url, { headers: XHR, data });
    expect(answer.status(), url).toBe(201);
    return ((await answer.json()) as { data: { id: string } }).data.id;
  };
  const course = await post('/api/v1/courses', { title: 'Fire drill', status: 'published' });
  const section = await post(`/api/v1/courses/${course}/course_sections`, { title: 'Drill' });
  for (const title of ['Copied drill quiz', 'Drill quiz'])
    await post(`/api/v1/course_sections/${section}/learning_objects`, { kind: 'quiz', title, settings: {} });

  await page.goto(`/admin/courses/${course}`);
  const openQuiz = async (title: string) => {
    await page.getByRole('button', { name: `Edit “${title}”` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('quiz-import')).toBeVisible();
    return { dialog, importer: dialog.getByTestId('quiz-import') };
  };

  let { dialog, importer } = await openQuiz('Drill quiz');
  await importer.getByLabel('Format').selectOption({ label: 'QTI 2.1 or 3.0' });
  await importer.getByLabel('Questions to import').fill(ORDER_ITEM);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('1 question was imported.')).toBeVisible();
  const question = dialog.getByTestId('quiz-question');
  await expect(question).toContainText('Put the steps in order.');
  await expect(question).toContainText('Ordering');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download as QTI 3.0' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Drill quiz.qti.zip');
  const zip = await readFile((await download.path())!);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  ({ dialog, importer } = await openQuiz('Copied drill quiz'));
  await importer.getByLabel('Or read a file').setInputFiles({
    name: 'drill.qti.zip',
    mimeType: 'application/zip',
    buffer: zip,
  });
  await expect(importer.getByTestId('import-package')).toContainText('drill.qti.zip');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('1 question was imported.')).toBeVisible();
  await expect(dialog.getByTestId('quiz-question')).toContainText('Put the steps in order.');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The student enrols and answers the copy, the course's first object.
  await endSession(page);
  await signIn(page, 'student');
  await post(`/api/v1/courses/${course}/enrollments`, {});
  await page.goto(`/courses/${course}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Copied drill quiz' })).toBeVisible();
  await page.getByRole('button', { name: 'Start quiz' }).click();
  const options = page.getByTestId('ordering-option');
  await expect(options).toHaveCount(3);
  const texts = async () =>
    (await options.allTextContents()).map((text) => text.replace(/^\d+\.|[↑↓]/g, '').trim());
  expect(await texts()).not.toEqual(RIGHT_ORDER);
  // Bubble each option up to its place.
  for (const [place, text] of RIGHT_ORDER.entries()) {
    while ((await texts()).indexOf(text) > place)
      await page.getByRole('button', { name: `Move “${text}” up` }).click();
  }
  expect(await texts()).toEqual(RIGHT_ORDER);
  await expect(page.getByTestId('quiz-save-status')).toHaveText('Answers saved');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByTestId('quiz-result')).toContainText('Passed!');
  await expect(page.getByTestId('quiz-result')).toContainText('(1 of 1 points)');
});
