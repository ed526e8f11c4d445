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
/**
 * Course authoring and the student journeys change the demo data (new courses, enrolments,
 * notifications): they get a server of their own, on the next port, and run beside the others.
 */
export const LEARNING_PORT = PORT + 1;
export const LEARNING_BASE_URL = `http://localhost:${LEARNING_PORT}`;
export const LEARNING_SECOND_PORTAL_URL = `http://second.localhost:${LEARNING_PORT}`;
const LEARNING_SPECS =
  /(authoring|learning|journey|certifications|group-answers|administration|sales|shop|portfolio|coaching|settings|qti|portal-setup|branding|portal-export|portal-move|scorm|cmi5|lti|analytics|quiz-exam)\.spec\.ts$/;
/** Each port gets its own database and data directory, so two runs on different ports can overlap. */
const tmpOf = (port: number) => (process.env.LEERPAD_E2E_PORT ? `.tmp/${port}` : `.tmp/default-${port}`);
/** Where each server under test writes its outgoing mail (relative to the e2e folder). */
export const MAIL_DIR = `${tmpOf(PORT)}/data/mail`;
export const LEARNING_MAIL_DIR = `${tmpOf(LEARNING_PORT)}/data/mail`;

/**
 * A built server on a fresh SQLite database with the demo data. It may reach LTI tools on this
 * machine and trusts the test tool's own certificate (fixtures/lti-tool, for 127.0.0.1 only).
 */
function demoServer(port: number) {
  const tmp = tmpOf(port);
  return {
    command:
      `rm -rf ${tmp} && mkdir -p ${tmp}/data && ` +
      `PORT=${port} DATABASE_URL=sqlite:${tmp}/e2e.sqlite LEERPAD_DATA_DIR=${tmp}/data LEERPAD_LTI_ALLOW_PRIVATE_HOSTS=1 NODE_EXTRA_CA_CERTS=fixtures/lti-tool/cert.pem node ../apps/server/dist/main.js --demo`,
    url: `http://localhost:${port}/api/ping`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}
export const SERVERS = [demoServer(PORT), demoServer(LEARNING_PORT)];

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  // Two for the specs that read the demo data as seeded, one for the learning specs beside them.
  workers: 3,
  retries: 0,
  // A guard against a test that hangs, not a speed check (speed is measured in `npm run bench`): the
  // specs that sign in several people and run axe on each screen take 40–50 s on slower 2-core machines.
  timeout: 90_000,
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
    { name: 'chromium', testIgnore: LEARNING_SPECS, workers: 2 },
    // The specs that change the demo data, one file at a time, on their own server.
    {
      name: 'learning',
      testMatch: LEARNING_SPECS,
      workers: 1,
      use: { baseURL: LEARNING_BASE_URL },
    },
  ],
  webServer: SERVERS,
});
