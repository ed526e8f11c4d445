#!/usr/bin/env node
// Writes a Brotli (.br) and a gzip (.gz) copy next to every text asset of the build, so the server
// hands browsers compressed files without compressing anything per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

let raw = 0;
let brotli = 0;
let count = 0;
for (const path of files(dir)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
  count += 1;
}
console.log(
  `precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB with Brotli`,
);
