#!/usr/bin/env node
// `npm run bench`: every benchmark in turn (API, learning, coaching, commerce, qualifications, xAPI, exam day, web); each writes its section of
// docs/benchmarks.md. Exits non-zero when any of them missed its budget or failed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBenchPackages } from './packages.mjs';

const root = new URL('..', import.meta.url).pathname;
ensureBenchPackages();
if (
  !existsSync(join(root, 'apps/server/dist/main.js')) ||
  !existsSync(join(root, 'apps/web/dist/index.html'))
) {
  spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
let failed = 0;
for (const script of [
  'run.mjs',
  'learning.mjs',
  'admin-overview.mjs',
  'coaching.mjs',
  'commerce.mjs',
  'qualifications.mjs',
  'xapi.mjs',
  'exam-day.mjs',
  'web.mjs',
  'faults.mjs',
]) {
  const { status } = spawnSync('node', [join(root, 'bench', script)], { cwd: root, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`bench/${script} exited with ${status}`);
    failed += 1;
  }
}
process.exitCode = failed > 0 ? 1 : 0;
