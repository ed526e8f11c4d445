#!/usr/bin/env node
// Web benchmarks: Lighthouse performance and accessibility on /auth, /catalog and /notifications
// (desktop and mobile presets), and the JavaScript each page loads, against the built app served
// by the real server on a temporary SQLite database with the demo data. Then each key screen's
// critical path (bench/critical-path.mjs): when its data shows, cold and warm, and how many
// requests had to follow one another before it. Chromium is Debian's (/usr/bin/chromium, or
// CHROME_PATH). Writes docs/benchmarks.md.
//
//   npm run build && node bench/web.mjs
//
// BENCH_WEB=critical-path measures the critical path only (no Lighthouse); BENCH_RUNS sets its runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { measureCriticalPath, criticalPathSection, CRITICAL_PATH_BUDGET_MS } from './critical-path.mjs';
import { serverEntry, startServer, stopProcess } from './processes.mjs';
import { writeSection } from './report.mjs';

const root = new URL('..', import.meta.url).pathname;
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4521);
const BASE = `http://localhost:${PORT}`;
const BUDGET = 95;
const STUDENT = 'student@leerpad.test';
const PAGES = [
  { path: '/auth', account: null },
  { path: '/catalog', account: STUDENT },
  { path: '/notifications', account: STUDENT },
  // The course player: the demo student's course, half-way through (path filled in below).
  { path: null, account: STUDENT, coursePlayer: true, informational: true },
];
const COURSE_CHUNK_BUDGET_KB = 80;

if (!existsSync(serverEntry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}

const startWebServer = (dir) =>
  startServer({ DATABASE_URL: `sqlite:${join(dir, 'web.sqlite')}`, LEERPAD_DATA_DIR: dir }, PORT);

async function sessionCookie(email) {
  const response = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password: 'leerpad-demo' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const cookie = response.headers.get('set-cookie').split(';')[0];
  // The first-visit menu tour is a modal over the page; a returning user has seen it.
  const accountId = (await response.json()).data.id;
  await fetch(`${BASE}/api/v1/accounts/${accountId}/preferences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
    body: JSON.stringify({ property: 'onboarding-features', payload: 'main-menu@1' }),
  });
  return cookie;
}

async function audit(chrome, url, cookie, preset) {
  const flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  };
  let lhr;
  // Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is repeated.
  for (let attempt = 1; ; attempt++) {
    ({ lhr } = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined));
    if (!lhr.runtimeError) break;
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    console.warn(`${url} (${preset}): ${lhr.runtimeError.code}, running it again`);
  }
  const scripts = lhr.audits['resource-summary']?.details?.items?.find(
    (item) => item.resourceType === 'script',
  );
  const scriptUrls = (lhr.audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(BASE))
    .map((item) => item.url);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    scriptKb: (scripts?.transferSize ?? 0) / 1024,
    scriptGzipKb: (await gzippedSize(scriptUrls)) / 1024,
    scriptUrls,
    failedA11y: Object.values(lhr.audits)
      .filter(
        (item) =>
          item.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === item.id),
      )
      .map((item) => item.id),
  };
}

/** The scripts' size as gzip -9 would send them: the unit of the 120 KB sign-in page budget. */
async function gzippedSize(urls) {
  let total = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

async function enrolledCourseId(cookie) {
  const response = await fetch(`${BASE}/api/v1/enrollments?page[size]=1`, { headers: { cookie } });
  const document = await response.json();
  return document.data[0].relationships.course.data.id;
}

const dir = mkdtempSync(join(tmpdir(), 'leerpad-web-bench-'));
const server = await startWebServer(dir);
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const LIGHTHOUSE = process.env.BENCH_WEB !== 'critical-path';
const rows = [];
let belowBudget = 0;
let courseChunk = null;
let criticalPath = null;
try {
  for (const page of LIGHTHOUSE ? PAGES : []) {
    const cookie = page.account ? await sessionCookie(page.account) : null;
    if (page.coursePlayer) page.path = `/courses/${await enrolledCourseId(cookie)}`;
    for (const preset of ['desktop', 'mobile']) {
      const score = await audit(chrome, `${BASE}${page.path}`, cookie, preset);
      // The budget is Lighthouse's desktop preset; the mobile figures are for information.
      if (preset === 'desktop' && (score.performance < BUDGET || score.accessibility < BUDGET))
        belowBudget += 1;
      rows.push({ ...page, preset, ...score });
      console.log(
        `${page.path} ${preset}: performance ${score.performance}, accessibility ${score.accessibility}` +
          (score.failedA11y.length ? ` (failed: ${score.failedA11y.join(', ')})` : ''),
      );
    }
  }
  if (LIGHTHOUSE) {
    // What the course player loads beyond what a signed-in page (the shell) already has.
    const shell = new Set(
      rows.find((row) => row.path === '/notifications' && row.preset === 'desktop').scriptUrls,
    );
    const player = rows.find((row) => row.coursePlayer && row.preset === 'desktop');
    const extra = player.scriptUrls.filter((url) => !shell.has(url));
    courseChunk = { files: extra.length, kb: (await gzippedSize(extra)) / 1024 };
    if (courseChunk.kb > COURSE_CHUNK_BUDGET_KB) belowBudget += 1;
  }
  const cookie = await sessionCookie(STUDENT);
  criticalPath = await measureCriticalPath({
    chromePort: chrome.port,
    base: BASE,
    cookie,
    courseId: await enrolledCourseId(cookie),
    runs: Number(process.env.BENCH_RUNS ?? 7),
  });
  for (const row of criticalPath) {
    console.log(
      `${row.screen} ${row.cache}: ready ${Math.round(row.readyMs)} ms, chain ${row.depth}, API ${row.apiDepth}`,
    );
    if (row.cache === 'warm' && (row.readyMs > CRITICAL_PATH_BUDGET_MS.warm || row.apiDepth > 2))
      belowBudget += 1;
    if (row.cache === 'cold' && row.readyMs > CRITICAL_PATH_BUDGET_MS.cold) belowBudget += 1;
  }
} finally {
  chrome.kill();
  await stopProcess(server);
  rmSync(dir, { recursive: true, force: true });
}

const date = new Date().toISOString().slice(0, 10);
const criticalLines = criticalPathSection(criticalPath, date);
console.log(criticalLines);
writeSection('Web: critical path', criticalLines);
if (!LIGHTHOUSE) {
  process.exitCode = belowBudget > 0 ? 1 : 0;
  process.exit();
}
const lines = [
  `## Web: Lighthouse — ${date}`,
  '',
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end. Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} in Debian's Chromium, headless, against the built app on the real server (SQLite, demo data); signed-in pages as the demo student. Desktop: Lighthouse's desktop preset; mobile: its default (a mid-range phone on a throttled 4G connection, simulated). Budget: ${BUDGET} for performance and accessibility on /auth, /catalog and /notifications with the desktop preset; the mobile figures and the course player are for information.`,
  '',
  '| page | preset | performance | accessibility | LCP | TBT | CLS | JavaScript transferred (Brotli) | JavaScript, gzip -9 |',
  '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| ${row.coursePlayer ? `course player (${row.path})` : row.path} | ${row.preset} | ${row.performance} | ${row.accessibility} | ${(row.lcp / 1000).toFixed(2)} s | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${row.scriptKb.toFixed(1)} KB | ${row.scriptGzipKb.toFixed(1)} KB |`,
  ),
  '',
  `The course player loads ${courseChunk.kb.toFixed(1)} KB of JavaScript (gzip -9, ${courseChunk.files} files) beyond what a signed-in page already has; budget ${COURSE_CHUNK_BUDGET_KB} KB.`,
  '',
];
console.log(lines.join('\n'));
writeSection('Web: Lighthouse', lines.join('\n'));
process.exitCode = belowBudget > 0 ? 1 : 0;
