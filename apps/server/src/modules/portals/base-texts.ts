/**
 * The web app's English texts, flattened (`home.title`, `settings.feature_flags.title`), which a
 * portal's translation overrides replace. The server reads them from the web app's translation files
 * (root `en.json` and one `en.json` per namespace) so that it can refuse an override of an unknown
 * key or one whose {{placeholders}} differ from the original's. Read once, on first use.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Messages = { [key: string]: string | Messages };

const RELATIVE_DIR = join('apps', 'web', 'src', 'i18n');

/** The web app's translation folder, found upwards from this file (source, tests and the bundle). */
export function findTextsDir(start = dirname(fileURLToPath(import.meta.url))): string | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, RELATIVE_DIR);
    if (existsSync(join(candidate, 'en.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function flatten(messages: Messages, prefix: string, into: Map<string, string>) {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
}

export function loadBaseTexts(dir: string): Map<string, string> {
  const texts = new Map<string, string>();
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Messages;
  flatten(read(join(dir, 'en.json')), '', texts);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, 'en.json');
    if (entry.isDirectory() && existsSync(file)) flatten(read(file), entry.name, texts);
  }
  return texts;
}

let cached: Map<string, string> | null = null;

/** The English text of every key of the web app (empty when the translation files are absent). */
export function baseTexts(): Map<string, string> {
  if (!cached) {
    const dir = findTextsDir();
    cached = dir ? loadBaseTexts(dir) : new Map();
  }
  return cached;
}

/** The names of a text's {{placeholders}}, sorted and without repeats. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) names.add(match[1]!);
  return [...names].sort();
}
