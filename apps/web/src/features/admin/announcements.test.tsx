import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { AdminAnnouncementsPage } from './pages/announcements-page';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

const announcement = {
  type: 'announcements',
  id: '4',
  attributes: {
    title: 'New videos',
    body: '<p>Watch them.</p>',
    language: 'en',
    audience: ['students'],
    starts_at: '2030-01-01T09:00:00.000Z',
    ends_at: null,
    notified_at: null,
    status: 'scheduled',
    read_at: null,
    dismissed_at: null,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
  },
  relationships: { courses: { data: [{ type: 'courses', id: '12' }] } },
};

describe('the announcements of a portal', () => {
  it('read their courses as a relationship and write them back the same way', async () => {
    const api = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/announcements')
        return { body: { data: [announcement], meta: { total: 1, last_page: 1 } } };
      if (method === 'PATCH' && url.pathname === '/api/v1/announcements/4')
        return { body: { data: announcement } };
      if (url.pathname === '/api/v1/courses')
        return {
          body: {
            data: [
              { type: 'courses', id: '12', attributes: { title: 'Lifting' } },
              { type: 'courses', id: '13', attributes: { title: 'Ladders' } },
            ],
          },
        };
      return undefined;
    });
    renderWithProviders(<AdminAnnouncementsPage />, { me: meFixture({}, ['admin']) });
    const table = await screen.findByTestId('announcement-table');
    expect(within(table).getByText(/Courses: 1/)).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit “New videos”' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('checkbox', { name: 'Lifting' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Ladders' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and publish' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
        courses: [
          { type: 'courses', id: '12' },
          { type: 'courses', id: '13' },
        ],
      }),
    );
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).not.toHaveProperty('course_ids');
  });
});
