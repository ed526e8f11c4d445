import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, meFixture, mockApi, renderWithProviders } from '../test/render';
import { RouteErrorBoundary } from './route-error-boundary';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let broken = true;
function FlakyPage() {
  if (broken) throw new Error('Cannot read properties of undefined');
  return <h1>Course overview</h1>;
}

describe('RouteErrorBoundary', () => {
  it('shows a friendly page with the reference the server logged the error under, and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    const { calls } = mockApi(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/v1/client_errors'
        ? { status: 201, body: { data: { type: 'client_errors', id: 'c0ffee-42' } } }
        : undefined,
    );
    renderWithProviders(
      <RouteErrorBoundary>
        <FlakyPage />
      </RouteErrorBoundary>,
      { me: meFixture(), route: '/courses/7' },
    );

    expect(screen.getByRole('heading', { name: 'This page ran into a problem' })).toBeInTheDocument();
    expect(await screen.findByText('Reference: c0ffee-42')).toBeInTheDocument();
    const report = calls.find((call) => call.url.pathname === '/api/v1/client_errors');
    expect(report?.body).toMatchObject({
      message: 'Cannot read properties of undefined',
      url: expect.stringContaining('http'),
    });

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('heading', { name: 'Course overview' })).toBeInTheDocument();
  });

  it('still shows the friendly page when the report cannot be sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    broken = true;
    mockApi(() => ({ status: 503, body: { errors: [{ status: '503', title: 'Unavailable' }] } }));
    renderWithProviders(
      <RouteErrorBoundary>
        <FlakyPage />
      </RouteErrorBoundary>,
      { me: meFixture() },
    );
    expect(screen.getByRole('heading', { name: 'This page ran into a problem' })).toBeInTheDocument();
    expect(screen.queryByTestId('route-error-reference')).not.toBeInTheDocument();
  });
});
