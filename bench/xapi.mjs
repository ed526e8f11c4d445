#!/usr/bin/env node
// The Learning Record Store (decision 063). Prints a Markdown report and writes it to docs/benchmarks.md.
//
//   npm run build -w @leerpad/server && node bench/xapi.mjs
//
// Statement writes on PostgreSQL and SQLite: the built server on a fresh database, one LRS
// credential, then for BENCH_SECONDS (default 15) each: POST /xapi/statements with batches of 100
// statements from 4 concurrent clients, and single-statement POSTs from 32 concurrent clients. Every statement has
// its own id, an actor, a verb, an activity with a definition and a registration, like the ones a
// course player sends. Reported: statements stored per second (budget: 1,000 each way), request
// p50/p99, and any non-2xx answer (a failure).
//
// Conformance: ADL's LRS conformance suite (scripts/xapi-conformance.mjs), whole, for xAPI 1.0.3 and
// 2.0.0, on SQLite and on PostgreSQL. BENCH_PARTS=writes or BENCH_PARTS=conformance runs one half.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { quantile, signIn, temporaryDatabase } from './measure.mjs';
import { startProcess, startServer, stopProcess } from './processes.mjs';
import { writeSection } from './report.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_XAPI_PORT ?? 4338);
const SINGLE_CLIENTS = 32;
const DATABASES = (process.env.BENCH_XAPI_DBS ?? 'postgres,sqlite').split(',');
/** Another build to measure (the one before a change, say), instead of apps/server/dist. */
const ENTRY = process.env.BENCH_SERVER_ENTRY;
const BUDGET_PER_SECOND = 1000;
const BATCH = 100;
const root = new URL('..', import.meta.url).pathname;
const parts = process.env.BENCH_PARTS ?? 'writes,conformance';

if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  spawnSync('npm', ['run', 'build', '-w', '@leerpad/server'], { cwd: root, stdio: 'inherit' });
}

function statement(index) {
  return {
    id: randomUUID(),
    actor: {
      objectType: 'Agent',
      name: `Learner ${index % 500}`,
      mbox: `mailto:learner${index % 500}@bench.test`,
    },
    verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
    object: {
      objectType: 'Activity',
      id: `https://bench.test/activities/${index % 200}`,
      definition: {
        name: { 'en-US': `Lesson ${index % 200}` },
        type: 'http://adlnet.gov/expapi/activities/lesson',
      },
    },
    result: { completion: true, success: true, score: { scaled: 0.8 } },
    context: { registration: randomUUID(), platform: 'bench' },
    timestamp: new Date().toISOString(),
  };
}

/** `clients` loops posting for SECONDS; the statements stored per second and request latencies. */
async function writeLoad(endpoint, authorization, clients, perRequest) {
  const deadline = Date.now() + SECONDS * 1000;
  const latencies = [];
  let stored = 0;
  let failures = 0;
  let counter = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < deadline) {
        const body =
          perRequest === 1
            ? statement(counter++)
            : Array.from({ length: perRequest }, () => statement(counter++));
        const before = performance.now();
        const response = await fetch(`${endpoint}/statements`, {
          method: 'POST',
          headers: { authorization, 'x-experience-api-version': '1.0.3', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - before);
        if (response.status === 200) stored += perRequest;
        else failures += 1;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round(stored / elapsed),
    stored,
    failures,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
  };
}

/** The server's CPU time so far (user + system, ms), from /proc on Linux; null elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function measured(pid, load) {
  const before = cpuMs(pid);
  const result = await load();
  const after = cpuMs(pid);
  return {
    ...result,
    cpuPerStatement:
      before === null || after === null || result.stored === 0 ? null : (after - before) / result.stored,
  };
}

async function writes(kind) {
  const dir = mkdtempSync(join(tmpdir(), 'leerpad-bench-xapi-'));
  const database = await temporaryDatabase(kind, dir, `leerpad_bench_xapi_${process.pid}`);
  const env = { DATABASE_URL: database.url, LEERPAD_DATA_DIR: join(dir, 'data') };
  const server = ENTRY ? await startProcess(ENTRY, ['--demo'], env, PORT) : await startServer(env, PORT);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const { cookie } = await signIn(base, 'admin@leerpad.test');
    const created = await fetch(`${base}/api/v1/xapi_credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json', 'x-requested-with': 'XMLHttpRequest', cookie },
      body: JSON.stringify({
        data: { type: 'xapi_credentials', attributes: { name: 'Bench', scopes: ['all'] } },
      }),
    });
    if (created.status !== 201)
      throw new Error(`making a credential: ${created.status} ${await created.text()}`);
    const { data } = await created.json();
    const authorization = `Basic ${Buffer.from(`${data.attributes.key}:${data.attributes.secret}`).toString('base64')}`;
    const endpoint = `${base}/xapi`;
    // Warm-up: connections, prepared plans, the activity rows.
    await writeLoad(endpoint, authorization, 2, BATCH).catch(() => null);
    const batch = await measured(server.pid, () => writeLoad(endpoint, authorization, 4, BATCH));
    const single = await measured(server.pid, () => writeLoad(endpoint, authorization, SINGLE_CLIENTS, 1));
    return { batch, single };
  } finally {
    await stopProcess(server);
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function conformance(db) {
  const run = spawnSync('node', [join(root, 'scripts/xapi-conformance.mjs'), '--db', db], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(run.stdout ?? '');
  const lines = [
    ...(run.stdout ?? '').matchAll(/^xAPI (\S+) on (\S+): (\d+) passed, (\d+) failed of (\d+) \((\d+) s\)/gm),
  ];
  return {
    ok: run.status === 0,
    rows: lines.map(([, version, database, passed, failed, total, seconds]) => ({
      version,
      database,
      passed: Number(passed),
      failed: Number(failed),
      total: Number(total),
      seconds: Number(seconds),
    })),
  };
}

const day = new Date().toISOString().slice(0, 10);
const lines = [
  `## xAPI: LRS conformance and statement writes — ${day}`,
  '',
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, shared with other work. Produced by \`node bench/xapi.mjs\`.`,
  '',
];
let failed = false;
if (parts.includes('writes')) {
  const row = (label, result) =>
    `| ${label} | ${result.perSecond.toLocaleString('en')} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.cpuPerStatement === null ? '—' : result.cpuPerStatement.toFixed(2)} | ${result.failures} | ${result.perSecond >= BUDGET_PER_SECOND && result.failures === 0 ? 'met' : '**missed**'} |`;
  lines.push(
    `Statement writes, ${SECONDS} s each (budget ${BUDGET_PER_SECOND.toLocaleString('en')} statements/s on PostgreSQL; load average ${loadavg()[0].toFixed(1)} at the start):`,
    '',
    '| POST /xapi/statements | statements/s | p50 ms | p99 ms | server CPU ms/statement | non-2xx | budget |',
    '|---|---:|---:|---:|---:|---:|---|',
  );
  for (const kind of DATABASES) {
    const { batch, single } = await writes(kind);
    lines.push(
      row(`${kind}: batches of ${BATCH}, 4 clients`, batch),
      row(`${kind}: single statements, ${SINGLE_CLIENTS} clients`, single),
    );
    if (kind === 'postgres')
      for (const result of [batch, single])
        if (result.perSecond < BUDGET_PER_SECOND || result.failures > 0) failed = true;
  }
  lines.push('');
}
if (parts.includes('conformance')) {
  const results = ['sqlite', 'postgres'].map(conformance);
  lines.push(
    "ADL's LRS conformance test suite (`scripts/xapi-conformance.mjs`, the whole suite):",
    '',
    '| xAPI | database | passed | failed | tests | time |',
    '|---|---|---:|---:|---:|---:|',
    ...results.flatMap((result) =>
      result.rows.map(
        (row) =>
          `| ${row.version} | ${row.database} | ${row.passed} | ${row.failed} | ${row.total} | ${row.seconds} s |`,
      ),
    ),
    '',
  );
  if (results.some((result) => !result.ok || result.rows.length === 0)) failed = true;
}
const report = lines.join('\n');
console.log(report);
writeSection('xAPI: LRS conformance and statement writes', report);
process.exitCode = failed ? 1 : 0;
