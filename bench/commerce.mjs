#!/usr/bin/env node
// Commerce benchmarks (issue 14). Prints a Markdown report and writes it to docs/benchmarks.md.
//
//   npm run build -w @leerpad/server && node bench/commerce.mjs
//
// Checkouts, on PostgreSQL: 200 buyers (accounts and sessions inserted with SQL) each order the
// demo course "Cursus: Basiskennis eerste hulp" at the same moment and pay it through the built-in test
// provider, with the payment outcome delivered twice at once (as a provider that retries a webhook
// would). Measured: the wall time for all 200, each checkout's time from order to both outcomes
// answered (p50, p99), the time until every order's fulfilment job had run, and any 5xx. Checked in
// the database: no account holds two enrolments in one course, each order has one invoice, and the
// invoice numbers of the portal are gapless per year (1…n, no number twice).
//
// Staff order list, on SQLite and PostgreSQL: 100,000 orders (one line each) bulk-inserted with SQL
// into the demo academy over the last two years, then GET /api/v1/orders (first page of 25) as the
// demo sales account: 200 sequential requests after 20 warm-ups, median and p99.
// LEERPAD_SKIP_POSTGRES=1 measures the order list on SQLite only (and skips the checkouts);
// BENCH_PARTS=checkout or BENCH_PARTS=list runs one half.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { connect, insertRows, latency, quantile, signIn, temporaryDatabase } from './measure.mjs';
import { serverEntry, startServer, stopProcess } from './processes.mjs';
import { writeSection } from './report.mjs';

const BUYERS = 200;
const ORDERS = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const BUDGET_MS = 20;
const DAY = 86_400_000;
const COURSE_PRODUCT = 'Cursus: Basiskennis eerste hulp';
const root = new URL('..', import.meta.url).pathname;
const log = (text) => console.error(`[commerce ${new Date().toISOString().slice(11, 19)}] ${text}`);

if (!existsSync(serverEntry)) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@leerpad/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

async function withServer(kind, port, name, work) {
  const dir = mkdtempSync(join(tmpdir(), `leerpad-bench-${name}-`));
  const database = await temporaryDatabase(kind, dir, `leerpad_bench_${name}_${process.pid}`);
  let server;
  try {
    server = await startServer({ DATABASE_URL: database.url, LEERPAD_DATA_DIR: dir }, port);
    return await work(`http://127.0.0.1:${port}`, database.url);
  } finally {
    if (server) await stopProcess(server);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// -------------------------------------------------------------------------------------- checkouts

/** 200 buyers with a session each, as a sign-in would create it (token hash: sha256 base64url). */
async function insertBuyers(kind, url) {
  const db = await connect(kind, url);
  const nowIso = new Date().toISOString();
  await insertRows(
    db,
    kind,
    'accounts',
    ['portal_id', 'full_name', 'email', 'created_at'],
    Array.from({ length: BUYERS }, (_, i) => [1, `Buyer ${i + 1}`, `bench-buyer-${i}@commerce.test`, nowIso]),
  );
  const ids = (
    await db.all("select id from accounts where email like 'bench-buyer-%@commerce.test' order by id")
  ).map((row) => Number(row.id));
  await insertRows(
    db,
    kind,
    'account_roles',
    ['account_id', 'role'],
    ids.map((id) => [id, 'student']),
  );
  const cookies = [];
  await insertRows(
    db,
    kind,
    'sessions',
    ['account_id', 'token_hash', 'created_at', 'expires_at', 'last_seen_at'],
    ids.map((id) => {
      const token = randomBytes(32).toString('base64url');
      cookies.push(`leerpad_session=${token}`);
      const hash = createHash('sha256').update(token).digest('base64url');
      return [id, hash, nowIso, new Date(Date.now() + DAY).toISOString(), nowIso];
    }),
  );
  const [product] = await db.all('select id from products where portal_id = 1 and name = ?', [
    COURSE_PRODUCT,
  ]);
  const [course] = await db.all('select course_id from product_courses where product_id = ?', [product.id]);
  await db.close();
  return { ids, cookies, productId: Number(product.id), courseId: Number(course.course_id) };
}

async function checkouts(base, url) {
  const buyers = await insertBuyers('postgres', url);
  const statuses = [];
  const post = async (path, cookie, body, headers = {}) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...headers,
      },
      body: JSON.stringify(body),
    });
    statuses.push(response.status);
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  const one = async (cookie) => {
    const started = performance.now();
    const order = await post(
      '/api/v1/orders',
      cookie,
      {
        data: {
          type: 'orders',
          relationships: { products: { data: [{ type: 'products', id: String(buyers.productId) }] } },
        },
      },
      { 'idempotency-key': randomUUID() },
    );
    const payment = order.included.find((item) => item.type === 'payments');
    // The outcome twice at once, as a provider retrying its webhook would deliver it.
    await Promise.all([
      post(`/api/v1/payments/${payment.id}/test_outcome`, cookie, { outcome: 'paid' }),
      post(`/api/v1/payments/${payment.id}/test_outcome`, cookie, { outcome: 'paid' }),
    ]);
    return { orderId: Number(order.data.id), ms: performance.now() - started };
  };
  log(`${BUYERS} checkouts at once`);
  const started = performance.now();
  const settled = await Promise.allSettled(buyers.cookies.map(one));
  const wallMs = performance.now() - started;
  const done = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
  const failures = settled.filter((s) => s.status === 'rejected').map((s) => String(s.reason).slice(0, 200));

  const db = await connect('postgres', url);
  const orderIds = done.map((d) => d.orderId);
  let unfulfilled = orderIds.length;
  while (unfulfilled > 0 && performance.now() - started < 120_000) {
    const [row] = await db.all(
      `select count(*) as n from orders where id in (${orderIds.join(',')}) and fulfilled_at is null`,
    );
    unfulfilled = Number(row.n);
    if (unfulfilled > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const fulfilledMs = performance.now() - started;
  const [duplicates] = await db.all(
    'select count(*) as n from (select account_id, course_id from enrollments group by account_id, course_id having count(*) > 1) d',
  );
  const [enrolled] = await db.all(
    `select count(*) as n from enrollments where course_id = ? and account_id in (${buyers.ids.join(',')})`,
    [buyers.courseId],
  );
  const [paid] = await db.all(
    `select count(*) as n from orders where id in (${orderIds.join(',')}) and state = 'paid'`,
  );
  const perOrder = await db.all(
    `select order_id, count(*) as n from invoices where order_id in (${orderIds.join(',')}) group by order_id`,
  );
  const years = await db.all(
    'select year, count(*) as n, count(distinct sequence) as distinct_n, min(sequence) as low, max(sequence) as high from invoices where portal_id = 1 group by year order by year',
  );
  await db.close();
  const gapless = years.every(
    (y) => Number(y.low) === 1 && Number(y.high) === Number(y.n) && Number(y.distinct_n) === Number(y.n),
  );
  const times = done.map((d) => d.ms).sort((a, b) => a - b);
  return {
    wallMs,
    fulfilledMs,
    unfulfilled,
    completed: done.length,
    failures,
    p50: times.length ? quantile(times, 0.5) : NaN,
    p99: times.length ? quantile(times, 0.99) : NaN,
    requests: statuses.length,
    serverErrors: statuses.filter((s) => s >= 500).length,
    duplicates: Number(duplicates.n),
    enrolled: Number(enrolled.n),
    paid: Number(paid.n),
    invoicesPerOrder: {
      one: perOrder.filter((row) => Number(row.n) === 1).length,
      more: perOrder.filter((row) => Number(row.n) > 1).length,
    },
    years: years.map((y) => `${y.year}: ${y.n} numbers, ${y.low}–${y.high}`).join('; '),
    gapless,
  };
}

// ----------------------------------------------------------------------------------- order list

const STATES = ['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'pending', 'failed', 'expired', 'refunded'];

async function fillOrders(kind, url) {
  const started = performance.now();
  const db = await connect(kind, url);
  const [product] = await db.all('select id from products where portal_id = 1 and name = ?', [
    COURSE_PRODUCT,
  ]);
  const buyers = (
    await db.all(
      "select a.id, a.full_name, a.email from accounts a join account_roles r on r.account_id = a.id where a.portal_id = 1 and r.role = 'student' order by a.id",
    )
  ).map((row) => ({ id: Number(row.id), name: row.full_name, email: row.email }));
  const [{ first }] = await db.all('select coalesce(max(id), 0) + 1 as first from orders');
  const firstId = Number(first);
  const now = Date.now();
  await db.exec(kind === 'sqlite' ? 'begin' : 'begin');
  const orders = [];
  const lines = [];
  for (let i = 0; i < ORDERS; i++) {
    const buyer = buyers[i % buyers.length];
    const at = new Date(now - Math.floor((i * 730 * DAY) / ORDERS) - (i % 997) * 1000).toISOString();
    const state = STATES[i % STATES.length];
    const net = 1999 + (i % 40) * 100;
    const vat = Math.round((net * 21) / 100);
    const paidAt = state === 'paid' || state === 'refunded' ? at : null;
    orders.push([
      firstId + i,
      1,
      buyer.id,
      state,
      'checkout',
      'EUR',
      net,
      0,
      vat,
      net + vat,
      state === 'refunded' ? net + vat : 0,
      buyer.name,
      buyer.email,
      0,
      paidAt,
      paidAt,
      at,
      at,
    ]);
    lines.push([1, firstId + i, Number(product.id), COURSE_PRODUCT, 1, net, 0, net, 21, vat, net + vat]);
  }
  await insertRows(
    db,
    kind,
    'orders',
    [
      'id',
      'portal_id',
      'account_id',
      'state',
      'payment_method',
      'currency',
      'subtotal_cents',
      'discount_cents',
      'vat_cents',
      'total_cents',
      'refunded_cents',
      'buyer_name',
      'buyer_email',
      'reverse_charge',
      'paid_at',
      'fulfilled_at',
      'created_at',
      'updated_at',
    ],
    orders,
  );
  await insertRows(
    db,
    kind,
    'order_lines',
    [
      'portal_id',
      'order_id',
      'product_id',
      'description',
      'quantity',
      'unit_price_cents',
      'discount_cents',
      'net_cents',
      'vat_rate',
      'vat_cents',
      'total_cents',
    ],
    lines,
  );
  await db.exec('commit');
  if (kind === 'postgres') {
    await db.exec("select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))");
  }
  await db.exec(kind === 'sqlite' ? 'analyze' : 'vacuum analyze');
  const [{ n }] = await db.all('select count(*) as n from orders where portal_id = 1');
  await db.close();
  return { seconds: (performance.now() - started) / 1000, orders: Number(n) };
}

async function orderList(kind, base, url) {
  const staff = await signIn(base, 'sales@leerpad.test');
  log(`${kind}: inserting ${ORDERS.toLocaleString('en')} orders`);
  const data = await fillOrders(kind, url);
  log(`${kind}: measuring the order list`);
  const results = [];
  for (const [label, query] of [
    ['first page', ''],
    ['state filter', '?filter[state]=paid'],
  ]) {
    const run = await latency(`${base}/api/v1/orders${query}`, staff.cookie, REQUESTS, WARMUP);
    results.push({ label, query, median: run.median, p99: run.p99, total: run.body.meta.total ?? null });
  }
  return { data, results };
}

// ------------------------------------------------------------------------------------------- run

const ms = (value) => `${value.toFixed(1)} ms`;
const loadAtStart = loadavg()[0];
const skipPostgres = process.env.LEERPAD_SKIP_POSTGRES === '1';
// BENCH_PARTS=checkout or =list runs one half (while working on it).
const parts = new Set((process.env.BENCH_PARTS ?? 'checkout,list').split(','));
const checkout =
  skipPostgres || !parts.has('checkout') ? null : await withServer('postgres', 4531, 'checkout', checkouts);
const lists = {};
if (parts.has('list')) {
  lists.sqlite = await withServer('sqlite', 4532, 'orders', (base, url) => orderList('sqlite', base, url));
}
if (!skipPostgres && parts.has('list')) {
  lists.postgres = await withServer('postgres', 4533, 'orders', (base, url) =>
    orderList('postgres', base, url),
  );
}

const date = new Date().toISOString().slice(0, 10);
const lines = [
  `## Commerce: checkouts and the staff order list — ${date}`,
  '',
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end. Built server, demo data, loopback.`,
  '',
];
let problems = 0;
if (checkout) {
  const ok = (good) => (good ? 'ok' : 'WRONG');
  const checks = [
    checkout.completed === BUYERS,
    checkout.serverErrors === 0,
    checkout.duplicates === 0,
    checkout.enrolled === BUYERS,
    checkout.paid === BUYERS,
    checkout.invoicesPerOrder.one === BUYERS && checkout.invoicesPerOrder.more === 0,
    checkout.gapless,
    checkout.unfulfilled === 0,
  ];
  problems += checks.filter((c) => !c).length;
  lines.push(
    `**Checkouts (PostgreSQL)**: ${BUYERS} buyers each order one course at the same moment and pay with the test provider; every payment outcome is delivered twice at once. A checkout is the order (\`POST /api/v1/orders\`, with an Idempotency-Key) and both outcomes answered.`,
    '',
    '| measure | value | expected |',
    '|---|---:|---|',
    `| all ${BUYERS} checkouts, wall time | ${ms(checkout.wallMs)} | — |`,
    `| one checkout, p50 / p99 | ${ms(checkout.p50)} / ${ms(checkout.p99)} | — |`,
    `| until every order's fulfilment had run | ${ms(checkout.fulfilledMs)} | — |`,
    `| checkouts completed | ${checkout.completed} | ${BUYERS} (${ok(checks[0])}) |`,
    `| 5xx answers of ${checkout.requests} requests | ${checkout.serverErrors} | 0 (${ok(checks[1])}) |`,
    `| duplicate enrolments (account and course twice) | ${checkout.duplicates} | 0 (${ok(checks[2])}) |`,
    `| buyers enrolled in the course | ${checkout.enrolled} | ${BUYERS} (${ok(checks[3])}) |`,
    `| orders paid | ${checkout.paid} | ${BUYERS} (${ok(checks[4])}) |`,
    `| orders with exactly one invoice / with more | ${checkout.invoicesPerOrder.one} / ${checkout.invoicesPerOrder.more} | ${BUYERS} / 0 (${ok(checks[5])}) |`,
    `| invoice numbers gapless per year (${checkout.years}) | ${checkout.gapless ? 'yes' : 'no'} | yes (${ok(checks[6])}) |`,
    '',
  );
  if (checkout.failures.length > 0)
    lines.push(`Failed checkouts: ${checkout.failures.slice(0, 3).join('; ')}`, '');
}
lines.push(
  `**Staff order list**: ${ORDERS.toLocaleString('en')} orders with one line each, bulk-inserted with SQL over two years (60% paid, the rest pending, failed, expired or refunded). \`GET /api/v1/orders\` as the demo sales account, first page (25, newest first, with the total count): ${REQUESTS} sequential requests after ${WARMUP} warm-ups, request to last byte. Budget: median under ${BUDGET_MS} ms.`,
  '',
  '| database | query | orders | median | p99 | budget |',
  '|---|---|---:|---:|---:|---|',
);
for (const [kind, run] of Object.entries(lists)) {
  for (const result of run.results) {
    const ok = result.median < BUDGET_MS;
    if (!ok && result.query === '') problems += 1;
    lines.push(
      `| ${kind} | ${result.label} \`${result.query || '(none)'}\` | ${Number(result.total).toLocaleString('en')} | ${ms(result.median)} | ${ms(result.p99)} | ${ok ? 'ok' : 'OVER'} |`,
    );
  }
}
lines.push(
  '',
  `Bulk insert: ${Object.entries(lists)
    .map(
      ([kind, run]) =>
        `${run.data.orders.toLocaleString('en')} orders in ${run.data.seconds.toFixed(1)} s on ${kind}`,
    )
    .join('; ')}.`,
  '',
);
console.log(lines.join('\n'));
writeSection('Commerce: checkouts and the staff order list', lines.join('\n'));
if (problems > 0) {
  console.error(`${problems} check(s) failed or over budget`);
  process.exitCode = 1;
}
