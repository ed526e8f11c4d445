/**
 * The signed-in account with its portal, roles and features (GET /v1/me), and the session calls
 * that answer the same document: sign-in, registration and password reset. Owner of the ['me'] key.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiDocument, apiRequest } from '../api/client';
import type { ActingState, Me } from '../session/types';

export const ME_QUERY_KEY = ['me'] as const;

type MeDocument = Omit<Me, 'features' | 'unreadNotifications' | 'acting'>;

/** Turns a `me` document (from GET /v1/me, sign-in, registration or reset) into a Me. */
export function meFromDocument(data: MeDocument, meta: Record<string, unknown>): Me {
  const features = Array.isArray(meta.features) ? (meta.features as string[]) : [];
  return {
    ...data,
    roles: data.roles ?? data.account?.roles ?? [],
    availableBusinessModels: data.availableBusinessModels ?? [],
    features,
    unreadNotifications: typeof meta.unreadNotifications === 'number' ? meta.unreadNotifications : 0,
    acting: meta.acting && typeof meta.acting === 'object' ? (meta.acting as ActingState) : null,
  };
}

export async function fetchMe(signal?: AbortSignal): Promise<Me> {
  const { data, meta } = await apiDocument<MeDocument>('/v1/me', { signal });
  return meFromDocument(data, meta);
}

export const meQuery = queryOptions({
  queryKey: ME_QUERY_KEY,
  queryFn: ({ signal }) => fetchMe(signal),
});

async function meCall(path: string, body: unknown): Promise<Me> {
  const { data, meta } = await apiDocument<MeDocument>(path, { method: 'POST', body });
  return meFromDocument(data, meta);
}

export const signIn = (body: { email: string; password: string }) => meCall('/auth/login', body);

/** Starts a sign-up: the server mails a link that finishes it (202, the same for any address). */
export const register = (body: { fullName: string; email: string; password: string; locale?: string }) =>
  apiRequest('/auth/register', { method: 'POST', body });

/** Finishes a sign-up with the token from its e-mail, and signs in. */
export const confirmRegistration = (body: { token: string }) => meCall('/auth/register/confirm', body);

export const requestPasswordReset = (body: { email: string }) =>
  apiRequest('/auth/password/forgot', { method: 'POST', body });

export const resetPassword = (body: { token: string; password: string }) =>
  meCall('/auth/password/reset', body);
