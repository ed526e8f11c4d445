/**
 * Browser tests: Debian's Chromium (never a downloaded browser) against the real built server on a
 * fresh SQLite database with the demo data. Build first: `npm run build` (web and server).
 */
import { defineConfig, devices } from '@playwright/test';

export const PORT = Number(process.env.LEERPAD_E2E_PORT ?? 4310);
export const BASE_URL = `http://localhost:${PORT}`;
/** The demo's second portal; Chromium resolves *.localhost to the loopback address. */
export const SECOND_PORTAL_URL = `http://second.localhost:${PORT}`;
/** The demo's Romanian portal. */
export const THIRD_PORTAL_URL = `http://third.localhost:${PORT}`;
const LEARNING_SPECS =
  /(authoring|learning|journey|certifications|group-answers|administration|sales|shop|portfolio|coaching|settings|qti|portal-setup|branding|portal-export|scorm|lti)\.spec\.ts$/;
/** Each port gets its own database and data directory, so two runs on different ports can overlap. */
const TMP = process.env.LEERPAD_E2E_PORT ? `.tmp/${PORT}` : '.tmp/default';
/** Where the server under test writes its outgoing mail (relative to the e2e folder). */
export const MAIL_DIR = `${TMP}/data/mail`;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'en-GB',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Everything that reads the demo data as seeded: signing in, the shell, notifications, languages.
    { name: 'chromium', testIgnore: LEARNING_SPECS },
    // Course authoring and the student journeys change the demo data (new courses, enrolments,
    // notifications), so they run afterwards, one file at a time.
    {
      name: 'learning',
      testMatch: LEARNING_SPECS,
      dependencies: ['chromium'],
      workers: 1,
    },
  ],
  webServer: {
    command:
      `rm -rf ${TMP} && mkdir -p ${TMP}/data && ` +
      `PORT=${PORT} DATABASE_URL=sqlite:${TMP}/e2e.sqlite LEERPAD_DATA_DIR=${TMP}/data LEERPAD_LTI_ALLOW_PRIVATE_HOSTS=1 node ../apps/server/dist/main.js --demo`,
    url: `${BASE_URL}/api/ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
