import type { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllModals, useModalState } from '../lib/modals/modals';
import { PING_QUERY_KEY } from '../lib/session/keys';
import type { Ping } from '../lib/session/types';
import { clearToasts, useToasts } from '../lib/toasts/toasts';
import { loadEnglish, meFixture, mockApi, portalFixture, renderWithProviders } from '../test/render';
import { GiveFeedbackHash } from './give-feedback-hash';
import { AppRoutes } from './routes';
import { SessionWatcher } from './session-watcher';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
  closeAllModals();
});

const heading = () => screen.findByRole('heading', { level: 1 }, { timeout: 4000 });
const student = meFixture({}, ['student']);
const coach = meFixture({}, ['coach']);
const admin = meFixture({}, ['admin']);
const noSubscription = meFixture({ subscription: { id: '9', isActive: false } }, ['student']);

describe('routes and guards', () => {
  it('sends a signed-out visitor to sign-in with returnTo', async () => {
    mockApi(() => undefined);
    renderWithProviders(<AppRoutes />, { route: '/notifications?page=2' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/auth?returnTo=%2Fnotifications%3Fpage%3D2'),
    );
    expect(await heading()).toHaveTextContent('Sign in');
  });

  it.each([
    ['/', student, '/catalog'],
    ['/', coach, '/coach/dashboard'],
    ['/', admin, '/admin/dashboard'],
    ['/admin', admin, '/admin/dashboard'],
    ['/coach', coach, '/coach/dashboard'],
    ['/auth', coach, '/coach/dashboard'],
    ['/auth?returnTo=%2Fcoach%2Fnews', coach, '/coach/news'],
    ['/auth?returnTo=%2F%2Fevil.example', coach, '/coach/dashboard'],
  ])('%s takes %s to its home', async (route, me, target) => {
    mockApi(() => undefined);
    renderWithProviders(<AppRoutes />, { route, me });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${target}$`)));
  });

  it('shows a 403 state, never the page, to an account that may not see it', async () => {
    mockApi(() => undefined);
    renderWithProviders(<AppRoutes />, { route: '/admin/settings/feature-flags', me: student });
    expect(await heading()).toHaveTextContent('No access');
    expect(document.querySelector('[data-page]')).toBeNull();
    // The menu stays the student's own: it never offers pages the account cannot open.
    expect(await screen.findByTestId('menu-environment')).toHaveTextContent('Student');
    expect(screen.getByTestId('environment-badge')).toHaveAttribute('href', '/catalog');
  });

  it('refuses feature-gated pages when the feature is off', async () => {
    mockApi(() => undefined);
    const withoutFlags = meFixture({ features: [] }, ['coach']);
    renderWithProviders(<AppRoutes />, {
      route: '/approvals',
      me: withoutFlags,
      portal: { ...portalFixture, features: [] },
    });
    expect(await heading()).toHaveTextContent('No access');
  });

  it('shows the 402 screen for student pages without subscription access', async () => {
    mockApi(() => undefined);
    renderWithProviders(<AppRoutes />, { route: '/courses', me: noSubscription });
    expect(await heading()).toHaveTextContent('Your subscription is not active');
  });

  it('lets a student without subscription access look around the catalog', async () => {
    mockApi(() => ({ body: { data: [], meta: { total: 0, last_page: 1, current_page: 1, per_page: 25 } } }));
    renderWithProviders(<AppRoutes />, { route: '/catalog', me: noSubscription });
    expect(await heading()).toHaveTextContent('Catalog');
  });

  const pages: Array<[string, typeof student, string]> = [
    ['/admin/dashboard', admin, 'Good'],
    ['/admin/courses', admin, 'Courses'],
    ['/admin/courses/create', admin, 'New course'],
    ['/admin/catalogs', admin, 'Catalog categories'],
    ['/admin/courses/content-issues', admin, 'Content issues'],
    ['/admin/certifications', admin, 'Certifications'],
    ['/admin/sales/orders', admin, 'Orders'],
    ['/admin/sales/orders/create', admin, 'New order'],
    ['/admin/sales/catalogs', admin, 'Sales catalogs'],
    ['/admin/sales/catalogs/products', admin, 'Products'],
    ['/admin/sales/promotions', admin, 'Promotions'],
    ['/academy/marketing', admin, 'Marketing'],
    ['/admin/accounts', admin, 'Users'],
    ['/academy/accounts_support', admin, 'Users'],
    ['/admin/announcements', admin, 'Announcements'],
    ['/admin/settings/integrations', admin, 'Integrations'],
    ['/admin/settings/languages', admin, 'Languages'],
    ['/admin/settings/agreements', admin, 'Agreements'],
    ['/admin/settings/order-automations', admin, 'Order automations'],
    ['/admin/settings/feature-flags', admin, 'Feature flags'],
    ['/admin/settings/approvals', admin, 'Approval mandates'],
    ['/admin/settings/content-labels', admin, 'Content labels'],
    ['/admin/settings/feedback-rubric', admin, 'Feedback rubric'],
    ['/admin/settings/export', admin, 'Export'],
    ['/admin/portals/import', admin, 'Import a portal'],
    ['/coach/dashboard', coach, 'Good'],
    ['/coach/courses', coach, 'Courses'],
    ['/coach/students', coach, 'Students'],
    ['/coach/tickets', coach, 'Tickets'],
    ['/coach/news', coach, 'News'],
    ['/coach/mentees', coach, 'Mentees'],
    ['/approvals', coach, 'Approvals'],
    ['/catalog', student, 'Catalog'],
    ['/courses', student, 'My courses'],
    ['/portfolio', student, 'Portfolio'],
    ['/profile', student, 'Profile'],
    ['/account/orders', student, 'Subscription'],
    ['/account/details', student, 'My details'],
    ['/account/primary-coach', student, 'Primary coach'],
    ['/rate', student, 'This link is not valid'],
    ['/profiles/nobody-here', student, 'Profile not found'],
  ];
  it.each(pages)('%s exists and shows its page', async (route, me, title) => {
    mockApi(() => undefined);
    renderWithProviders(<AppRoutes />, { route, me });
    expect(await heading()).toHaveTextContent(title);
  });

  it('shows guests the guest pages and a not-found page for unknown addresses', async () => {
    mockApi(() => undefined);
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/rate' });
    expect(await heading()).toHaveTextContent('This link is not valid');
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/no/such/page', me: student });
    expect(await heading()).toHaveTextContent('Page not found');
  });
});

function Toasts() {
  return (
    <span data-testid="toasts">
      {useToasts()
        .map((toast) => `${toast.kind}:${toast.messageKey}`)
        .join(',')}
    </span>
  );
}

describe('the session watcher', () => {
  const endSession = (client: QueryClient) =>
    act(() => {
      client.setQueryData<Ping>(PING_QUERY_KEY, { authenticated: false, accountId: null, portalId: '1' });
    });

  it('warns a signed-in user whose session ended outside the guest environment', async () => {
    mockApi(() => undefined);
    const { client } = renderWithProviders(
      <>
        <SessionWatcher />
        <Toasts />
      </>,
      { route: '/coach/dashboard', me: coach },
    );
    endSession(client);
    await waitFor(() => expect(screen.getByTestId('toasts')).toHaveTextContent('warning:logout.timeout'));
  });

  it('stays quiet after a deliberate sign-out (?loggedOut=true) and in the guest environment', async () => {
    mockApi(() => undefined);
    const first = renderWithProviders(
      <>
        <SessionWatcher />
        <Toasts />
      </>,
      { route: '/auth?loggedOut=true', me: coach },
    );
    endSession(first.client);
    first.unmount();
    const second = renderWithProviders(
      <>
        <SessionWatcher />
        <Toasts />
      </>,
      { route: '/rate', me: coach },
    );
    endSession(second.client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('toasts')).toHaveTextContent('');
  });
});

function ModalProbe() {
  const { current } = useModalState();
  return <span data-testid="modal">{current?.id ?? ''}</span>;
}

describe('#give-feedback', () => {
  it('opens the feedback modal and clears the hash', async () => {
    mockApi(() => undefined);
    renderWithProviders(
      <>
        <GiveFeedbackHash />
        <ModalProbe />
      </>,
      { route: '/coach/dashboard#give-feedback', me: coach },
    );
    await waitFor(() => expect(screen.getByTestId('modal')).toHaveTextContent('feedback'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/coach\/dashboard$/);
  });
});
