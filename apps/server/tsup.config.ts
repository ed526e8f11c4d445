import { defineConfig } from 'tsup';

// One ESM bundle for the server; @leerpad/core is bundled in, npm dependencies stay external.
export default defineConfig({
  entry: ['src/main.ts', 'src/backup.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: ['@leerpad/core'],
});
