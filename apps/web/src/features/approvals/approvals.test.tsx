import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { RequestEnrolment } from '../../components/request-enrolment';
import { ApprovalsQueuePage } from './pages/approvals-page';
import { MandatesPage } from './pages/mandates-page';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

const sanne = { type: 'accounts', id: '40', attributes: { full_name: 'Sanne de Vries' } };
const course = { type: 'courses', id: '12', attributes: { title: 'Vergaderen met resultaat' } };

function request(state: string, decide: boolean) {
  return {
    type: 'approval_requests',
    id: '5',
    attributes: {
      kind: 'enrollment',
      state,
      message: 'I lead our team meeting now.',
      note: null,
      created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      decided_at: null,
      updated_at: new Date().toISOString(),
    },
    relationships: {
      student: { data: { type: 'accounts', id: '40' } },
      course: { data: { type: 'courses', id: '12' } },
      decided_by: { data: null },
      mandate: { data: null },
    },
    meta: { abilities: { decide } },
  };
}

describe('the approvals queue', () => {
  it('lists pending requests as person rows and rejects one only with a note', async () => {
    const { calls } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/v1/approval_requests' && method === 'GET')
        return {
          body: {
            data: [request('pending', true)],
            included: [sanne, course],
            meta: { total: 1, last_page: 1, state_counts: { pending: 1, approved: 0, rejected: 0 } },
          },
        };
      if (url.pathname === '/api/v1/approval_requests/5' && method === 'PATCH')
        return { body: { data: request('rejected', false) } };
      return undefined;
    });
    renderWithProviders(<ApprovalsQueuePage />, { me: meFixture({}, ['coach']), route: '/approvals' });
    const row = await screen.findByTestId('person-row');
    expect(row).toHaveTextContent('Asks to join Vergaderen met resultaat');
    expect(within(row).getByRole('link', { name: 'Sanne de Vries' })).toHaveAttribute(
      'href',
      '/coach/students/40',
    );
    expect(calls[0]!.url.searchParams.get('filter[state]')).toBe('pending');

    await userEvent.click(screen.getByRole('button', { name: 'Reject Sanne de Vries' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Tell the student why you reject the request.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Note to the student'), 'Finish the basics first.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        state: 'rejected',
        note: 'Finish the basics first.',
      }),
    );
    expect(
      await screen.findByText('The request of Sanne de Vries for Vergaderen met resultaat was rejected.'),
    ).toBeInTheDocument();
  });

  it('shows the 403 screen to a coach without a mandate', async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/v1/approval_requests'
        ? {
            status: 403,
            body: {
              errors: [{ status: '403', code: 'NO_MANDATE', title: 'Forbidden', detail: 'No mandate.' }],
            },
          }
        : undefined,
    );
    renderWithProviders(<ApprovalsQueuePage />, { me: meFixture({}, ['coach']), route: '/approvals' });
    expect(await screen.findByRole('heading', { name: 'No mandate to decide' })).toBeInTheDocument();
  });
});

describe('requesting enrolment', () => {
  it('sends a request and then shows that it waits for a coach', async () => {
    let sent = false;
    const { calls } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/v1/approval_requests' && method === 'POST') {
        sent = true;
        return { status: 201, body: { data: request('pending', false) } };
      }
      if (url.pathname === '/api/v1/approval_requests')
        return { body: { data: sent ? [request('pending', false)] : [], meta: { total: sent ? 1 : 0 } } };
      return undefined;
    });
    renderWithProviders(<RequestEnrolment courseId="12" />, { me: meFixture(), route: '/catalog/12' });
    await userEvent.click(await screen.findByRole('button', { name: 'Request enrolment' }));
    expect(await screen.findByTestId('enrolment-pending')).toHaveTextContent(
      "waiting for a coach's decision",
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      course: { type: 'courses', id: '12' },
      message: '',
    });
  });
});

describe('mandates', () => {
  it('grants a coach a mandate for named courses', async () => {
    const { calls } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/v1/coach_mandates' && method === 'GET')
        return { body: { data: [], meta: { total: 0 } } };
      if (url.pathname === '/api/v1/coach_mandates' && method === 'POST')
        return { status: 201, body: { data: { type: 'coach_mandates', id: '3', attributes: {} } } };
      if (url.pathname === '/api/v1/accounts')
        return {
          body: {
            data: [{ type: 'accounts', id: '1', attributes: { full_name: 'Carla Coach' } }],
            meta: { total: 1, last_page: 1 },
          },
        };
      if (url.pathname === '/api/v1/courses') return { body: { data: [course] } };
      return undefined;
    });
    renderWithProviders(<MandatesPage />, {
      me: meFixture({}, ['admin']),
      route: '/admin/settings/approvals',
    });
    expect(await screen.findByText('No mandates yet')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Grant a mandate' }));
    await userEvent.selectOptions(
      await screen.findByLabelText('Coach'),
      await screen.findByRole('option', { name: 'Carla Coach' }),
    );
    await userEvent.click(await screen.findByLabelText('Vergaderen met resultaat'));
    await userEvent.click(screen.getByRole('button', { name: 'Grant mandate' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        coach: { type: 'accounts', id: '1' },
        all_courses: false,
        courses: [{ type: 'courses', id: '12' }],
      }),
    );
    expect(await screen.findByText('The mandate was saved.')).toBeInTheDocument();
  });
});
