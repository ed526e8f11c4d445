#!/usr/bin/env node
// After `npm install` (npm's `prepare`): the SQLite driver's native addon and the app's build, side
// by side (docs/decisions/084). npm leaves better-sqlite3's install script to this one
// (`allowScripts` in package.json): where no prebuilt addon can be downloaded it compiles SQLite on
// one core for about a minute, and the web and server builds take the other core meanwhile.
// An npm that runs the driver's script itself leaves an addon here, and only the build runs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, build, run } from './build.mjs';

const DRIVER = join(ROOT, 'node_modules', 'better-sqlite3');
const ADDON = join(DRIVER, 'build', 'Release', 'better_sqlite3.node');

/** The driver's own install script (a prebuilt addon when one can be downloaded, else a compile). */
async function installDriver() {
  const { scripts } = JSON.parse(readFileSync(join(DRIVER, 'package.json'), 'utf8'));
  console.log(
    'Installing the SQLite driver (better-sqlite3): without a prebuilt addon it compiles, about a minute.',
  );
  await run('sh', ['-c', scripts.install], { cwd: DRIVER, quiet: true });
  if (!existsSync(ADDON)) throw new Error(`the SQLite driver's install left no ${ADDON}`);
}

const tasks = [build({ ifChanged: true, quiet: true })];
if (existsSync(DRIVER) && !existsSync(ADDON)) tasks.push(installDriver());
const results = await Promise.allSettled(tasks);
const failures = results.filter((result) => result.status === 'rejected');
for (const failure of failures) console.error(failure.reason?.message ?? failure.reason);
process.exit(failures.length ? 1 : 0);
