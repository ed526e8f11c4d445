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
        files: [
          {
            id: '9',
            name: 'photo.jpg',
            content_type: 'image/jpeg',
            size: 2048,
            url: '/api/v1/rate/abc/files/9',
          },
        ],
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
    expect(screen.getByRole('link', { name: 'photo.jpg' })).toHaveAttribute(
      'href',
      '/api/v1/rate/abc/files/9',
    );
    expect(screen.getByRole('link', { name: 'Download photo.jpg' })).toHaveAttribute(
      'href',
      '/api/v1/rate/abc/files/9?download=1',
    );
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
  it("offers a public item's files to open or download", async () => {
    mockApi(() => ({
      body: {
        data: {
          type: 'public_profiles',
          id: 'sam-student',
          attributes: {
            full_name: 'Sam Student',
            avatar_url: '/api/v1/avatars/4',
            headline: null,
            biography: null,
            handle: 'sam-student',
            indexable: false,
            items: [
              {
                id: '7',
                kind: 'evidence',
                title: 'Lifting plan',
                body: '',
                url: null,
                files: [
                  {
                    id: '12',
                    name: 'plan.pdf',
                    content_type: 'application/pdf',
                    size: 5000,
                    url: '/api/v1/profiles/sam-student/files/12',
                  },
                ],
                course_title: null,
                competencies: [],
                created_at: '2026-11-20T10:00:00.000Z',
              },
            ],
            certificates: [],
          },
        },
      },
    }));
    renderWithProviders(
      <Routes>
        <Route path="/profiles/:handle" element={<PublicProfilePage />} />
      </Routes>,
      { route: '/profiles/sam-student' },
    );
    expect(await screen.findByRole('link', { name: 'plan.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/profiles/sam-student/files/12',
    );
    expect(screen.getByRole('link', { name: 'Download plan.pdf' })).toHaveAttribute(
      'href',
      '/api/v1/profiles/sam-student/files/12?download=1',
    );
    expect(screen.getByRole('img', { name: 'Sam Student' })).toHaveAttribute(
      'src',
      '/api/v1/avatars/4?w=150',
    );
  });

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
