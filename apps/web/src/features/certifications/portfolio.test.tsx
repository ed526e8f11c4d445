import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, mockApi, renderWithProviders } from '../../test/render';
import { PublicProfilePage } from './pages/public-profile-page';
import { RatePage } from './pages/rate-page';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

const form = {
  data: {
    type: 'feedback_forms',
    id: '3',
    attributes: {
      rater_name: 'Tom Trainer',
      student_name: 'Sam Student',
      portal_name: 'Leerpad Academy',
      message: null,
      item: {
        kind: 'reflection',
        title: 'Pallets stacked safely',
        body: '<p>Twice checked.</p>',
        url: null,
        file_names: ['photo.jpg'],
        course_title: null,
      },
      criteria: ['Quality of the work', 'Professional attitude'],
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    },
  },
};

describe('the /rate guest page', () => {
  it('shows the item, asks a score per criterion and thanks the rater', async () => {
    const { calls } = mockApi(({ method }) =>
      method === 'GET' ? { body: form } : { body: { data: { ...form.data, type: 'feedback_requests' } } },
    );
    renderWithProviders(<RatePage />, { route: '/rate?token=abc' });
    expect(await screen.findByText('Pallets stacked safely')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Give a score for every criterion.')).toBeInTheDocument();
    for (const group of screen.getAllByRole('group')) {
      const radios = group.querySelectorAll<HTMLInputElement>('input[type="radio"]');
      await userEvent.click(radios[3]!);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Thank you for your feedback')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/api/v1/rate/abc');
    expect(post.body).toEqual({ scores: [4, 4], comment: null });
  });

  it('tells a used and an expired link apart', async () => {
    mockApi(() => ({
      status: 410,
      body: { errors: [{ status: '410', code: 'RATING_LINK_EXPIRED', title: 'Gone' }] },
    }));
    renderWithProviders(<RatePage />, { route: '/rate?token=old' });
    expect(await screen.findByText('This link has expired')).toBeInTheDocument();
  });
});

describe('the public profile page', () => {
  it('answers an unknown handle with a not-found page', async () => {
    mockApi(() => undefined);
    renderWithProviders(
      <Routes>
        <Route path="/profiles/:handle" element={<PublicProfilePage />} />
      </Routes>,
      { route: '/profiles/nobody' },
    );
    expect(await screen.findByText('Profile not found')).toBeInTheDocument();
  });
});
