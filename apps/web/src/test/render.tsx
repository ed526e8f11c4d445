/** Test helpers: providers with a seeded session, English texts and a fake API. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '../lib/session/session-provider';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import en from '../i18n/en.json';
import { activateLanguage, addMessages, addNamespace, type Messages } from '../lib/i18n/i18n';
import { ME_QUERY_KEY } from '../lib/resources/me';
import { CURRENT_PORTAL_QUERY_KEY } from '../lib/resources/portals';
import { PING_QUERY_KEY } from '../lib/session/keys';
import type { Me, Ping, Portal } from '../lib/session/types';

const englishNamespaces = import.meta.glob<Messages>('../i18n/*/en.json', { eager: true, import: 'default' });

export async function loadEnglish(): Promise<void> {
  addMessages('en', en);
  for (const [path, messages] of Object.entries(englishNamespaces)) {
    const namespace = path.split('/').at(-2);
    if (namespace) addNamespace('en', namespace, messages);
  }
  await activateLanguage('en');
}

export const portalFixture: Portal = {
  id: '1',
  type: 'portals',
  name: 'Test Academy',
  baseUrl: 'http://localhost',
  information: { knowledgeBaseUrl: 'https://help.example', zendeskChatId: null },
  parameters: [{ type: 'default_language', data: 'nl' }],
  theme: { primaryColor: '#0f766e' },
  businessModels: ['subscription'],
  features: [
    'portfolio_feature',
    'account-support',
    'coach_mandate_approvals',
    'review-tickets',
    'catalog-categories',
  ],
  languages: [
    { id: '1', type: 'portal_languages', locale: 'nl', isPrimary: true, overrides: '{}' },
    { id: '2', type: 'portal_languages', locale: 'en', isPrimary: false, overrides: '{}' },
    { id: '3', type: 'portal_languages', locale: 'ro', isPrimary: false, overrides: '{}' },
  ],
};

export function meFixture(overrides: Partial<Me> = {}, roles: string[] = ['student']): Me {
  return {
    id: '2',
    roles,
    availableBusinessModels: ['subscription'],
    account: {
      id: '2',
      type: 'accounts',
      fullName: 'Sam Student',
      locale: 'en',
      roles,
      emailAddress: 'sam@example.test',
    },
    portal: portalFixture,
    subscription: { id: '1', isActive: true },
    primaryCoach: {
      id: '1',
      fullName: 'Carla Coach',
      emailAddress: 'coach@example.test',
      phoneNumber: '+31 20 123',
    },
    features: portalFixture.features ?? [],
    unreadNotifications: 3,
    ...overrides,
  };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

export interface SessionSeed {
  me?: Me | null;
  portal?: Portal;
}

export function seedSession(client: QueryClient, { me = null, portal = portalFixture }: SessionSeed = {}) {
  client.setQueryData<Ping>(PING_QUERY_KEY, {
    authenticated: me !== null,
    accountId: me?.account.id ?? null,
    portalId: portal.id,
  });
  if (me) client.setQueryData<Me>(ME_QUERY_KEY, me);
  client.setQueryData<Portal>(CURRENT_PORTAL_QUERY_KEY, portal);
}

/** Shows the current location, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</span>;
}

export interface ProvidersOptions extends SessionSeed {
  route?: string;
  client?: QueryClient;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', client = createTestQueryClient(), ...session }: ProvidersOptions = {},
  options?: RenderOptions,
) {
  seedSession(client, session);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>
  );
  return { client, ...render(ui, { wrapper: Wrapper, ...options }) };
}

type Handler = (request: {
  method: string;
  url: URL;
  body: unknown;
}) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch with a tiny router; unknown calls answer 404 like the API. Returns the recorded calls. */
export function mockApi(handler: Handler) {
  const calls: Array<{ method: string; url: URL; body: unknown; headers: Record<string, string> }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const answer = handler({ method, url, body }) ?? {
      status: 404,
      body: { errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not found' }] },
    };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
