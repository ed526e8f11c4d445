/**
 * The pictures in docs/screenshots, taken on demand (`npm run screenshots` at the root builds first),
 * never in `npm test`: the same server and browser as the browser tests, specs in `screenshots/`.
 */
import { defineConfig } from '@playwright/test';
import tests, { SERVERS } from './playwright.config';

const COURSE_SCREENS = /(authoring|learning|shop|tools)\.spec\.ts$/;

export default defineConfig({
  ...tests,
  testDir: './screenshots',
  outputDir: './test-results/screenshots',
  reporter: 'list',
  workers: 2,
  // One server: the screens and course screens run one after the other on the same demo data.
  webServer: SERVERS[0],
  projects: [
    { name: 'screens', testIgnore: COURSE_SCREENS },
    // Authoring, learning and shop screens change the demo data (a pin, quiz answers, an order), so they come last.
    { name: 'courses', testMatch: COURSE_SCREENS, dependencies: ['screens'], workers: 1 },
  ],
});
