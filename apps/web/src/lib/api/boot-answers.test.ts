import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/render';
import { BOOT_ELEMENT_ID } from './boot-answers';
import { apiDocument, apiRequest } from './client';

afterEach(() => vi.unstubAllGlobals());

beforeAll(() => {
  // What the server writes into the page for a signed-in visitor (snake_case, as the API sends it).
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_ELEMENT_ID;
  element.textContent = JSON.stringify({
    '/api/ping': { authenticated: true, account_id: '2', portal_id: '1' },
    '/api/v1/portals/current?include=languages': {
      data: { type: 'portals', id: '1', attributes: { name: 'Leerpad Academy', base_url: 'http://x' } },
    },
  });
  document.head.append(element);
});

describe('the answers the page carries', () => {
  it('answer the first request for their address, converted like any answer, without a round trip', async () => {
    const { calls } = mockApi(() => ({ body: { authenticated: false } }));
    expect(await apiRequest('/ping')).toEqual({ authenticated: true, accountId: '2', portalId: '1' });
    const { data } = await apiDocument<{ name: string; baseUrl: string }>('/v1/portals/current', {
      query: { include: ['languages'] },
    });
    expect(data).toMatchObject({ id: '1', name: 'Leerpad Academy', baseUrl: 'http://x' });
    expect(calls).toHaveLength(0);
    expect(document.getElementById(BOOT_ELEMENT_ID)).toBeNull();
  });

  it('are used once: the next request for the address goes to the server', async () => {
    const { calls } = mockApi(() => ({ body: { authenticated: false } }));
    expect(await apiRequest('/ping')).toEqual({ authenticated: false });
    expect(calls).toHaveLength(1);
  });

  it('never answer another address or a change', async () => {
    const { calls } = mockApi(() => ({ body: { ok: true } }));
    await apiRequest('/v1/portals/current');
    await apiRequest('/v1/me', { method: 'PATCH', body: {} });
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/v1/portals/current', '/api/v1/me']);
  });
});
