/** How the sign-in screens word the session calls' refusals (the calls live in lib/resources/me). */
import type { JsonApiError } from '@leerpad/core';
import type { Translate } from '../../lib/i18n/i18n';

/** Known error codes get translated texts; anything else keeps the server's own words. */
const CODE_KEYS: Record<string, string> = {
  INVALID_CREDENTIALS: 'auth.errors.invalid_credentials',
  EMAIL_TAKEN: 'auth.errors.email_taken',
  INVALID_TOKEN: 'auth.errors.invalid_token',
  TOO_MANY_ATTEMPTS: 'auth.errors.too_many_attempts',
};

function authErrorKey(error: JsonApiError): string | undefined {
  if (error.code && CODE_KEYS[error.code]) return CODE_KEYS[error.code];
  if (error.status === '429') return CODE_KEYS.TOO_MANY_ATTEMPTS;
  return undefined;
}

/** The translated text of a known refusal, for useForm's `errorMessage`. */
export function authErrorMessage(error: JsonApiError, t: Translate): string | undefined {
  const key = authErrorKey(error);
  return key ? t(key) : undefined;
}
