import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtFromCurrentSources, recordBuild } from './build.mjs';

let root;
const write = (path, content = 'x') => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'leerpad-build-'));
  write('packages/core/src/index.ts', 'export const a = 1;');
  write('apps/web/src/main.tsx', 'render();');
  write('apps/server/src/main.ts', 'listen();');
  write('package-lock.json', '{}');
  write('apps/web/dist/index.html', '<html></html>');
  write('apps/server/dist/main.js', 'listen();');
  recordBuild(root);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the sources changed (scripts/build.mjs)', () => {
  it('skips the build when nothing changed, and when only dependencies or outputs did', () => {
    expect(builtFromCurrentSources(root)).toBe(true);
    write('apps/web/node_modules/some-package/index.js', 'changed');
    write('apps/server/dist/chunk.js', 'changed');
    expect(builtFromCurrentSources(root)).toBe(true);
  });

  it.each([
    ['a source file of the web app', 'apps/web/src/main.tsx'],
    ['a source file of the server', 'apps/server/src/main.ts'],
    ['a shared source file', 'packages/core/src/index.ts'],
    ['a new source file', 'apps/web/src/new-page.tsx'],
    ['the locked dependencies', 'package-lock.json'],
  ])('builds again after a change to %s', (_, path) => {
    write(path, 'changed');
    expect(builtFromCurrentSources(root)).toBe(false);
  });

  it('builds again when an output is gone or was rebuilt by its workspace alone', () => {
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(builtFromCurrentSources(root)).toBe(false);
    write('apps/web/dist/index.html', '<html></html>');
    // A workspace's own build empties its dist/ folder, and the record of the sources with it.
    rmSync(join(root, 'apps/server/dist/.sources'));
    expect(builtFromCurrentSources(root)).toBe(false);
  });
});
