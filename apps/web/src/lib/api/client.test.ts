import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/render';
import { activateLanguage, i18n } from '../i18n/i18n';
import { ApiError, apiDocument, apiErrorText, apiFile, apiRequest, firstErrorDetail } from './client';

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('sends credentials and the JSON and XHR headers to /api, with a snake_case body', async () => {
    const { calls, fetchMock } = mockApi(() => ({ body: { ok: true } }));
    await apiRequest('/v1/accounts/2', { method: 'PATCH', body: { fullName: 'Ann', phoneNumber: null } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({
      'X-Requested-With': 'XMLHttpRequest',
      'Content-Type': 'application/json',
      Accept: expect.stringContaining('application/json'),
    });
    expect(calls[0]?.url.pathname).toBe('/api/v1/accounts/2');
    expect(calls[0]?.body).toEqual({ full_name: 'Ann', phone_number: null });
  });

  it('sends no JSON content type without a body, which the API would refuse as empty JSON', async () => {
    const { fetchMock } = mockApi(() => ({ status: 204 }));
    await apiRequest('/v1/content_labels/3', { method: 'DELETE' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBeUndefined();
    expect(Object.keys(init?.headers ?? {})).not.toContain('Content-Type');
  });

  it('sends a multipart body as it is, with its own content type', async () => {
    const { fetchMock } = mockApi(() => ({ body: { data: { id: '1', type: 'account_imports' } } }));
    const form = new FormData();
    form.append('mode', 'create');
    await apiRequest('/v1/account_imports', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest' });
    expect(Object.keys(init?.headers ?? {})).not.toContain('Content-Type');
  });

  it('downloads a file in the media type asked for, and refuses like any other request', async () => {
    const { fetchMock } = mockApi(({ url }) =>
      url.search.includes('bad')
        ? { status: 403, body: { errors: [{ status: '403', code: 'FORBIDDEN', title: 'No' }] } }
        : { body: 'a,b' },
    );
    const file = await apiFile('/v1/qualifications', 'text/csv', { query: { filter: { course: '2' } } });
    expect(await file.text()).toBe('"a,b"');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ Accept: 'text/csv' });
    await expect(
      apiFile('/v1/qualifications', 'text/csv', { query: { filter: { bad: '1' } } }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it('builds the query string with sorted includes, filters and pages', async () => {
    const { calls } = mockApi(() => ({ body: {} }));
    await apiRequest('/v1/x', {
      query: {
        include: ['languages', 'domains'],
        filter: { status: 'unread' },
        page: { number: 2, size: 25 },
      },
    });
    expect(decodeURIComponent(calls[0]?.url.search ?? '')).toBe(
      '?include=domains,languages&filter[status]=unread&page[number]=2&page[size]=25',
    );
  });

  it('turns responses to camelCase but keeps the exceptions (overrides, payload) as sent', async () => {
    mockApi(() => ({
      body: { full_name: 'Ann', overrides: { nl: { 'home.title_text': 'x' } }, payload: { some_key: 1 } },
    }));
    expect(await apiRequest('/v1/x')).toEqual({
      fullName: 'Ann',
      overrides: { nl: { 'home.title_text': 'x' } },
      payload: { some_key: 1 },
    });
  });

  it('flattens JSON:API documents with their relationships and resource meta', async () => {
    mockApi(() => ({
      body: {
        data: {
          type: 'notifications',
          id: '1',
          attributes: { read_at: null, received_at: '2026-01-01T00:00:00Z' },
          relationships: { account: { data: { type: 'accounts', id: '3' } } },
          meta: { abilities: { open: false } },
        },
        included: [{ type: 'accounts', id: '3', attributes: { full_name: 'Ann' } }],
        meta: { last_page: 4 },
      },
    }));
    const document = await apiDocument<Record<string, unknown>>('/v1/x');
    expect(document.data).toMatchObject({
      id: '1',
      readAt: null,
      account: { id: '3', fullName: 'Ann' },
      meta: { abilities: { open: false } },
    });
    expect(document.meta).toEqual({ lastPage: 4 });
  });

  it('maps failures to error kinds and keeps the JSON:API errors', async () => {
    mockApi(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            code: 'VALIDATION_FAILED',
            title: 'Invalid',
            detail: 'Bad e-mail',
            source: { pointer: '/email' },
          },
        ],
      },
    }));
    const error = await apiRequest('/v1/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, kind: 'other', code: 'VALIDATION_FAILED' });
    expect(firstErrorDetail(error)).toBe('Bad e-mail');
  });

  it('translates an error by its code into the interface language, with the parameters from meta', async () => {
    const before = i18n.language;
    await activateLanguage('ro');
    mockApi(() => ({
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            code: 'ANSWER_TEXT_REQUIRED',
            title: 'Invalid',
            detail: 'Write your answer first.',
          },
          { status: '422', code: 'TOO_LONG', title: 'Invalid', detail: 'Too long', meta: { maximum: 200 } },
          { status: '422', code: 'NEW_IN_A_LATER_SERVER', title: 'Invalid', detail: 'Something new.' },
        ],
      },
    }));
    const error = (await apiRequest('/v1/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.errors.map(apiErrorText)).toEqual([
      'Scrie răspunsul înainte de a-l preda.',
      'Valoarea este prea lungă (cel mult 200).',
      'Something new.',
    ]);
    await activateLanguage(before);
  });

  it.each([
    [401, 'unauthorized'],
    [402, 'payment_required'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [503, 'unavailable'],
    [500, 'other'],
  ])('status %i is the %s kind', async (status, kind) => {
    mockApi(() => ({ status, body: null }));
    const error = (await apiRequest('/v1/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.kind).toBe(kind);
    // No error document: the spec's default error, with the real status.
    expect(error.errors[0]).toMatchObject({ code: 'NOT_IMPLEMENTED', status: String(status) });
  });

  it('treats a missing response as 408 (unavailable)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = (await apiRequest('/v1/x').catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(408);
    expect(error.kind).toBe('unavailable');
    expect(error.errors[0]?.title).toBe('No response received');
  });
});
