/**
 * The portal switch's cookie (SPEC §4): `portal_domain` names the portal a portal manager works in;
 * the server honours it for them only (http/portal.ts in the server). No portal expires it at once.
 */
import { COOKIE_DEFAULT_DAYS, PORTAL_DOMAIN_COOKIE } from '@leerpad/core';

const DAY_SECONDS = 24 * 60 * 60;

export function readPortalDomain(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === PORTAL_DOMAIN_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value === '' ? null : value;
    }
  }
  return null;
}

/** The cookie text that chooses `domain`, or that ends the choice when there is none. */
export function portalDomainCookie(domain: string | null): string {
  return domain
    ? `${PORTAL_DOMAIN_COOKIE}=${encodeURIComponent(domain)}; path=/; max-age=${COOKIE_DEFAULT_DAYS * DAY_SECONDS}; samesite=lax`
    : `${PORTAL_DOMAIN_COOKIE}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax`;
}

export function writePortalDomain(domain: string | null): void {
  document.cookie = portalDomainCookie(domain);
}
