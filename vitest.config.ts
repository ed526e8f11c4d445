import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every package; the API suite runs twice, once per database.
const server = 'apps/server/vitest.config.ts';
// The API suite's files share their worker's modules (each builds its own app on its own database):
// importing the server afresh for each file was more than half of the suite's time (decision 080).
const shared = { isolate: false };
const skipPostgres = process.env.LEERPAD_SKIP_POSTGRES === '1';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core machine, where the
    // API suites spend much of their time waiting for PostgreSQL. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/core/vitest.config.ts',
      // The repository's own scripts (the build that `npm start` skips when nothing changed).
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], environment: 'node' } },
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      // Files named *.postgres.test.ts test PostgreSQL itself (faults, races between connections).
      {
        extends: server,
        test: {
          name: 'server-sqlite',
          ...shared,
          env: { TEST_DATABASE: 'sqlite' },
          exclude: ['**/node_modules/**', '**/*.postgres.test.ts'],
        },
      },
      ...(skipPostgres
        ? []
        : [
            {
              extends: server,
              test: { name: 'server-postgres', ...shared, env: { TEST_DATABASE: 'postgres' } },
            },
          ]),
    ],
  },
});
