import { describe, expect, it } from 'vitest';
import { EMPTY_WIZARD, newPortalFrom, PORTAL_WIZARD_STEPS, wizardFieldOf } from './components/wizard-steps';

describe('the new-portal wizard', () => {
  it('sends the primary address first, then the other lines, and leaves empty optional fields out', () => {
    const portal = newPortalFrom({
      ...EMPTY_WIZARD,
      name: ' Academie Noord ',
      primaryDomain: 'noord.example.nl ',
      extraDomains: 'oud.example.nl\n\n  www.noord.example.nl\n',
      businessModels: ['subscription'],
      sellerName: 'Noord B.V.',
      adminName: 'Nora',
      adminEmail: 'nora@example.nl',
    });
    expect(portal.name).toBe('Academie Noord');
    expect(portal.domains).toEqual(['noord.example.nl', 'oud.example.nl', 'www.noord.example.nl']);
    expect(portal.seller.vatId).toBeNull();
    expect(portal.firstAdmin).toEqual({ email: 'nora@example.nl', fullName: 'Nora' });
  });

  it('brings a server error back to the field and step it belongs to', () => {
    expect(wizardFieldOf('domains.0')).toBe('primaryDomain');
    expect(wizardFieldOf('domains.2')).toBe('extraDomains');
    expect(wizardFieldOf('firstAdmin.email')).toBe('adminEmail');
    expect(wizardFieldOf('seller.country')).toBe('sellerCountry');
    expect(wizardFieldOf('nonsense')).toBeNull();
    const stepOf = (field: string) =>
      PORTAL_WIZARD_STEPS.find((step) => step.fields.includes(field as never))?.id;
    expect(stepOf('extraDomains')).toBe('basics');
    expect(stepOf('adminEmail')).toBe('admin');
  });

  it('keeps a step until its required fields are filled', () => {
    const basics = PORTAL_WIZARD_STEPS[0]!;
    expect(Object.keys(basics.check(EMPTY_WIZARD))).toEqual(['name', 'primaryDomain']);
    const business = PORTAL_WIZARD_STEPS.find((step) => step.id === 'business')!;
    expect(business.check({ ...EMPTY_WIZARD, sellerCountry: 'NLD' })).toMatchObject({
      businessModels: 'choose_model',
      sellerCountry: 'seller_country_invalid',
    });
  });

  it('sends the colours only when one is chosen, and refuses a primary colour that fails WCAG AA', () => {
    expect(newPortalFrom(EMPTY_WIZARD).theme).toBeUndefined();
    expect(newPortalFrom({ ...EMPTY_WIZARD, primaryColor: '#166534' }).theme).toEqual({
      primaryColor: '#166534',
      secondaryColor: null,
    });
    const branding = PORTAL_WIZARD_STEPS.find((step) => step.id === 'branding')!;
    expect(branding.check(EMPTY_WIZARD)).toEqual({});
    expect(branding.check({ ...EMPTY_WIZARD, primaryColor: '#166534', secondaryColor: '#a3e635' })).toEqual(
      {},
    );
    expect(branding.check({ ...EMPTY_WIZARD, primaryColor: '#a3e635', secondaryColor: 'green' })).toEqual({
      primaryColor: 'colour_contrast',
      secondaryColor: 'colour_format',
    });
    const text = new File(['hello'], 'logo.txt', { type: 'text/plain' });
    expect(branding.check({ ...EMPTY_WIZARD, logo: text })).toEqual({ logo: 'logo_type' });
    expect(wizardFieldOf('theme.primaryColor')).toBe('primaryColor');
  });
});
