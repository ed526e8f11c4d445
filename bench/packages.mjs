// The benchmarks' own packages (Lighthouse, Puppeteer, autocannon) are not part of the root install:
// `npm install && npm start` does not need them (decision 076). They have their own package.json and
// lockfile here and are installed into bench/node_modules the first time a benchmark runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const bench = new URL('.', import.meta.url).pathname;

/** Names in bench/package.json that bench/node_modules lacks, or lacks at the locked version. */
export function missingBenchPackages() {
  const manifest = JSON.parse(readFileSync(join(bench, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(bench, 'package-lock.json'), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => {
    const installed = join(bench, 'node_modules', name, 'package.json');
    if (!existsSync(installed)) return true;
    const locked = lock.packages?.[`node_modules/${name}`]?.version;
    return locked !== undefined && JSON.parse(readFileSync(installed, 'utf8')).version !== locked;
  });
}

/** Installs bench/package-lock.json with `npm ci` when anything is missing; throws when that fails. */
export function ensureBenchPackages() {
  const missing = missingBenchPackages();
  if (missing.length === 0) return;
  console.log(
    `Installing the benchmarks' own packages into bench/node_modules (${missing.join(', ')}): npm ci --prefix bench`,
  );
  const { status } = spawnSync('npm', ['ci', '--prefix', bench, '--no-audit', '--no-fund'], {
    stdio: 'inherit',
  });
  if (status !== 0) throw new Error(`npm ci --prefix bench exited with ${status}`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) ensureBenchPackages();
