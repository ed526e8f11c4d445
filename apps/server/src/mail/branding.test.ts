import { describe, expect, it } from 'vitest';
import { mailBrandingOf, renderMail } from './render';

const portal = (logo: string | null) => ({
  name: 'Groene <Academie>',
  parameters: [],
  row: {
    base_url: 'https://groen.example',
    primary_color: '#166534',
    secondary_color: '#14532d',
    logo_url: logo,
  },
});

describe("an e-mail in the portal's branding", () => {
  it("shows the portal's PNG logo by its full address, in the portal's colour", () => {
    const branding = mailBrandingOf(portal('/api/v1/portals/1/logo/0b7c.png'));
    expect(branding).toEqual({
      portalName: 'Groene <Academie>',
      color: '#166534',
      accent: '#14532d',
      logoUrl: 'https://groen.example/api/v1/portals/1/logo/0b7c.png',
    });
    const mail = renderMail(
      'password_reset',
      { portal: 'Groene', link: 'https://x.example/r' },
      'en',
      branding,
    );
    expect(mail.html).toContain(
      '<img src="https://groen.example/api/v1/portals/1/logo/0b7c.png" alt="Groene &lt;Academie&gt;"',
    );
    expect(mail.html).toContain('border-top: 4px solid #14532d');
  });

  it('shows the name alone for an SVG logo (mail readers rarely draw SVG) or none', () => {
    const mail = renderMail(
      'password_reset',
      { portal: 'Groene', link: 'https://x.example/r' },
      'nl',
      mailBrandingOf(portal('/api/v1/portals/1/logo/a.svg')),
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(
      '<strong style="font-size: 18px; color: #166534">Groene &lt;Academie&gt;</strong>',
    );
    expect(renderMail('password_reset', { portal: 'G', link: 'l' }, 'en').html).not.toContain('border-top');
  });
});
