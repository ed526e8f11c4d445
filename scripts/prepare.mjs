#!/usr/bin/env node
// After `npm install` (npm's `prepare`): the SQLite driver's native addon and the app's build, side
// by side (docs/decisions/084). npm leaves better-sqlite3's install script to this one
// (`allowScripts` in package.json): where no prebuilt addon can be downloaded it compiles SQLite on
// one core for about a minute, and the web and server builds take the other core meanwhile.
// An npm that runs the driver's script itself leaves an addon here, and only the build runs.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DRIVER = join(ROOT, 'node_modules', 'better-sqlite3');
const ADDON = join(DRIVER, 'build', 'Release', 'better_sqlite3.node');

/** The driver's own install script (a prebuilt addon when one can be downloaded, else a compile). */
function installDriver() {
  const { scripts } = JSON.parse(readFileSync(join(DRIVER, 'package.json'), 'utf8'));
  console.log(
    'Installing the SQLite driver (better-sqlite3): without a prebuilt addon it compiles, about a minute.',
  );
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', scripts.install], {
      cwd: DRIVER,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-20_000)));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0 && existsSync(ADDON)) resolve();
      else reject(new Error(`the SQLite driver did not install (${signal ?? code}):\n${errors}`));
    });
  });
}

const tasks = [build({ ifChanged: true, quiet: true })];
if (existsSync(DRIVER) && !existsSync(ADDON)) tasks.push(installDriver());
const results = await Promise.allSettled(tasks);
const failures = results.filter((result) => result.status === 'rejected');
for (const failure of failures) console.error(failure.reason?.message ?? failure.reason);
process.exit(failures.length ? 1 : 0);
