import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../../test/render';
import { TicketThreadPage } from './pages/ticket-thread-page';
import { TicketsPage } from './pages/tickets-page';

beforeAll(loadEnglish);
afterEach(() => vi.unstubAllGlobals());

const sam = { type: 'accounts', id: '2', attributes: { full_name: 'Sam Student' } };
const carla = { type: 'accounts', id: '1', attributes: { full_name: 'Carla Coach' } };

function ticket(state: string, abilities: Record<string, boolean>) {
  return {
    type: 'tickets',
    id: '7',
    attributes: {
      subject: 'Which weight limit applies?',
      body: 'Does 23 kg apply above the shoulder?',
      state,
      message_count: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      closed_at: null,
    },
    relationships: {
      student: { data: { type: 'accounts', id: '2' } },
      coach: { data: { type: 'accounts', id: '1' } },
      course: { data: null },
      learning_object: { data: null },
    },
    meta: { abilities },
  };
}

describe('the coach ticket list', () => {
  it('shows open tickets as person rows linking to the thread', async () => {
    const { calls } = mockApi(({ url }) =>
      url.pathname === '/api/v1/tickets'
        ? {
            body: {
              data: [ticket('open', { reply: true, close: true, reopen: false })],
              included: [sam, carla],
              meta: { total: 1, last_page: 1, state_counts: { open: 1, answered: 0, closed: 0 } },
            },
          }
        : undefined,
    );
    renderWithProviders(<TicketsPage side="coach" />, {
      me: meFixture({}, ['coach']),
      route: '/coach/tickets',
    });
    expect(await screen.findByText('Which weight limit applies?')).toBeInTheDocument();
    expect(screen.getAllByTestId('person-row')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Sam Student/ })).toHaveAttribute('href', '/coach/tickets/7');
    expect(calls[0]!.url.searchParams.get('filter[state]')).toBe('open');
  });
});

describe('a ticket thread', () => {
  it('sends a reply and closes the ticket', async () => {
    const { calls } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/v1/tickets/7' && method === 'GET')
        return {
          body: { data: ticket('answered', { reply: true, close: true, reopen: false }), included: [sam] },
        };
      if (url.pathname === '/api/v1/tickets/7/messages' && method === 'GET')
        return {
          body: {
            data: [
              {
                type: 'ticket_messages',
                id: '1',
                attributes: {
                  body: 'Does 23 kg apply above the shoulder?',
                  created_at: new Date().toISOString(),
                },
                relationships: {
                  ticket: { data: { type: 'tickets', id: '7' } },
                  author: { data: { type: 'accounts', id: '2' } },
                },
              },
            ],
            included: [sam],
            meta: { total: 1 },
          },
        };
      if (url.pathname === '/api/v1/tickets/7/messages') return { status: 201, body: { data: null } };
      if (url.pathname === '/api/v1/tickets/7') return { body: { data: ticket('closed', {}) } };
      return undefined;
    });
    renderWithProviders(
      <Routes>
        <Route path="/account/tickets/:ticketId" element={<TicketThreadPage side="student" />} />
      </Routes>,
      { me: meFixture(), route: '/account/tickets/7' },
    );
    expect(await screen.findByText('Does 23 kg apply above the shoulder?')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your reply'), 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ body: 'Thanks!' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close ticket' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ state: 'closed' }),
    );
  });
});
