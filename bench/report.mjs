// docs/benchmarks.md holds one section per benchmark; a new run of a benchmark replaces its section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const HEADER =
  '# Benchmarks\n\nProduced by `npm run bench`; the newest run of each kind replaces the previous one.\n\n';

/** Replaces (or appends) the section whose heading starts with `## ${title} — `. */
export function writeSection(title, section) {
  if (process.env.BENCH_WRITE === '0') return;
  const file = join(root, 'docs/benchmarks.md');
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const marker = new RegExp(`## ${escaped} — [\\s\\S]*?(?=\\n## |$)`);
  const updated = marker.test(existing)
    ? existing.replace(marker, section.trimEnd() + '\n')
    : `${existing.trimEnd()}\n\n${section.trimEnd()}\n`;
  writeFileSync(file, updated.startsWith('# Benchmarks') ? updated : HEADER + updated);
}
