/**
 * Every string is translated: the three files hold the same keys (plural forms per language's rules),
 * no text is empty, placeholders match, no nl or ro text equals the English unless reviewed, and
 * every key the code uses exists.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@leerpad/core';
import en from './en.json';
import nl from './nl.json';
import ro from './ro.json';
import reviewedSameAsEnglish from './reviewed-same-as-english.json';

type Messages = { [key: string]: string | Messages };
// Namespace files (`<namespace>/<locale>.json`) hold the `<namespace>.…` keys of a feature area.
const namespaceFiles = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });
const files: Record<string, Messages> = { en: { ...en }, nl: { ...nl }, ro: { ...ro } };
for (const [path, messages] of Object.entries(namespaceFiles)) {
  const [, namespace, locale] = /^\.\/([^/]+)\/([a-z]+)\.json$/.exec(path) ?? [];
  const target = locale ? files[locale] : undefined;
  if (!namespace || !target) throw new Error(`Unexpected translation file ${path}`);
  if (namespace in target)
    throw new Error(`${namespace} is both a namespace file and a key in ${locale}.json`);
  target[namespace] = messages;
}
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(messages: Messages, prefix = ''): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') result[path] = value;
    else Object.assign(result, flatten(value, path));
  }
  return result;
}

const flat = Object.fromEntries(
  Object.entries(files).map(([locale, messages]) => [locale, flatten(messages)]),
);
const baseKeys = (locale: string) =>
  new Set(Object.keys(flat[locale] ?? {}).map((key) => key.replace(PLURAL_SUFFIX, '')));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('translation files', () => {
  it('exist for every interface language', () => {
    expect(Object.keys(files).sort()).toEqual([...LANGUAGES].sort());
  });

  it('come in every interface language for every namespace', () => {
    const byNamespace = new Map<string, string[]>();
    for (const path of Object.keys(namespaceFiles)) {
      const [, namespace, locale] = /^\.\/([^/]+)\/([a-z]+)\.json$/.exec(path) ?? [];
      byNamespace.set(namespace ?? path, [...(byNamespace.get(namespace ?? path) ?? []), locale ?? '']);
    }
    expect(byNamespace.size).toBeGreaterThan(0);
    for (const [namespace, locales] of byNamespace)
      expect(locales.sort(), namespace).toEqual([...LANGUAGES].sort());
  });

  it.each(['nl', 'ro'])('%s has exactly the keys of en', (locale) => {
    const english = [...baseKeys('en')].sort();
    const other = [...baseKeys(locale)].sort();
    expect(
      other.filter((key) => !english.includes(key)),
      'keys only in ' + locale,
    ).toEqual([]);
    expect(
      english.filter((key) => !other.includes(key)),
      'keys missing from ' + locale,
    ).toEqual([]);
  });

  it.each(['en', 'nl', 'ro'])('%s has every plural form its language needs', (locale) => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const keys = Object.keys(flat[locale] ?? {});
    const plurals = new Set(
      keys.filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, '')),
    );
    for (const base of plurals) {
      for (const category of categories)
        expect(keys, `${locale}: ${base}_${category}`).toContain(`${base}_${category}`);
    }
  });

  it.each(['en', 'nl', 'ro'])('%s has no empty text and the same placeholders as en', (locale) => {
    for (const [key, text] of Object.entries(flat[locale] ?? {})) {
      expect(text.trim(), `${locale}: ${key}`).not.toBe('');
      const englishKey = flat.en?.[key] !== undefined ? key : `${key.replace(PLURAL_SUFFIX, '')}_other`;
      const english = flat.en?.[englishKey];
      if (english !== undefined)
        expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(english));
    }
  });
});

describe('texts that read the same as English', () => {
  // Words such as "Dashboard", "Status" or "Video" are the same in Dutch or Romanian. Each one was
  // checked by a reader of the language and listed in reviewed-same-as-english.json; any other
  // text equal to the English is a translation someone forgot.
  const reviewed: Record<string, string[]> = reviewedSameAsEnglish;

  it.each(['nl', 'ro'])('%s differs from en except for reviewed keys', (locale) => {
    const allowed = new Set(reviewed[locale] ?? []);
    const same = Object.entries(flat[locale] ?? {})
      .filter(([key, text]) => flat.en?.[key] === text)
      .map(([key]) => key);
    expect(
      same.filter((key) => !allowed.has(key)),
      `${locale} texts equal to English: translate them, or add them to reviewed-same-as-english.json`,
    ).toEqual([]);
  });

  it.each(['nl', 'ro'])('%s lists no reviewed key that is gone or translated by now', (locale) => {
    const stale = (reviewed[locale] ?? []).filter(
      (key) => flat[locale]?.[key] !== flat.en?.[key] || !flat.en?.[key],
    );
    expect(stale).toEqual([]);
  });
});

describe('keys used by the code', () => {
  // Vite reads the sources as text: no file system access, so the test runs in jsdom as is.
  const modules = import.meta.glob<string>(
    ['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'],
    {
      query: '?raw',
      import: 'default',
      eager: true,
    },
  );
  const sources = Object.entries(modules).map(([file, text]) => ({ file, text }));
  const english = baseKeys('en');
  const has = (key: string) => english.has(key) || flat.en?.[key] !== undefined;

  it('finds literal keys in t(), messageKey and labelKey, all present in en', () => {
    const patterns = [
      /\bt\(\s*'([a-z_]+(?:\.[a-z0-9_-]+)+)'/g,
      /\b(?:messageKey|labelKey|emptyKey):\s*'([a-z_]+(?:\.[a-z0-9_-]+)+)'/g,
      /\bLOADING_STAGE_KEYS = \[([^\]]+)\]/g,
    ];
    const used = new Map<string, string>();
    for (const { file, text } of sources) {
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          const keys = match[1]?.includes("'")
            ? [...match[1].matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '')
            : [match[1] ?? ''];
          for (const key of keys) used.set(key, file);
        }
      }
      for (const match of text.matchAll(/list\([^,]+, '([a-z_.]+)'\)/g)) used.set(match[1] ?? '', file);
    }
    expect(used.size).toBeGreaterThan(100);
    const missing = [...used].filter(([key]) => !has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has the texts of every page named in the route files', () => {
    const pages = new Set<string>();
    for (const { text } of sources) {
      for (const match of text.matchAll(/page(?:=|\(\s*'[^']+',\s*)["']([a-z_]+)["']/g))
        pages.add(match[1] ?? '');
      for (const match of text.matchAll(/section\('([a-z_]+)'\)/g)) pages.add(match[1] ?? '');
      for (const match of text.matchAll(/pages\.([a-z_]+)\.title/g)) pages.add(match[1] ?? '');
    }
    expect(pages.size).toBeGreaterThan(20);
    const missing = [...pages].flatMap((page) =>
      [`pages.${page}.title`, `pages.${page}.description`].filter((key) => !has(key)),
    );
    expect(missing).toEqual([]);
  });

  it('has the texts of keys built at runtime', () => {
    const dynamic = [
      ...['admin', 'coach', 'student', 'guest'].map((environment) => `environments.${environment}`),
      ...LANGUAGES.map((locale) => `language.names.${locale}`),
      ...[0, 1, 2, 3].map((stage) => `loading.stage_${stage}`),
      ...['unauthorized', 'payment_required', 'forbidden', 'not_found', 'unavailable', 'other'].flatMap(
        (kind) => [`exceptions.api_error.${kind}.title`, `exceptions.api_error.${kind}.description`],
      ),
      ...['guest', 'user'].flatMap((variant) => [
        `payment_required.${variant}.title`,
        `payment_required.${variant}.description`,
      ]),
      ...['login', 'try_free', 'subscriptions', 'home'].map((action) => `payment_required.actions.${action}`),
      ...['active', 'inactive', 'staff', 'not_required'].flatMap((status) => [
        `subscription.status.${status}.title`,
        `subscription.status.${status}.description`,
      ]),
      ...['night', 'morning', 'afternoon', 'evening'].map((period) => `greeting.${period}`),
      'exceptions.not_found.title',
      'exceptions.not_enrolled.title',
      'logout.successful',
      'logout.timeout',
    ];
    expect(dynamic.filter((key) => !has(key))).toEqual([]);
  });
});
