/** Avatar initials and image address (SPEC §3 "Avatar"). */
import { AVATAR_IMAGE_WIDTH, AVATAR_INITIALS_LENGTH } from './constants';

function initialsOf(name: string | null | undefined, length: number): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  // Array.from splits by code point, so a name starting with an emoji or accent stays whole.
  return words
    .slice(0, Math.max(1, length))
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** First letters of the first `length` words of the name, else of the fallback name, else '?'. */
export function avatarInitials(
  name: string | null | undefined,
  fallbackName?: string | null,
  length: number = AVATAR_INITIALS_LENGTH,
): string {
  return initialsOf(name, length) || initialsOf(fallbackName, length) || '?';
}

/**
 * Asks the image service for a resized avatar by setting `w` in the query, keeping any other
 * parameters and the fragment. data: and blob: addresses cannot take parameters and are returned as is.
 */
export function avatarImageUrl(url: string, width?: number): string;
export function avatarImageUrl(url: string | null | undefined, width?: number): string | null;
export function avatarImageUrl(
  url: string | null | undefined,
  width: number = AVATAR_IMAGE_WIDTH,
): string | null {
  if (!url) return null;
  if (/^(data|blob):/i.test(url)) return url;
  const hashIndex = url.indexOf('#');
  const fragment = hashIndex === -1 ? '' : url.slice(hashIndex);
  const withoutFragment = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const [base = '', query = ''] = withoutFragment.split(/\?(.*)/s);
  const params = query.split('&').filter((param) => param !== '' && !/^w(=|$)/.test(param));
  return `${base}?${[...params, `w=${width}`].join('&')}${fragment}`;
}
