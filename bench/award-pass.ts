// Times the certification sweep's award pass on a filled benchmark database: `tsx bench/award-pass.ts
// <sqlite|postgres> <DATABASE_URL> [runs]`. Prints one JSON line: the milliseconds of each run and how
// many certificates each run awarded.
import { openDatabase } from '../apps/server/src/db/connection';
import type { PortalScope } from '../apps/server/src/db/schema';
import { awardEarnedCertificates } from '../apps/server/src/modules/certifications/service';

const [kind, url, runs = '5'] = process.argv.slice(2);
if ((kind !== 'sqlite' && kind !== 'postgres') || !url)
  throw new Error('usage: award-pass.ts <kind> <url> [runs]');
const handle = openDatabase(url, kind);
const samples: number[] = [];
const awarded: number[] = [];
for (let i = 0; i < Number(runs); i++) {
  const started = performance.now();
  const rows = await awardEarnedCertificates(handle.db, 1 as PortalScope);
  samples.push(performance.now() - started);
  awarded.push(rows.length);
}
await handle.close();
console.log(JSON.stringify({ samples, awarded }));
