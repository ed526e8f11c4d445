#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the build, so the server
// hands browsers compressed files without compressing anything per request. The files are compressed
// at once on libuv's thread pool, so every core takes part.
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 1024;
const dir = process.argv[2] ?? 'dist';

function* files(folder) {
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function compress(path) {
  const content = await readFile(path);
  if (content.length < MIN_BYTES) return null;
  const [br, gz] = await Promise.all([
    brotliAsync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
  return { raw: content.length, brotli: br.length };
}

const done = (
  await Promise.all([...files(dir)].filter((path) => COMPRESSIBLE.test(path)).map(compress))
).filter((sizes) => sizes !== null);
const raw = done.reduce((sum, sizes) => sum + sizes.raw, 0);
const brotli = done.reduce((sum, sizes) => sum + sizes.brotli, 0);
console.log(
  `precompressed ${done.length} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with Brotli`,
);
