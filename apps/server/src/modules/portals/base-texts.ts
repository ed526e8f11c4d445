/**
 * The web app's English texts, flattened (`home.title`, `settings.feature_flags.title`), which a
 * portal's translation overrides replace, so that the server can refuse an override of an unknown
 * key or one whose {{placeholders}} differ from the original's. Read once, on first use.
 *
 * The build writes them beside the server's bundle (`dist/base-texts/<language>.json`, one flat JSON
 * of every key per language, see tsup.config.ts), so a deployed server needs no source tree. Run from
 * source (development, tests) the server reads the web app's translation files instead: root
 * `<language>.json` and one `<language>.json` per namespace.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** Every key of one language from the web app's translation folder (root file and namespaces). */
export function loadBaseTexts(dir: string, language = 'en'): Map<string, string> {
  const texts = new Map<string, string>();
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Messages;
  flatten(read(join(dir, `${language}.json`)), '', texts);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = join(dir, entry.name, `${language}.json`);
    if (entry.isDirectory() && existsSync(file)) flatten(read(file), entry.name, texts);
  }
  return texts;
}

/** The folder of the built texts, beside the bundle that this file becomes (`dist/base-texts`). */
export const BUILT_TEXTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'base-texts');

/**
 * The build step: one flat JSON per language of the web app (every `<language>.json` at the root of
 * its translation folder) into `outDir`. Returns the languages written.
 */
export function writeBaseTexts(sourceDir: string, outDir: string): string[] {
  const languages = readdirSync(sourceDir)
    .filter((name) => /^[a-z]{2}\.json$/.test(name))
    .map((name) => name.slice(0, 2))
    .sort();
  mkdirSync(outDir, { recursive: true });
  for (const language of languages) {
    const texts = Object.fromEntries(loadBaseTexts(sourceDir, language));
    writeFileSync(join(outDir, `${language}.json`), `${JSON.stringify(texts)}\n`);
  }
  return languages;
}

/**
 * The English texts: from the build's file when there is one, else from the web app's translation
 * files found upwards from `start`; empty when neither is there (every override is then refused).
 */
export function readBaseTexts(builtDir = BUILT_TEXTS_DIR, start?: string): Map<string, string> {
  const built = join(builtDir, 'en.json');
  if (existsSync(built)) {
    return new Map(Object.entries(JSON.parse(readFileSync(built, 'utf8')) as Record<string, string>));
  }
  const dir = findTextsDir(start);
  return dir ? loadBaseTexts(dir) : new Map();
}

let cached: Map<string, string> | null = null;

/** The English text of every key of the web app, read once. */
export function baseTexts(): Map<string, string> {
  cached ??= readBaseTexts();
  return cached;
}

/** The names of a text's {{placeholders}}, sorted and without repeats. */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) names.add(match[1]!);
  return [...names].sort();
}
