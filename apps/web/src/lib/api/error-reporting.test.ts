import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadEnglish, mockApi } from '../../test/render';
import { createQueryClient } from '../query-client';
import { managedAccountQuery } from '../resources/accounts';
import { reportCriticalApiError } from '../resources/client-errors';
import { orderQuery } from '../resources/orders';
import { ticketQuery } from '../resources/tickets';
import { NOT_FOUND_TOAST_KEY } from '../toasts/refusal-toast';
import { clearToasts, useToasts } from '../toasts/toasts';
import { renderHook } from '@testing-library/react';
import { apiRequest } from './client';
import { onCriticalApiError } from './events';

beforeAll(loadEnglish);
afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

const reports = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((call) => call.url.pathname === '/api/v1/client_errors').map((call) => call.body);

describe('API errors of kind "other"', () => {
  it('are reported as critical, once per failing call', async () => {
    const stop = onCriticalApiError(reportCriticalApiError);
    const { calls } = mockApi(({ url }) =>
      url.pathname === '/api/v1/client_errors'
        ? { status: 201, body: { data: { type: 'client_errors', id: 'r1', attributes: {} } } }
        : { status: 500, body: { errors: [{ status: '500', code: 'INTERNAL', title: 'Boom' }] } },
    );
    await expect(apiRequest('/v1/reports/weekly')).rejects.toMatchObject({ kind: 'other' });
    await expect(apiRequest('/v1/reports/weekly')).rejects.toMatchObject({ status: 500 });
    await vi.waitFor(() => expect(reports(calls)).toHaveLength(1));
    expect(reports(calls)[0]).toMatchObject({
      severity: 'critical',
      message: expect.stringContaining('GET /v1/reports/weekly answered 500 INTERNAL'),
    });
    stop();
  });

  it('are not reported when the app expects them (a form refused on its fields), nor for a 404', async () => {
    const stop = onCriticalApiError(reportCriticalApiError);
    const { calls } = mockApi(({ url }) =>
      url.pathname === '/api/v1/accounts/2'
        ? {
            status: 422,
            body: { errors: [{ status: '422', source: { pointer: '/data/attributes/full_name' } }] },
          }
        : undefined,
    );
    await expect(apiRequest('/v1/accounts/2', { method: 'PATCH', body: {} })).rejects.toMatchObject({
      status: 422,
    });
    await expect(apiRequest('/v1/orders/404')).rejects.toMatchObject({ status: 404 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports(calls)).toHaveLength(0);
    stop();
  });

  it('a failing report is not reported again', async () => {
    const stop = onCriticalApiError(reportCriticalApiError);
    const { calls } = mockApi(() => ({ status: 500 }));
    await expect(apiRequest('/v1/reports/monthly')).rejects.toMatchObject({ status: 500 });
    await vi.waitFor(() => expect(reports(calls)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reports(calls)).toHaveLength(1);
    stop();
  });
});

describe('detail pages', () => {
  it.each([
    ['an order', (client: QueryClient) => client.fetchQuery({ ...orderQuery('77'), retry: false })],
    ['a ticket', (client: QueryClient) => client.fetchQuery({ ...ticketQuery('77'), retry: false })],
    [
      'an account',
      (client: QueryClient) => client.fetchQuery({ ...managedAccountQuery('77'), retry: false }),
    ],
  ])('tell a missing record (%s) in the not-found toast', async (_name, fetchDetail) => {
    mockApi(() => undefined);
    const client = createQueryClient();
    const toasts = renderHook(() => useToasts());
    await expect(fetchDetail(client)).rejects.toMatchObject({ status: 404 });
    toasts.rerender();
    expect(toasts.result.current.map((toast) => toast.messageKey)).toContain(NOT_FOUND_TOAST_KEY);
  });
});
