import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Rooted here so the tests are found whether vitest runs from this package or the repository root.
  root: import.meta.dirname,
  test: { name: 'core', include: ['src/**/*.test.ts'] },
});
