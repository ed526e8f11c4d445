/** Per-portal theme (SPEC §1): colours as CSS variables, favicon and the document title. */
import { darkenForText, parseColour, readableTextOn, THEME_FALLBACK_COLOUR, toCss } from '@leerpad/core';
import type { Theme } from '../session/types';

const FALLBACK_PRIMARY = parseColour(THEME_FALLBACK_COLOUR) ?? ([113, 72, 229] as const);
const FALLBACK_SECONDARY = [33, 37, 41] as const;

export const DEFAULT_FAVICON = '/favicon.svg';

export function themeVariables(theme: Theme | null | undefined): Record<string, string> {
  const primary = parseColour(theme?.primaryColor) ?? FALLBACK_PRIMARY;
  const secondary = parseColour(theme?.secondaryColor) ?? FALLBACK_SECONDARY;
  const primaryText = darkenForText(primary);
  return {
    '--portal-primary': toCss(primary),
    '--portal-primary-contrast': toCss(readableTextOn(primary)),
    '--portal-primary-text': toCss(primaryText),
    '--portal-secondary': toCss(secondary),
  };
}

export function applyTheme(theme: Theme | null | undefined): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
  const href = theme?.faviconUrl || DEFAULT_FAVICON;
  let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!icon) {
    icon = document.createElement('link');
    icon.rel = 'icon';
    document.head.append(icon);
  }
  if (icon.getAttribute('href') !== href) {
    icon.href = href;
    icon.type = href.endsWith('.svg') ? 'image/svg+xml' : '';
  }
}

/** "Page · Portal", or the portal name alone. */
export function documentTitle(portalName: string | null | undefined, pageTitle?: string | null): string {
  const name = portalName || 'Leerpad';
  return pageTitle ? `${pageTitle} · ${name}` : name;
}
