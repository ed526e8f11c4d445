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

/** The first supported language of an Accept-Language header, by its q weights. */
export function acceptedLocale(header: string | string[] | undefined): Locale | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...options] = part.trim().split(';');
      const q = options.map((option) => option.trim()).find((option) => option.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.trim().toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.weight > 0 && isLocale(entry.language))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return (ranked[0]?.language as Locale | undefined) ?? null;
}

/**
 * The language of an API answer: the signed-in account's, else the request's Accept-Language,
 * else the portal's primary language (else the product default when no portal is known).
 */
export function requestLocale(request: {
  account?: { locale: string | null } | null;
  portal?: PortalWithParameters | null;
  headers: Record<string, string | string[] | undefined>;
}): Locale {
  if (isLocale(request.account?.locale)) return request.account.locale;
  const accepted = acceptedLocale(request.headers['accept-language']);
  if (accepted) return accepted;
  return request.portal ? portalLanguage(request.portal) : DEFAULT_LANGUAGE;
}

/**
 * The language to store on a new account (registration, invitation, import): the one the person
 * or the inviting staff member chose, else the portal's primary language.
 */
export function initialLocale(chosen: string | null | undefined, portal: PortalWithParameters): Locale {
  return isLocale(chosen) ? chosen : portalLanguage(portal);
}
