import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { AdminCertificationsPage } from './pages/admin-certifications-page';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

const certification = {
  type: 'certifications',
  id: '3',
  attributes: {
    name: 'Forklift',
    description: null,
    translations: {},
    validity_months: 12,
    recertification_window_days: null,
    due_date: null,
    holders_count: 0,
    assignments_count: 0,
  },
  relationships: { courses: { data: [] } },
  meta: { abilities: { update: true, assign: true } },
};

describe('assigning a certification', () => {
  it('sends the people and the course as relationships and shows a refused course at its field', async () => {
    const api = mockApi(({ method, url }) => {
      if (url.pathname === '/api/v1/certifications') return { body: { data: [certification] } };
      if (url.pathname === '/api/v1/certifications/3/assignments')
        return method === 'GET'
          ? { body: { data: [], meta: { total: 0, last_page: 1 } } }
          : {
              status: 422,
              body: {
                errors: [
                  {
                    status: '422',
                    code: 'VALIDATION_FAILED',
                    title: 'Invalid attribute',
                    detail: 'Unknown course.',
                    source: { pointer: '/course' },
                  },
                ],
              },
            };
      if (url.pathname === '/api/v1/courses')
        return { body: { data: [{ type: 'courses', id: '12', attributes: { title: 'Lifting' } }] } };
      if (url.pathname === '/api/v1/accounts')
        return { body: { data: [{ type: 'accounts', id: '5', attributes: { full_name: 'Sam Student' } }] } };
      return undefined;
    });
    renderWithProviders(<AdminCertificationsPage />, { me: meFixture({}, ['admin']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign' }));
    const form = await screen.findByTestId('assign-form');
    await userEvent.type(within(form).getByLabelText('Find people'), 'Sam');
    await userEvent.click(await within(form).findByRole('checkbox', { name: 'Sam Student' }));
    await within(form).findByRole('option', { name: 'Lifting' });
    await userEvent.selectOptions(within(form).getByLabelText('Everyone enrolled in a course'), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Assign' }));

    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
        accounts: [{ type: 'accounts', id: '5' }],
        course: { type: 'courses', id: '12' },
        due_date: null,
      }),
    );
    await waitFor(() =>
      expect(within(form).getByLabelText('Everyone enrolled in a course')).toHaveAccessibleDescription(
        expect.stringContaining('Unknown course.'),
      ),
    );
  });
});
