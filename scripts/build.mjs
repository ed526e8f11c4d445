#!/usr/bin/env node
// `npm run build`: the web app, then the server (each workspace's own build script).
// With --if-changed it builds only when the sources differ from those of the last build, which it
// records in both dist/ folders (each workspace's own build empties its folder, and so drops the
// record): `npm start` after an install that built already starts at once (docs/decisions/084).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What a build reads: the three packages it compiles (not their output) and the locked dependencies. */
const SOURCES = ['packages/core', 'apps/web', 'apps/server', 'package-lock.json'];
const SKIPPED = new Set(['node_modules', 'dist']);
const OUTPUTS = ['apps/web/dist/index.html', 'apps/server/dist/main.js'];
/** The hash of the sources each output was built from. */
const STAMPS = ['apps/web/dist/.sources', 'apps/server/dist/.sources'];

/** The files at `path`: the file itself, or every file under the folder but dependencies and outputs. */
function filesUnder(path, found = []) {
  if (!existsSync(path)) return found;
  if (statSync(path).isFile()) return [...found, path];
  const entries = readdirSync(path, { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) filesUnder(child, found);
    else if (entry.isFile()) found.push(child);
  }
  return found;
}

/** One hash over the path and content of every source file. */
export function sourcesHash(root = ROOT) {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of filesUnder(join(root, source))) {
      hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex');
}

/** True when the last build's output is there and was built from the sources as they are now. */
export function builtFromCurrentSources(root = ROOT, hash = sourcesHash(root)) {
  if (!OUTPUTS.every((output) => existsSync(join(root, output)))) return false;
  return STAMPS.every((stamp) => {
    const path = join(root, stamp);
    return existsSync(path) && readFileSync(path, 'utf8').trim() === hash;
  });
}

/** Records that the outputs were built from sources with this hash. */
export function recordBuild(root = ROOT, hash = sourcesHash(root)) {
  for (const stamp of STAMPS) writeFileSync(join(root, stamp), `${hash}\n`);
}

/**
 * Runs a command in `cwd` (the repository by default); when `quiet`, its output is kept and shown
 * only if it fails.
 */
export function run(command, args, { cwd = ROOT, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    const keep = (chunk) => (output = (output + chunk).slice(-20_000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${output}${[command, ...args].join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/**
 * Builds the web app and the server; with `ifChanged`, only when the sources changed. `quiet` prints
 * one line before and one after instead of the builds' own output (which shows only on a failure).
 */
export async function build({ ifChanged = false, quiet = false } = {}) {
  const hash = sourcesHash();
  if (ifChanged && builtFromCurrentSources(ROOT, hash)) {
    console.log('The web app and the server are built from the current sources.');
    return;
  }
  const started = performance.now();
  if (quiet) console.log('Building the web app and the server…');
  await run('npm', ['run', 'build', '--silent', '-w', '@leerpad/web'], { quiet });
  await run('npm', ['run', 'build', '--silent', '-w', '@leerpad/server'], { quiet });
  recordBuild(ROOT, hash);
  if (quiet)
    console.log(
      `Built the web app and the server in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifChanged = process.argv.includes('--if-changed');
  build({ ifChanged, quiet: ifChanged }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
