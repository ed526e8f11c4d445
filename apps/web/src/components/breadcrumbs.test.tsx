import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PAGES } from '@leerpad/core';
import en from '../i18n/en.json';
import nl from '../i18n/nl.json';
import ro from '../i18n/ro.json';
import { activateLanguage } from '../lib/i18n/i18n';
import { loadEnglish, meFixture, renderWithProviders } from '../test/render';
import { Breadcrumbs } from './breadcrumbs';

beforeAll(loadEnglish);
afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLanguage('en');
});

const admin = meFixture({}, ['admin']);
const support = meFixture({}, ['support']);
const crumbsNav = () => screen.getByRole('navigation', { name: /Breadcrumbs|Kruimelpad|Traseu/ });

describe('Breadcrumbs', () => {
  it('starts with the environment badge and ends with the current page, not a link', () => {
    renderWithProviders(
      <Breadcrumbs pathname="/admin/settings/feature-flags" search="" environment="admin" />,
      {
        me: admin,
      },
    );
    const crumbs = crumbsNav();
    expect(within(crumbs).getByTestId('environment-badge')).toHaveAttribute('href', '/admin/dashboard');
    expect(within(crumbs).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
    expect(within(crumbs).queryByRole('link', { name: 'Feature flags' })).not.toBeInTheDocument();
    expect(within(crumbs).getByText('Feature flags')).toHaveAttribute('aria-current', 'page');
  });

  it('shows a page the reader may not open as plain text', () => {
    renderWithProviders(<Breadcrumbs pathname="/admin/settings/audit" search="" environment="admin" />, {
      me: support,
    });
    const crumbs = crumbsNav();
    // Support reads the audit log but may not open the settings overview.
    expect(within(crumbs).getByText('Settings')).toBeInTheDocument();
    expect(within(crumbs).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(crumbs).getByText('Audit log')).toHaveAttribute('aria-current', 'page');
  });

  it('links the qualifications report up to certifications only for who may open them', () => {
    const { unmount } = renderWithProviders(
      <Breadcrumbs pathname="/admin/certifications/report" search="" environment="admin" />,
      { me: admin },
    );
    expect(within(crumbsNav()).getByRole('link', { name: 'Certifications' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <Breadcrumbs pathname="/admin/certifications/report" search="" environment="admin" />,
      {
        me: meFixture({}, ['author']),
      },
    );
    expect(within(crumbsNav()).queryByRole('link', { name: 'Certifications' })).not.toBeInTheDocument();
    expect(within(crumbsNav()).getByText('Certifications')).toBeInTheDocument();
  });

  it('never links an address that is no page, and names every crumb by its page', async () => {
    await activateLanguage('nl');
    const { unmount } = renderWithProviders(
      <Breadcrumbs pathname="/checkout/test/pay_12" search="" environment="student" />,
      { me: meFixture() },
    );
    let crumbs = crumbsNav();
    expect(within(crumbs).queryAllByRole('link')).toHaveLength(1); // the badge only
    expect(within(crumbs).getByText('Afrekenen')).toBeInTheDocument();
    expect(within(crumbs).getByText('Testbetaling')).toHaveAttribute('aria-current', 'page');
    expect(crumbs).not.toHaveTextContent(/Checkout|Test\b/);
    unmount();

    renderWithProviders(
      <Breadcrumbs pathname="/account/orders/checkout/3" search="" environment="student" />,
      {
        me: meFixture(),
      },
    );
    crumbs = crumbsNav();
    expect(within(crumbs).getByRole('link', { name: 'Bestellingen' })).toHaveAttribute(
      'href',
      '/account/orders',
    );
    expect(within(crumbs).queryByRole('link', { name: 'Afrekenen' })).not.toBeInTheDocument();
    expect(
      within(crumbs)
        .getAllByTestId('crumb')
        .map((crumb) => crumb.textContent),
    ).toEqual(['Account', 'Bestellingen', 'Afrekenen']);
  });

  it('speaks Romanian on the pricing and import pages', async () => {
    await activateLanguage('ro');
    const { unmount } = renderWithProviders(
      <Breadcrumbs pathname="/account/orders/pricing" search="" environment="student" />,
      { me: meFixture() },
    );
    expect(
      within(crumbsNav())
        .getAllByTestId('crumb')
        .map((crumb) => crumb.textContent),
    ).toEqual(['Cont', 'Comenzi', 'Prețuri']);
    unmount();
    renderWithProviders(<Breadcrumbs pathname="/admin/accounts/import" search="" environment="admin" />, {
      me: admin,
    });
    expect(within(crumbsNav()).getByRole('link', { name: 'Utilizatori' })).toHaveAttribute(
      'href',
      '/admin/accounts',
    );
    expect(within(crumbsNav()).getByText('Importul utilizatorilor')).toHaveAttribute('aria-current', 'page');
  });

  it('names an address the app does not know "page not found"', () => {
    renderWithProviders(<Breadcrumbs pathname="/admin/nowhere" search="" environment="admin" />, {
      me: admin,
    });
    expect(within(crumbsNav()).getByText('Page not found')).toHaveAttribute('aria-current', 'page');
  });

  it('has a title in every language for every page', () => {
    for (const texts of [en, nl, ro]) {
      const titles = texts.breadcrumbs.titles as Record<string, string>;
      for (const page of PAGES) expect(titles[page.title], `${page.path}`).toBeTruthy();
      expect(titles['not-found']).toBeTruthy();
    }
  });

  it('links the badge to a safe returnTo only', () => {
    const { rerender } = renderWithProviders(
      <Breadcrumbs pathname="/notifications" search="?returnTo=%2Fcoach%2Fstudents" environment="coach" />,
      { me: meFixture({}, ['coach']) },
    );
    expect(screen.getByTestId('environment-badge')).toHaveAttribute('href', '/coach/students');
    rerender(
      <Breadcrumbs pathname="/notifications" search="?returnTo=%2F%2Fevil.example" environment="coach" />,
    );
    expect(screen.getByTestId('environment-badge')).toHaveAttribute('href', '/coach/dashboard');
  });

  it('shows a placeholder while a name is pending, and nothing in the guest environment', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const { rerender } = renderWithProviders(
      <Breadcrumbs pathname="/admin/accounts/7" search="" environment="admin" />,
      { me: admin },
    );
    expect(screen.getByTestId('crumb-placeholder')).toBeInTheDocument();
    rerender(<Breadcrumbs pathname="/rate" search="" environment="guest" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
