import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'tsup';
import { findTextsDir, writeBaseTexts } from './src/modules/portals/base-texts';

// One ESM bundle for the server; @leerpad/core is bundled in, npm dependencies stay external.
// After bundling, the web app's texts are written beside it (dist/base-texts/<language>.json): the
// translation override check reads them there, so a deployed server needs no source tree. Redoc's
// bundle (vendor/redoc, served at /api/docs) is copied beside it for the same reason.
export default defineConfig({
  entry: ['src/main.ts', 'src/backup.ts', 'src/portal-transfer.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@leerpad/core'],
  async onSuccess() {
    const source = findTextsDir(process.cwd());
    if (!source) throw new Error("The web app's translation files (apps/web/src/i18n) are missing.");
    writeBaseTexts(source, join(process.cwd(), 'dist', 'base-texts'));
    cpSync(join(process.cwd(), 'vendor', 'redoc'), join(process.cwd(), 'dist', 'vendor', 'redoc'), {
      recursive: true,
    });
  },
});
