/** Session calls of the sign-in screens (docs/api-contract.md "Session"). */
import type { JsonApiError } from '@leerpad/core';
import { apiDocument, apiRequest } from '../../lib/api/client';
import { meFromDocument } from '../../lib/session/queries';
import type { Me } from '../../lib/session/types';

type MeDocument = Parameters<typeof meFromDocument>[0];

async function meCall(path: string, body: unknown): Promise<Me> {
  const { data, meta } = await apiDocument<MeDocument>(path, { method: 'POST', body });
  return meFromDocument(data, meta);
}

export const signIn = (body: { email: string; password: string }) => meCall('/auth/login', body);

export const register = (body: { fullName: string; email: string; password: string }) =>
  meCall('/auth/register', body);

export const requestPasswordReset = (body: { email: string }) =>
  apiRequest('/auth/password/forgot', { method: 'POST', body });

export const resetPassword = (body: { token: string; password: string }) =>
  meCall('/auth/password/reset', body);

/** Known error codes get translated texts; anything else keeps the server's own words. */
const CODE_KEYS: Record<string, string> = {
  INVALID_CREDENTIALS: 'auth.errors.invalid_credentials',
  EMAIL_TAKEN: 'auth.errors.email_taken',
  INVALID_TOKEN: 'auth.errors.invalid_token',
  TOO_MANY_ATTEMPTS: 'auth.errors.too_many_attempts',
};

export function authErrorKey(error: JsonApiError): string | undefined {
  if (error.code && CODE_KEYS[error.code]) return CODE_KEYS[error.code];
  if (error.status === '429') return CODE_KEYS.TOO_MANY_ATTEMPTS;
  return undefined;
}
