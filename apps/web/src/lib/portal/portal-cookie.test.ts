import { describe, expect, it } from 'vitest';
import { portalDomainCookie, readPortalDomain } from './portal-cookie';

describe('the portal switch cookie', () => {
  it('names the chosen domain for a day', () => {
    expect(portalDomainCookie('second.localhost')).toBe(
      'portal_domain=second.localhost; path=/; max-age=86400; samesite=lax',
    );
  });

  it('expires at once when no portal is chosen', () => {
    expect(portalDomainCookie(null)).toContain('max-age=0');
    expect(portalDomainCookie(null)).toMatch(/^portal_domain=;/);
  });

  it('reads the chosen domain back, and none when empty or absent', () => {
    expect(readPortalDomain('a=1; portal_domain=second.localhost; b=2')).toBe('second.localhost');
    expect(readPortalDomain('portal_domain=')).toBeNull();
    expect(readPortalDomain('a=1')).toBeNull();
  });
});
