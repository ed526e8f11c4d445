#!/usr/bin/env node
// ADL's LRS conformance test suite against Leerpad's LRS (decision 063).
//
//   node scripts/xapi-conformance.mjs [--db sqlite|postgres] [--port 4337] [--versions 1.0.3,2.0.0]
//                                     [--grep <text>] [--directory <suite test dirs>]
//
// Starts the built server (npm run build first) on a fresh SQLite file or a fresh PostgreSQL
// database in demo mode, makes an LRS credential through the JSON:API as the demo admin, runs the
// suite once per xAPI version, prints the counts and exits non-zero on any failure or when the
// suite cannot run. The suite is found at LEERPAD_XAPI_SUITE or ../shared/conformance/
// lrs-conformance-test-suite beside the project; it is copied to a temporary folder and its
// dependencies installed there (LEERPAD_XAPI_SUITE_COPY names a prepared copy to reuse).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const database = option('db', 'sqlite');
const port = Number(option('port', database === 'postgres' ? '4338' : '4337'));
const versions = option('versions', '1.0.3,2.0.0').split(',');
const grep = option('grep', null);
const directory = option('directory', null);

function fail(message) {
  console.error(`xAPI conformance: ${message}`);
  process.exit(2);
}

const suite =
  process.env.LEERPAD_XAPI_SUITE ?? resolve(root, '../shared/conformance/lrs-conformance-test-suite');
if (!existsSync(join(suite, 'bin/console_runner.js'))) fail(`the conformance suite is not at ${suite}`);
if (!existsSync(join(root, 'apps/server/dist/main.js')))
  fail('the server is not built: run npm run build first');

const work = mkdtempSync(join(tmpdir(), 'leerpad-xapi-'));
let copy = process.env.LEERPAD_XAPI_SUITE_COPY;
if (!copy) {
  copy = join(work, 'suite');
  cpSync(suite, copy, {
    recursive: true,
    filter: (path) => !path.includes('node_modules') && !path.includes('/logs/'),
  });
  console.log(`Installing the suite's dependencies in ${copy} …`);
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: copy,
    stdio: 'inherit',
  });
  if (install.status !== 0) fail('npm install of the suite failed');
}

let databaseUrl;
let dropDatabase = async () => {};
if (database === 'postgres') {
  const { default: pg } = await import('pg');
  const admin = process.env.LEERPAD_XAPI_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `leerpad_xapi_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect().catch((error) => fail(`PostgreSQL is not reachable: ${error.message}`));
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: admin });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
} else if (database === 'sqlite') {
  databaseUrl = `sqlite:${join(work, 'lrs.sqlite')}`;
} else {
  fail('--db is sqlite or postgres');
}

const base = `http://127.0.0.1:${port}`;
const serverEnvironment = { ...process.env };
delete serverEnvironment.REDIS_URL;
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js'), '--demo'], {
  env: {
    ...serverEnvironment,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LEERPAD_DATA_DIR: join(work, 'data'),
    LEERPAD_PUBLIC_URL: base,
    LEERPAD_LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let serverExited = false;
server.on('exit', () => (serverExited = true));

async function cleanUp() {
  if (!serverExited) {
    server.kill('SIGTERM');
    await new Promise((done) => {
      const timer = setTimeout(() => (server.kill('SIGKILL'), done()), 15_000);
      server.once('exit', () => (clearTimeout(timer), done()));
    });
  }
  await dropDatabase().catch((error) => console.error(`Could not drop the database: ${error.message}`));
  rmSync(work, { recursive: true, force: true });
}

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (serverExited) return false;
    try {
      const response = await fetch(`${base}/api/ping`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  return false;
}

async function makeCredential() {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: 'admin@leerpad.test', password: 'leerpad-demo' }),
  });
  if (!login.ok) throw new Error(`signing in as the demo admin: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const created = await fetch(`${base}/api/v1/xapi_credentials`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/vnd.api+json', cookie },
    body: JSON.stringify({
      data: { type: 'xapi_credentials', attributes: { name: 'Conformance suite', scopes: ['all'] } },
    }),
  });
  if (created.status !== 201)
    throw new Error(`making a credential: ${created.status} ${await created.text()}`);
  const { data } = await created.json();
  return { key: data.attributes.key, secret: data.attributes.secret };
}

function failedTitles(node, trail = []) {
  if (!node || typeof node !== 'object') return [];
  const here = node.title ? [...trail, node.title] : trail;
  const children = Array.isArray(node.tests) ? node.tests : [];
  if (children.length === 0)
    return node.status === 'failed'
      ? [`${here.join(' › ')}${node.error ? ` — ${String(node.error).split('\n')[0]}` : ''}`]
      : [];
  return children.flatMap((child) => failedTitles(child, here));
}

function runSuite(version, credential) {
  return new Promise((done) => {
    const runnerArgs = [
      'bin/console_runner.js',
      '-e',
      `${base}/xapi`,
      '-a',
      '-u',
      credential.key,
      '-p',
      credential.secret,
      '-x',
      version,
      '-z',
    ];
    if (grep) runnerArgs.push('-g', grep);
    if (directory) runnerArgs.push('-d', directory);
    const runner = spawn(process.execPath, runnerArgs, { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    runner.stdout.on('data', (chunk) => (output += chunk));
    runner.stderr.on('data', (chunk) => (output += chunk));
    runner.on('exit', (code) => {
      const summaries = output.split('\n').filter((line) => line.startsWith('{"total"'));
      const summary = summaries.length ? JSON.parse(summaries[summaries.length - 1]) : null;
      const logPath = /Full run log written to (.*)/.exec(output)?.[1]?.trim();
      let failures = [];
      if (logPath && existsSync(logPath)) {
        try {
          failures = failedTitles(JSON.parse(readFileSync(logPath, 'utf8')).log);
        } catch {
          failures = [];
        }
      }
      done({ code, summary, failures, output });
    });
  });
}

let exitCode = 0;
try {
  if (!(await waitForServer())) throw new Error('the server did not start');
  const credential = await makeCredential();
  for (const version of versions) {
    const started = Date.now();
    const { code, summary, failures, output } = await runSuite(version, credential);
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    if (!summary) {
      console.error(output.slice(-4000));
      console.log(`xAPI ${version} on ${database}: the suite did not report (exit ${code})`);
      exitCode = 1;
      continue;
    }
    console.log(
      `xAPI ${version} on ${database}: ${summary.passed} passed, ${summary.failed} failed of ${summary.total} (${seconds} s)`,
    );
    for (const failure of failures) console.log(`  ✗ ${failure}`);
    if (summary.failed > 0 || code !== 0 || summary.passed === 0) exitCode = 1;
  }
} catch (error) {
  console.error(`xAPI conformance: ${error.message}`);
  exitCode = 2;
} finally {
  await cleanUp();
}
process.exit(exitCode);
