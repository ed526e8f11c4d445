/**
 * Translations: en, nl and ro, nl by default (SPEC §1). Each language is a lazy chunk, so a visitor
 * downloads only the one in use; portal language overrides are merged in at runtime.
 *
 * Large feature areas keep their texts in namespace files (`src/i18n/<namespace>/<locale>.json`,
 * reached as `<namespace>.…` keys) that load with the feature, so the sign-in page never downloads
 * them: a page that needs one calls `useNamespace`.
 *
 * A small store instead of i18next: i18next and react-i18next weigh about 16 KB gzip, which the
 * /auth budget (120 KB initial JavaScript) cannot carry. The file format is i18next's (nested keys,
 * {{placeholders}}, _one/_few/_other plural suffixes chosen by Intl.PluralRules), so switching
 * back is a matter of swapping this module. See apps/web/README.md.
 */
import { use, useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, isLocale, type Locale } from '@leerpad/core';

export type Messages = { [key: string]: string | Messages };
export type TranslateOptions = Record<string, unknown> & { count?: number };
export type Translate = (key: string, options?: TranslateOptions) => string;

const loaders: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import('../../i18n/en.json'),
  nl: () => import('../../i18n/nl.json'),
  ro: () => import('../../i18n/ro.json'),
};

const namespaceLoaders = import.meta.glob<{ default: Messages }>('../../i18n/*/*.json');
const namespacePath = (namespace: string, locale: Locale) => `../../i18n/${namespace}/${locale}.json`;

const bundles: Partial<Record<Locale, Messages>> = {};
/** Each language's base file as loaded, so that overrides can be taken away again. */
const baseMessages: Partial<Record<Locale, Messages>> = {};
const loading: Partial<Record<Locale, Promise<void>>> = {};
/** Namespace texts per locale, kept apart so that reloading a language's base file keeps them. */
const namespaces: Partial<Record<Locale, Record<string, Messages>>> = {};
const namespaceLoading = new Map<string, Promise<void>>();
/** Namespaces some page has asked for: a language switch loads them too before switching. */
const wantedNamespaces = new Set<string>();
/** Flattened overrides per locale, e.g. { nl: { 'home.title': '…' } }. */
let overrides: Partial<Record<Locale, Record<string, string>>> = {};
let current: Locale = DEFAULT_LANGUAGE;
let version = 0;
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules>();

function changed() {
  version++;
  listeners.forEach((listener) => listener());
}

function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function setPath(messages: Messages, key: string, value: string) {
  const parts = key.split('.');
  const last = parts.pop();
  if (!last) return;
  let node = messages;
  for (const part of parts) {
    const next = node[part];
    if (next === undefined || typeof next === 'string') node = node[part] = {};
    else node = next;
  }
  node[last] = value;
}

function plural(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** The text for a key in the active language; a missing key shows itself, so it is easy to spot. */
export const t: Translate = (key, options) => {
  const bundle = bundles[current];
  let text: string | undefined;
  if (typeof options?.count === 'number') {
    text = lookup(bundle, `${key}_${plural(current, options.count)}`) ?? lookup(bundle, `${key}_other`);
  }
  text ??= lookup(bundle, key);
  return text === undefined ? key : interpolate(text, options);
};

export const i18n = {
  get language(): Locale {
    return current;
  },
  exists(key: string): boolean {
    return lookup(bundles[current], key) !== undefined;
  },
  t,
};

function applyOverrides(locale: Locale) {
  const bundle = bundles[locale];
  if (!bundle) return;
  for (const [key, value] of Object.entries(overrides[locale] ?? {})) setPath(bundle, key, value);
}

/** Puts a language's messages in place directly (tests, and the loader below). */
export function addMessages(locale: Locale, messages: Messages): void {
  baseMessages[locale] = messages;
  rebuild(locale);
  changed();
}

/** A loaded language's texts again from its files, with the current overrides on top. */
function rebuild(locale: Locale) {
  const base = baseMessages[locale];
  if (!base && !namespaces[locale]) return;
  bundles[locale] = { ...structuredClone(base ?? {}), ...structuredClone(namespaces[locale] ?? {}) };
  applyOverrides(locale);
}

/** Puts a namespace's messages in place: its keys read `<namespace>.…` (tests, and the loader below). */
export function addNamespace(locale: Locale, namespace: string, messages: Messages): void {
  (namespaces[locale] ??= {})[namespace] = messages;
  const bundle = (bundles[locale] ??= {});
  bundle[namespace] = structuredClone(messages);
  applyOverrides(locale);
  changed();
}

function namespaceLoaded(namespace: string, locale: Locale): boolean {
  return namespaces[locale]?.[namespace] !== undefined;
}

export function loadNamespace(namespace: string, locale: Locale = current): Promise<void> {
  wantedNamespaces.add(namespace);
  if (namespaceLoaded(namespace, locale)) return Promise.resolve();
  const key = `${namespace}/${locale}`;
  let promise = namespaceLoading.get(key);
  if (!promise) {
    const loader = namespaceLoaders[namespacePath(namespace, locale)];
    if (!loader) return Promise.reject(new Error(`No texts for ${key}`));
    promise = loader().then((module) => addNamespace(locale, namespace, module.default));
    promise.catch(() => namespaceLoading.delete(key));
    namespaceLoading.set(key, promise);
  }
  return promise;
}

/**
 * Makes sure a namespace's texts are there in the active language before the component renders
 * (suspending until they are), and keeps them there across language switches.
 */
export function useNamespace(namespace: string): void {
  useTranslation();
  if (!namespaceLoaded(namespace, current)) use(loadNamespace(namespace, current));
}

/** Whether this language is the active one with its texts loaded: a first render need not wait. */
export function isLanguageActive(locale: Locale): boolean {
  return current === locale && baseMessages[locale] !== undefined;
}

export function loadLanguage(locale: Locale): Promise<void> {
  // A namespace may have arrived first (bundles[locale] then holds only it): the base file still loads.
  if (baseMessages[locale]) return Promise.resolve();
  let promise = loading[locale];
  if (!promise) {
    promise = loaders[locale]().then((module) => addMessages(locale, module.default));
    promise.catch(() => delete loading[locale]);
    loading[locale] = promise;
  }
  return promise;
}

/** Loads (once) and switches to a language, and keeps <html lang> in step. */
export async function activateLanguage(locale: Locale): Promise<void> {
  await Promise.all([
    loadLanguage(locale),
    ...[...wantedNamespaces].map((namespace) => loadNamespace(namespace, locale)),
  ]);
  document.documentElement.lang = locale;
  if (current !== locale) {
    current = locale;
    changed();
  }
}

/**
 * Portal language overrides arrive as JSON text per portal language, keyed by locale and holding
 * flattened translation keys. Invalid JSON is ignored: a typo in the settings must not break the app.
 */
export function setLanguageOverrides(texts: ReadonlyArray<string | null | undefined>): void {
  const merged: typeof overrides = {};
  for (const text of texts) {
    if (!text) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue;
    }
    if (!parsed || typeof parsed !== 'object') continue;
    for (const [locale, entries] of Object.entries(parsed as Record<string, unknown>)) {
      if (!isLocale(locale) || !entries || typeof entries !== 'object') continue;
      const target = (merged[locale] ??= {});
      for (const [key, value] of Object.entries(entries as Record<string, unknown>)) {
        if (typeof value === 'string') target[key] = value;
      }
    }
  }
  const before = JSON.stringify(overrides);
  overrides = merged;
  if (JSON.stringify(merged) === before) return;
  // Rebuilt rather than patched, so that a removed override shows the original text again.
  LANGUAGES.forEach(rebuild);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the component when the language or the messages change. */
export function useTranslation(): { t: Translate; i18n: typeof i18n } {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  return { t, i18n };
}
