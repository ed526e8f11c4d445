/**
 * Every text of the web app for the override editor: the root translation file and each namespace,
 * flattened to `key → text` (`settings.feature_flags.title`), for English (the original, whose
 * {{placeholders}} an override must keep) and for the language being edited. Loaded on demand.
 */
import type { Locale } from '@leerpad/core';

type Messages = { [key: string]: string | Messages };

const rootFiles = import.meta.glob<{ default: Messages }>('../../../i18n/*.json');
const namespaceFiles = import.meta.glob<{ default: Messages }>('../../../i18n/*/*.json');

function flatten(messages: Messages, prefix: string, into: Map<string, string>) {
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(path, value);
    else flatten(value, path, into);
  }
}

/** All texts of one language, flattened and sorted by key. */
export async function loadAllTexts(locale: Locale): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const root = rootFiles[`../../../i18n/${locale}.json`];
  if (root) flatten((await root()).default, '', texts);
  const namespaces = Object.keys(namespaceFiles).filter((path) => path.endsWith(`/${locale}.json`));
  const loaded = await Promise.all(
    namespaces.map(async (path) => [path, (await namespaceFiles[path]!()).default] as const),
  );
  for (const [path, messages] of loaded) {
    const namespace = path.split('/').at(-2)!;
    flatten(messages, namespace, texts);
  }
  return new Map([...texts.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** The names of a text's {{placeholders}}, sorted and without repeats (as the server checks them). */
export function placeholdersOf(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) names.add(match[1]!);
  return [...names].sort();
}

/** Placeholders the original has and the override lacks, and ones the override adds. */
export function placeholderMismatch(original: string, override: string) {
  const expected = placeholdersOf(original);
  const given = placeholdersOf(override);
  return {
    missing: expected.filter((name) => !given.includes(name)),
    extra: given.filter((name) => !expected.includes(name)),
  };
}

/** Reads an imported overrides file: `{"nl": {key: text}}` or a flat `{key: text}`. */
export function parseOverridesFile(text: string, locale: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const record = parsed as Record<string, unknown>;
  const inner = record[locale];
  const source =
    inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : record;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) if (typeof value === 'string') out[key] = value;
  return out;
}

/** The overrides of a portal language row for its locale. */
export function overridesOf(json: string | null | undefined, locale: string): Record<string, string> {
  return json ? (parseOverridesFile(json, locale) ?? {}) : {};
}
