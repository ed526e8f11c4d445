import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PinnedList } from '../../components/pinned-list';
import { usePagePin } from '../../lib/page-pin';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { MenuPins } from './components/menu-pins';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

function stored(payload: unknown) {
  const saved: unknown[] = [];
  const api = mockApi(({ method, url, body }) => {
    if (!url.pathname.endsWith('/preferences')) return undefined;
    if (method === 'POST') {
      saved.push(body);
      return { status: 201, body: { data: { type: 'account_preferences', id: '1', attributes: body } } };
    }
    return {
      body: {
        data: [
          {
            type: 'account_preferences',
            id: '1',
            attributes: { property: 'view-settings', payload: JSON.stringify(payload) },
          },
        ],
      },
    };
  });
  return { saved, ...api };
}

function AccountPage() {
  usePagePin('Ann Admin', '/avatars/ann.png');
  return <MenuPins />;
}

describe('pins', () => {
  it('show their image: the avatar of a pinned account, the cover of a pinned course', () => {
    renderWithProviders(
      <PinnedList
        headingId="pins"
        heading="Pinned"
        pins={[
          { uri: '/admin/accounts/3', title: 'Ann', image: '/avatars/ann.png' },
          { uri: '/admin/courses/2', title: 'Maths' },
        ]}
        unpinLabel={(pin) => `Unpin ${pin.title}`}
        onUnpin={() => undefined}
      />,
    );
    const [account, course] = screen.getAllByRole('listitem');
    expect(within(account!).getByTestId('pin-image')).toHaveAttribute('src', '/avatars/ann.png');
    expect(within(course!).queryByTestId('pin-image')).not.toBeInTheDocument();
    expect(course).toHaveTextContent('MMaths');
  });

  it('the menu lists the global pins and pins the page on screen with its title and image', async () => {
    const { saved } = stored({
      views: { 'admin-accounts': { searchQuery: 'ann' } },
      pins: [{ uri: '/admin/courses/2', title: 'Maths', image: '/covers/maths.png' }],
    });
    renderWithProviders(<AccountPage />, { route: '/admin/accounts/3', me: meFixture({}, ['admin']) });
    const pin = await screen.findByTestId('menu-pin');
    expect(within(pin).getByRole('link', { name: 'Maths' })).toHaveAttribute('href', '/admin/courses/2');
    expect(within(pin).getByTestId('pin-image')).toHaveAttribute('src', '/covers/maths.png');

    await userEvent.click(screen.getByRole('button', { name: 'Pin this page' }));
    expect(screen.getByRole('button', { name: 'Unpin this page' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(saved).toHaveLength(1), { timeout: 2000 });
    const settings = JSON.parse((saved[0] as { payload: string }).payload);
    expect(settings.pins).toEqual([
      { uri: '/admin/courses/2', title: 'Maths', image: '/covers/maths.png' },
      { uri: '/admin/accounts/3', title: 'Ann Admin', image: '/avatars/ann.png' },
    ]);
    // The list views saved by other screens stay as they were.
    expect(settings.views['admin-accounts'].searchQuery).toBe('ann');

    await userEvent.click(screen.getByRole('button', { name: 'Unpin Maths' }));
    expect(screen.getAllByTestId('menu-pin')).toHaveLength(1);
  });
});
