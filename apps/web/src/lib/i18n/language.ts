/** Which interface language applies (SPEC §1, §3): the account's, a guest's choice, or the portal's. */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGES, isLocale, type Locale } from '@leerpad/core';
import type { Me, Portal } from '../session/types';

const GUEST_LANGUAGE_KEY = 'leerpad.language';

/** The languages a portal offers; a portal without a list offers every interface language. */
export function portalLocales(portal: Portal | null | undefined): Locale[] {
  const locales = (portal?.languages ?? [])
    .map((language) => language.locale ?? language.language?.locale)
    .filter(isLocale);
  const unique = [...new Set(locales)];
  return unique.length > 0
    ? unique.sort((a, b) => LANGUAGES.indexOf(a) - LANGUAGES.indexOf(b))
    : [...LANGUAGES];
}

/** The portal's language: the default_language parameter, else its primary language, else nl. */
export function portalDefaultLocale(portal: Portal | null | undefined): Locale {
  const offered = portalLocales(portal);
  const parameter = portal?.parameters?.find((entry) => entry.type === 'default_language')?.data;
  const fromParameter =
    typeof parameter === 'string'
      ? parameter
      : ((parameter as { locale?: unknown; language?: unknown } | null)?.locale ??
        (parameter as { language?: unknown } | null)?.language);
  if (isLocale(fromParameter) && offered.includes(fromParameter)) return fromParameter;
  const primary = portal?.languages?.find((language) => language.isPrimary);
  const primaryLocale = primary?.locale ?? primary?.language?.locale;
  if (isLocale(primaryLocale) && offered.includes(primaryLocale)) return primaryLocale;
  return offered.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (offered[0] ?? DEFAULT_LANGUAGE);
}

export function readGuestLanguage(): string | null {
  try {
    return window.localStorage.getItem(GUEST_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let memoryChoice: string | null = null;

/** Remembers a language choice for the next visit (and for the sign-in page after signing out). */
export function rememberLanguage(locale: Locale): void {
  memoryChoice = locale;
  try {
    window.localStorage.setItem(GUEST_LANGUAGE_KEY, locale);
  } catch {
    // Private mode: the choice simply lasts for this page.
  }
  listeners.forEach((listener) => listener());
}

/** The remembered choice, as state: changing it re-renders the app in the new language. */
export function useGuestLanguage(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => memoryChoice ?? readGuestLanguage(),
  );
}

export function activeLocale(
  portal: Portal | null | undefined,
  me: Me | null | undefined,
  remembered: string | null = readGuestLanguage(),
): Locale {
  const offered = portalLocales(portal);
  const accountLocale = me?.account?.locale;
  if (isLocale(accountLocale) && offered.includes(accountLocale)) return accountLocale;
  const guestChoice = me ? null : remembered;
  if (isLocale(guestChoice) && offered.includes(guestChoice)) return guestChoice;
  return portalDefaultLocale(portal);
}
