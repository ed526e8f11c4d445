import { DEFAULT_LANGUAGE, isLocale, type Locale } from '@leerpad/core';

interface PortalWithParameters {
  parameters: ReadonlyArray<{ type: string; data: string }>;
}

/** The portal's primary language (its `default_language` parameter), else the product default. */
export function portalLanguage(portal: PortalWithParameters): Locale {
  const value = portal.parameters.find((parameter) => parameter.type === 'default_language')?.data;
  return isLocale(value) ? value : DEFAULT_LANGUAGE;
}

/** The language someone reads in: their account's, else the portal's primary language. */
export function readerLocale(
  account: { locale: string | null } | null | undefined,
  portal: PortalWithParameters,
): Locale {
  return isLocale(account?.locale) ? account.locale : portalLanguage(portal);
}
