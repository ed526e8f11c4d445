import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { NotificationItem } from './components/notification-item';
import { NotificationsButton } from './components/notifications-button';
import { NotificationsPage } from './pages/notifications-page';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

const notification = (id: number, extra: Record<string, unknown> = {}) => ({
  type: 'notifications',
  id: String(id),
  attributes: {
    message: `Message ${id}`,
    link: '/courses',
    read_at: null,
    received_at: new Date().toISOString(),
    status: 'unread',
    ...extra,
  },
  meta: { abilities: { open: true } },
});

function notificationsApi({ total, unread }: { total: number; unread: number }) {
  let unreadNow = unread;
  return mockApi(({ method, url }) => {
    if (method === 'PATCH' && url.pathname.endsWith('/notifications')) {
      unreadNow = 0;
      return { body: { meta: { updated: unread, unread: 0 } } };
    }
    if (method === 'PATCH') return { body: { data: notification(1, { read_at: new Date().toISOString() }) } };
    const size = Number(url.searchParams.get('page[size]') ?? 25);
    const page = Number(url.searchParams.get('page[number]') ?? 1);
    const onlyUnread = url.searchParams.get('filter[status]') === 'unread';
    const count = onlyUnread ? unreadNow : total;
    const first = (page - 1) * size;
    const data = Array.from({ length: Math.max(0, Math.min(size, count - first)) }, (_, index) =>
      notification(
        first + index + 1,
        index + first < unreadNow ? {} : { read_at: '2026-01-01T00:00:00Z', status: 'read' },
      ),
    );
    return {
      body: {
        data,
        meta: { total: count, last_page: Math.max(1, Math.ceil(count / size)), unread: unreadNow },
      },
    };
  });
}

describe('a notification item', () => {
  it('links to the path plus query of an absolute address and reports the click', async () => {
    const onOpen = vi.fn();
    renderWithProviders(
      <NotificationItem
        notification={{
          id: '1',
          type: 'notifications',
          message: 'Hi',
          link: 'https://other.example/courses/4?tab=2#x',
        }}
        onOpen={onOpen}
      />,
      { me: meFixture() },
    );
    const link = screen.getByRole('link', { name: /Hi/ });
    expect(link).toHaveAttribute('href', '/courses/4?tab=2');
    await userEvent.click(link);
    expect(onOpen).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent('/courses/4?tab=2');
  });

  it('is not a link to a page the reader may not open, even when it arrived live without abilities', () => {
    renderWithProviders(
      <NotificationItem
        notification={{ id: '1', type: 'notifications', message: 'Course settings', link: '/admin/courses' }}
        onOpen={() => {}}
      />,
      { me: meFixture() },
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('notification-item')).toHaveAttribute('aria-disabled', 'true');
  });

  it('is disabled and not a link without access', () => {
    renderWithProviders(
      <NotificationItem
        notification={{
          id: '1',
          type: 'notifications',
          message: 'Locked',
          link: '/admin',
          meta: { abilities: { open: false } },
        }}
        onOpen={() => {}}
      />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('notification-item')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('You do not have access to this item')).toBeInTheDocument();
  });
});

describe('the notifications page', () => {
  it('paginates above 25, marks one read on click with PATCH read_at, and marks all read', async () => {
    const { calls } = notificationsApi({ total: 60, unread: 3 });
    renderWithProviders(<NotificationsPage />, { me: meFixture(), route: '/notifications' });
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(25);
    expect(screen.getByTestId('pagination-total')).toHaveTextContent('60 results');
    expect(screen.getByText('You have 3 unread notifications.')).toBeInTheDocument();

    await userEvent.click(screen.getAllByTestId('notification-item')[0]!);
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.url.pathname).toBe('/api/v1/accounts/2/notifications/1');
    expect(Date.parse((patch?.body as { read_at: string }).read_at)).not.toBeNaN();

    await userEvent.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(screen.queryByTestId('mark-all-read')).not.toBeInTheDocument());
    expect(
      calls.some(
        (call) =>
          call.method === 'PATCH' && (call.body as { operation?: string }).operation === 'mark_all_as_read',
      ),
    ).toBe(true);
  });

  it('shows the empty state, no pagination and no mark-all button without notifications', async () => {
    notificationsApi({ total: 0, unread: 0 });
    renderWithProviders(<NotificationsPage />, { me: meFixture({}, ['coach']), route: '/notifications' });
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('pagination')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mark-all-read')).not.toBeInTheDocument();
    // The link home follows the environment: /coach for coaches.
    expect(screen.getByTestId('notifications-home-link')).toHaveAttribute('href', '/coach');
  });

  it('hides pagination at exactly 25 and reads the page from the address', async () => {
    const { calls } = notificationsApi({ total: 25, unread: 0 });
    renderWithProviders(<NotificationsPage />, { me: meFixture(), route: '/notifications?page=1&size=50' });
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(25);
    expect(screen.queryByTestId('pagination')).not.toBeInTheDocument();
    expect(calls[0]?.url.searchParams.get('page[size]')).toBe('50');
  });
});

describe('the notifications button', () => {
  it('caps the badge at 99+ and lists up to five unread in its partial', async () => {
    notificationsApi({ total: 300, unread: 140 });
    renderWithProviders(<NotificationsButton accountId="2" initialUnread={0} />, { me: meFixture() });
    const button = screen.getByTestId('notifications-button');
    await waitFor(() => expect(within(button).getByTestId('notifications-badge')).toHaveTextContent('99+'));
    expect(button).toHaveAccessibleName('Notifications, 140 unread');
    await userEvent.click(button);
    const partial = await screen.findByTestId('notifications-partial');
    expect(within(partial).getAllByTestId('notification-item')).toHaveLength(5);
    expect(within(partial).getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('says so when nothing is unread', async () => {
    notificationsApi({ total: 10, unread: 0 });
    renderWithProviders(<NotificationsButton accountId="2" initialUnread={0} />, { me: meFixture() });
    await userEvent.click(screen.getByTestId('notifications-button'));
    expect(await screen.findByText('You have no unread notifications.')).toBeInTheDocument();
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
  });
});
