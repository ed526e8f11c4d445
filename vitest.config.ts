import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// One run covers every package; the API suite runs twice, once per database.
const server = 'apps/server/vitest.config.ts';
const skipPostgres = process.env.LEERPAD_SKIP_POSTGRES === '1';

export default defineConfig({
  test: {
    projects: [
      'packages/core/vitest.config.ts',
      ...(existsSync('apps/web/vitest.config.ts') ? ['apps/web/vitest.config.ts'] : []),
      // Files named *.postgres.test.ts test PostgreSQL itself (faults, races between connections).
      {
        extends: server,
        test: {
          name: 'server-sqlite',
          env: { TEST_DATABASE: 'sqlite' },
          exclude: ['**/node_modules/**', '**/*.postgres.test.ts'],
        },
      },
      ...(skipPostgres
        ? []
        : [{ extends: server, test: { name: 'server-postgres', env: { TEST_DATABASE: 'postgres' } } }]),
    ],
  },
});
