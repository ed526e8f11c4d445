import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';

/** The SCORM packages the browser suite plays too (e2e/fixtures/scorm), zipped at test time. */
export const SCORM_FIXTURES = join(__dirname, '../../../../e2e/fixtures/scorm');

export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A fixture folder as a zip, with `change` applied to its files first (path → content, or null to drop). */
export function scormZip(
  name: 'scorm12' | 'scorm2004',
  change: (files: Record<string, Uint8Array>) => void = () => {},
): Buffer {
  const root = join(SCORM_FIXTURES, name);
  const files: Record<string, Uint8Array> = {};
  for (const path of filesUnder(root)) files[relative(root, path).split('\\').join('/')] = readFileSync(path);
  change(files);
  return Buffer.from(zipSync(files));
}

export const BOUNDARY = '----leerpad-scorm-boundary';

export function multipartZip(content: Buffer, name = 'package.zip'): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
