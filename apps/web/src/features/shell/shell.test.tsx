import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, portalFixture, renderWithProviders } from '../../test/render';
import { NavigationMenu } from './components/navigation-menu';
import { ShellLayout } from './components/shell-layout';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.classList.remove('scroll-locked');
});

function narrowScreen(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const noTourApi = () =>
  mockApi(({ url }) => {
    if (url.pathname.endsWith('/preferences')) {
      return {
        body: {
          data: [
            {
              type: 'account_preferences',
              id: '1',
              attributes: { property: 'onboarding-features', payload: 'main-menu@1' },
            },
          ],
        },
      };
    }
    return undefined;
  });

describe('the navigation menu', () => {
  const render = (
    environment: 'admin' | 'coach' | 'student' | 'guest',
    roles: string[],
    features = portalFixture.features ?? [],
  ) =>
    renderWithProviders(
      <NavigationMenu
        open
        narrow={false}
        onClose={() => {}}
        environment={environment}
        me={meFixture({}, roles)}
        features={features}
      />,
      { me: meFixture({}, roles) },
    );

  it('shows students their menu and their primary coach (name, e-mail, phone), no switch', () => {
    render('student', ['student']);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Catalog', 'My courses', 'Portfolio', 'Profile']);
    const coach = screen.getByTestId('primary-coach');
    expect(coach).toHaveTextContent('Carla Coach');
    expect(within(coach).getByRole('link', { name: /coach@example.test/ })).toHaveAttribute(
      'href',
      'mailto:coach@example.test',
    );
    expect(within(coach).getByRole('link', { name: /\+31 20 123/ })).toHaveAttribute('href', 'tel:+3120123');
    expect(screen.queryByTestId('environment-switch')).not.toBeInTheDocument();
  });

  it('hides the portfolio without its feature', () => {
    render('student', ['student'], []);
    expect(screen.queryByRole('link', { name: 'Portfolio' })).not.toBeInTheDocument();
  });

  it('shows coaches the coach menu and the switch', () => {
    render('coach', ['coach']);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/approvals');
    expect(
      within(screen.getByTestId('environment-switch'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Coachcurrent']);
  });

  it('shows the coach menu on guest pages for a coach, and the student menu for a student', () => {
    const { unmount } = render('guest', ['coach', 'student']);
    expect(screen.getByRole('link', { name: 'Students' })).toBeInTheDocument();
    unmount();
    render('guest', ['student']);
    expect(screen.getByRole('link', { name: 'Catalog' })).toBeInTheDocument();
  });

  it('offers every environment of a multi-role account', () => {
    render('admin', ['admin', 'coach', 'student']);
    const links = within(screen.getByTestId('environment-switch')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/catalog', '/coach', '/admin']);
    expect(links[2]).toHaveAttribute('aria-current', 'true');
  });
});

describe('the shell', () => {
  function Page() {
    return <Link to="/coach/news">to news</Link>;
  }

  it('on a narrow screen: starts closed, locks scrolling while open, closes on Escape and on route change', async () => {
    narrowScreen(true);
    noTourApi();
    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <Page />
      </ShellLayout>,
      { me: meFixture({}, ['coach']), route: '/coach/dashboard' },
    );
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(screen.queryByTestId('main-menu')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByTestId('main-menu')).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('scroll-locked');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('main-menu')).not.toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('scroll-locked');
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('link', { name: 'to news' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/coach/news');
    expect(screen.queryByTestId('main-menu')).not.toBeInTheDocument();
  });

  it('on a wide screen: stays open across routes', async () => {
    narrowScreen(false);
    noTourApi();
    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <Page />
      </ShellLayout>,
      { me: meFixture({}, ['coach']), route: '/coach/dashboard' },
    );
    expect(screen.getByTestId('main-menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'to news' }));
    expect(screen.getByTestId('main-menu')).toBeInTheDocument();
    expect(document.documentElement).not.toHaveClass('scroll-locked');
  });

  it('gives support roles (with account-support) the palette button and Ctrl+K', async () => {
    narrowScreen(false);
    noTourApi();
    const openPalette = vi.fn();
    const { unmount } = renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={openPalette}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture({}, ['support']), route: '/admin/dashboard' },
    );
    await userEvent.click(screen.getByTestId('support-palette-button'));
    await userEvent.keyboard('{Control>}k{/Control}');
    expect(openPalette).toHaveBeenCalledTimes(2);
    unmount();

    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={openPalette}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture({}, ['admin']), route: '/admin/dashboard' },
    );
    expect(screen.queryByTestId('support-palette-button')).not.toBeInTheDocument();
  });

  it('shows the chat button only with a portal chat id and the coach role', () => {
    narrowScreen(false);
    noTourApi();
    const portal = { ...portalFixture, information: { zendeskChatId: 'abc123' } };
    vi.spyOn(document.head, 'append').mockImplementation(() => {});
    const { unmount } = renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture({ portal }, ['coach']), portal, route: '/coach/dashboard' },
    );
    expect(screen.getByTestId('chat-button')).toHaveAccessibleName('Chat');
    unmount();
    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture({ portal }, ['student']), portal, route: '/catalog' },
    );
    expect(screen.queryByTestId('chat-button')).not.toBeInTheDocument();
  });

  it('shows the menu tour to someone who has not recorded it, and records every tour on close', async () => {
    narrowScreen(false);
    const { calls } = mockApi(({ method, url, body }) => {
      if (url.pathname.endsWith('/preferences') && method === 'GET') return { body: { data: [] } };
      if (url.pathname.endsWith('/preferences')) {
        return {
          status: 201,
          body: { data: { type: 'account_preferences', id: '9', attributes: body as object } },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture(), route: '/catalog' },
    );
    const tour = await screen.findByTestId('onboarding-tour');
    await userEvent.click(within(tour).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByTestId('onboarding-tour')).not.toBeInTheDocument();
    const saved = calls.find((call) => call.method === 'POST');
    expect(saved?.body).toEqual({ property: 'onboarding-features', payload: 'main-menu@1' });
  });

  it('lets the keyboard pass the tour: Tab moves on, Escape closes it and returns focus', async () => {
    narrowScreen(false);
    const { calls } = mockApi(({ method, url, body }) => {
      if (url.pathname.endsWith('/preferences') && method === 'GET') return { body: { data: [] } };
      if (url.pathname.endsWith('/preferences')) {
        return {
          status: 201,
          body: { data: { type: 'account_preferences', id: '9', attributes: body as object } },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture(), route: '/catalog' },
    );
    const tour = await screen.findByTestId('onboarding-tour');
    const done = within(tour).getByRole('button', { name: 'Got it' });
    done.focus();
    await userEvent.tab();
    expect(tour).not.toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(document.body);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(done);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('onboarding-tour')).not.toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement?.tagName).toBe('BUTTON');
    expect(calls.some((call) => call.method === 'POST')).toBe(true);
  });

  it('closes the tour on a click outside it', async () => {
    narrowScreen(false);
    mockApi(({ method, url, body }) => {
      if (url.pathname.endsWith('/preferences') && method === 'GET') return { body: { data: [] } };
      if (url.pathname.endsWith('/preferences')) {
        return {
          status: 201,
          body: { data: { type: 'account_preferences', id: '9', attributes: body as object } },
        };
      }
      return undefined;
    });
    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture(), route: '/catalog' },
    );
    await screen.findByTestId('onboarding-tour');
    await userEvent.click(screen.getByText('page'));
    expect(screen.queryByTestId('onboarding-tour')).not.toBeInTheDocument();
  });

  it('opens the account menu with its entries; help goes to the knowledge base', async () => {
    narrowScreen(false);
    noTourApi();
    renderWithProviders(
      <ShellLayout notificationsButton={null} openSupportPalette={() => {}}>
        <p>page</p>
      </ShellLayout>,
      { me: meFixture({}, ['coach']), route: '/coach/dashboard' },
    );
    await userEvent.click(screen.getByTestId('account-menu-trigger'));
    const menu = await screen.findByTestId('account-menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    expect(items).toEqual([
      'Notifications',
      'Subscription',
      'My details',
      'Help and knowledge base(opens in a new tab)',
      'Give feedback',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: /Help/ })).toHaveAttribute(
      'href',
      'https://help.example',
    );
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Nederlands', 'Română']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Give feedback' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/coach/dashboard#give-feedback');
    act(() => {});
  });
});
