#!/usr/bin/env node
// The fuller fault run: the fault suite of apps/server/src/faults on SQLite and PostgreSQL, with an
// import of 20,000 accounts killed mid-way (CI runs the same files with 1,500). The times to recover
// it prints ("[faults] …") are the figures of docs/benchmarks.md, "When things break".
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const accounts = process.env.LEERPAD_FAULT_IMPORT_ACCOUNTS ?? '20000';
let failed = 0;
for (const project of ['server-sqlite', 'server-postgres']) {
  const { status } = spawnSync(
    'npx',
    ['vitest', 'run', '--project', project, 'apps/server/src/faults', '--testTimeout=900000'],
    { cwd: root, stdio: 'inherit', env: { ...process.env, LEERPAD_FAULT_IMPORT_ACCOUNTS: accounts } },
  );
  if (status !== 0) failed += 1;
}
process.exitCode = failed > 0 ? 1 : 0;
