import { expect, signIn, test } from './fixtures';

/** The first-sign-in tour by keyboard: nothing before the skip link, no trap, Escape closes it. */
test.describe('keyboard', () => {
  // Each test reopens the same account's tour: one at a time.
  test.describe.configure({ mode: 'serial' });
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the tour lets the keyboard pass and never covers the title (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(page, 'classmate', { keepTour: true });
      await page.goto('/account/details');
      const tour = page.getByTestId('onboarding-tour');
      await expect(tour).toBeVisible();
      const title = page.getByRole('heading', { level: 1 });
      await expect(title).toBeVisible();

      // The tour never lies over the page title.
      const [tourBox, titleBox] = [await tour.boundingBox(), await title.boundingBox()];
      const overlaps =
        tourBox !== null &&
        titleBox !== null &&
        tourBox.x < titleBox.x + titleBox.width &&
        titleBox.x < tourBox.x + tourBox.width &&
        tourBox.y < titleBox.y + titleBox.height &&
        titleBox.y < tourBox.y + tourBox.height;
      expect(overlaps).toBe(false);

      // The first Tab stop is the skip link: no invisible element before it.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Naar de inhoud' })).toBeFocused();

      // Tab reaches the tour's button and then moves on into the page: no trap.
      const done = tour.getByRole('button');
      for (
        let step = 0;
        step < 5 && !(await done.evaluate((button) => button === document.activeElement));
        step++
      )
        await page.keyboard.press('Tab');
      await expect(done).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(done).not.toBeFocused();
      expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
      await page.keyboard.press('Shift+Tab');
      await expect(done).toBeFocused();

      // Escape closes it and leaves focus on the menu button, not on <body>.
      await page.keyboard.press('Escape');
      await expect(tour).toBeHidden();
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BUTTON');
    });
  }

  test('a click outside closes the tour', async ({ page }) => {
    await signIn(page, 'classmate', { keepTour: true });
    await page.goto('/account/details');
    const tour = page.getByTestId('onboarding-tour');
    await expect(tour).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(tour).toBeHidden();
  });
});
