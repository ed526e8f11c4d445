// A screen's critical path (ARCHITECTURE.md "Performance budgets"): for the course player, the
// catalog and the notifications page, signed in as the demo student, how long until the screen's
// data is in the page ("ready": its stable selector is in the DOM, taken from performance.now(), so
// from the start of navigation), and how many requests had to follow one another before the data
// request went out.
//
// Cold: a fresh browser context (empty HTTP cache) per run. Warm: one context that loaded the page
// once, then loads it again from about:blank for each run. Medians of the runs are reported; the
// machine is shared, so single runs are noisy.
//
// Chain depth comes from the Chrome DevTools Protocol's Network events: a request depends on any
// request (document, script, fetch) whose response had ended before it was sent. The longest such
// chain that ends at the data request gives the number of levels before it, and the number of API
// round trips in sequence up to and including it. Timing alone cannot tell a real dependency from
// a coincidence, so the depth is an upper bound. A screen whose data came in the page itself (decision
// 082) has no data request: its chain is the page alone, with no API round trip.
import puppeteer from 'puppeteer-core';
/* global window, document, MutationObserver -- functions passed to the page run in the browser. */

export const CRITICAL_PATH_BUDGET_MS = { warm: 400, cold: 1000 };

const SCREENS = [
  {
    screen: 'course player',
    path: (courseId) => `/courses/${courseId}`,
    ready: '[data-testid="course-player"]',
    data: /\/api\/v1\/courses\/\d+\?/,
  },
  {
    screen: 'catalog',
    path: () => '/catalog',
    ready: '[data-page="catalog"] ul li',
    data: /\/api\/v1\/courses\?/,
  },
  {
    screen: 'notifications',
    path: () => '/notifications',
    ready: '[data-testid="notification-list"] li',
    // The page's list, not the header's unread partial (which filters on status).
    data: /\/api\/v1\/accounts\/\d+\/notifications\?(?!.*filter)/,
  },
];

const CHAIN_TYPES = new Set(['Document', 'Script', 'Fetch', 'XHR']);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Records the page's requests (start and end on the protocol's monotonic clock). */
async function recordRequests(page) {
  const session = await page.createCDPSession();
  await session.send('Network.enable');
  const requests = new Map();
  session.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type,
      start: event.timestamp,
      end: null,
    });
  });
  const ended = (event) => {
    const request = requests.get(event.requestId);
    if (request) request.end = event.timestamp;
  };
  session.on('Network.loadingFinished', ended);
  session.on('Network.loadingFailed', ended);
  return {
    reset: () => requests.clear(),
    list: () => [...requests.values()],
    detach: () => session.detach(),
  };
}

/** The longest chain of requests, each sent after the previous one's response ended, up to the data. */
export function chainTo(requests, dataPattern, origin) {
  const relevant = requests
    .filter((r) => CHAIN_TYPES.has(r.type) && r.url.startsWith(origin))
    .sort((a, b) => a.start - b.start);
  const data = relevant.find((r) => dataPattern.test(r.url));
  if (!data) return null;
  const isApi = (r) => new URL(r.url).pathname.startsWith('/api/');
  const best = new Map();
  for (const request of relevant) {
    if (request.start > data.start) break;
    let level = { depth: 1, api: isApi(request) ? 1 : 0, chain: [request] };
    for (const [before, found] of best) {
      if (before.end === null || before.end > request.start) continue;
      const candidate = {
        depth: found.depth + 1,
        api: found.api + (isApi(request) ? 1 : 0),
        chain: [...found.chain, request],
      };
      if (candidate.depth > level.depth || (candidate.depth === level.depth && candidate.api > level.api))
        level = candidate;
    }
    best.set(request, level);
  }
  const found = best.get(data);
  return {
    depth: found.depth - 1,
    apiDepth: found.api,
    chain: found.chain.map((r) => {
      const url = new URL(r.url);
      return url.pathname.startsWith('/api/') ? url.pathname : url.pathname.replace(/-[\w-]{8}\./, '.');
    }),
  };
}

async function loadOnce(page, recorder, url, screen, origin) {
  recorder.reset();
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => window.__benchReady !== undefined, { timeout: 20_000 });
  const readyMs = await page.evaluate(() => window.__benchReady);
  // The screen showed its data without asking for it: the page carried it (decision 082).
  const chain = chainTo(recorder.list(), screen.data, origin) ?? {
    depth: 0,
    apiDepth: 0,
    chain: [`${new URL(url).pathname} (the data in the page)`],
  };
  return { readyMs, ...chain };
}

async function preparePage(context, base, cookie, screen) {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const [name, ...value] = cookie.split('=');
  await page.setCookie({ name, value: value.join('='), url: base });
  // Marks the moment the screen's selector first appears in the document.
  await page.evaluateOnNewDocument((selector) => {
    const check = () => {
      if (window.__benchReady === undefined && document.querySelector(selector))
        window.__benchReady = performance.now();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  }, screen.ready);
  return { page, recorder: await recordRequests(page) };
}

/** Measures every screen cold and warm; one row per screen and cache state (medians). */
export async function measureCriticalPath({ chromePort, base, cookie, courseId, runs }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const origin = new URL(base).origin;
  const rows = [];
  try {
    for (const screen of SCREENS) {
      const url = `${base}${screen.path(courseId)}`;
      const cold = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.createBrowserContext();
        const { page, recorder } = await preparePage(context, base, cookie, screen);
        cold.push(await loadOnce(page, recorder, url, screen, origin));
        await recorder.detach();
        await context.close();
      }
      const warm = [];
      const context = await browser.createBrowserContext();
      const { page, recorder } = await preparePage(context, base, cookie, screen);
      await loadOnce(page, recorder, url, screen, origin);
      for (let run = 0; run < runs; run++) {
        await page.goto('about:blank');
        warm.push(await loadOnce(page, recorder, url, screen, origin));
      }
      await recorder.detach();
      await context.close();
      for (const [cache, samples] of [
        ['cold', cold],
        ['warm', warm],
      ]) {
        const readyMs = median(samples.map((s) => s.readyMs));
        const typical = samples.reduce((a, b) =>
          Math.abs(b.readyMs - readyMs) < Math.abs(a.readyMs - readyMs) ? b : a,
        );
        rows.push({
          screen: screen.screen,
          path: screen.path(courseId),
          cache,
          runs: samples.length,
          readyMs,
          minMs: Math.min(...samples.map((s) => s.readyMs)),
          maxMs: Math.max(...samples.map((s) => s.readyMs)),
          depth: median(samples.map((s) => s.depth)),
          apiDepth: median(samples.map((s) => s.apiDepth)),
          chain: typical.chain,
        });
      }
    }
  } finally {
    await browser.disconnect();
  }
  return rows;
}

export function criticalPathSection(rows, date, load = null) {
  const budget = (row) =>
    row.cache === 'warm'
      ? row.readyMs <= CRITICAL_PATH_BUDGET_MS.warm && row.apiDepth <= 2
        ? 'ok'
        : 'missed'
      : row.readyMs <= CRITICAL_PATH_BUDGET_MS.cold
        ? 'ok'
        : 'missed';
  return [
    `## Web: critical path — ${date}`,
    '',
    `Headless Chromium (Debian's) against the built app on the real server (SQLite, demo data), signed in as the demo student, 1280×800, no throttling, loopback. Ready: the screen's data is in the page (course player: \`[data-testid="course-player"]\`; catalog: a course card; notifications: a list item), in ms from the start of navigation; median of ${rows[0]?.runs ?? 0} runs (min–max beside it; the 2 cores are shared, so single runs are noisy)${load ? `; load average ${load}` : ''}. Cold: a fresh browser context per run; warm: the same context, page loaded before. Chain: the longest run of requests (document, scripts, fetches) each sent after the previous one's response ended, up to the data request: the levels before it, and the API round trips in sequence up to and including it (an upper bound: timing cannot tell a dependency from a coincidence). Budget: warm ≤ ${CRITICAL_PATH_BUDGET_MS.warm} ms with at most 2 API round trips; cold ≤ ${CRITICAL_PATH_BUDGET_MS.cold} ms.`,
    '',
    '| screen | cache | ready (median) | min–max | levels before the data request | API round trips up to the data | budget |',
    '|---|---|---:|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.screen} (${row.path}) | ${row.cache} | ${Math.round(row.readyMs)} ms | ${Math.round(row.minMs)}–${Math.round(row.maxMs)} ms | ${row.depth} | ${row.apiDepth} | ${budget(row)} |`,
    ),
    '',
    'A typical chain per screen (warm):',
    '',
    ...rows
      .filter((row) => row.cache === 'warm')
      .map((row) => `- ${row.screen}: ${row.chain.map((step) => `\`${step}\``).join(' → ')}`),
    '',
  ].join('\n');
}
