/** The API error catalogue (SPEC §8). */

export type ErrorKind =
  'unauthorized' | 'payment_required' | 'forbidden' | 'not_found' | 'unavailable' | 'other';

/** A request that got no response at all is handled as a timeout. */
export const NO_RESPONSE_STATUS = 408;

const KIND_BY_STATUS: Readonly<Record<number, ErrorKind>> = {
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  408: 'unavailable',
  502: 'unavailable',
  503: 'unavailable',
  504: 'unavailable',
};

export function errorKindFromStatus(status: number | undefined): ErrorKind {
  return KIND_BY_STATUS[status || NO_RESPONSE_STATUS] ?? 'other';
}

/** Unexpected errors are reported to error tracking as critical. */
export function isCriticalKind(kind: ErrorKind): boolean {
  return kind === 'other';
}

/**
 * Answers of kind "other" that the app expects and shows where they belong (a 409 conflict, a 413
 * file too large, a 422 on a form's fields, a 429 limit): told to the person, not reported. Every
 * other answer of kind "other" (a 400 the app should never send, a 500) is reported as critical.
 */
const EXPECTED_ANSWERS: ReadonlySet<number> = new Set([409, 413, 422, 429]);

/** Whether an API error is reported to error tracking as critical (SPEC §8, decision 060). */
export function isCriticalStatus(status: number | undefined): boolean {
  return isCriticalKind(errorKindFromStatus(status)) && !EXPECTED_ANSWERS.has(status ?? 0);
}

export const errorTitleKey = (kind: ErrorKind) => `exceptions.api_error.${kind}.title`;
export const errorDescriptionKey = (kind: ErrorKind) => `exceptions.api_error.${kind}.description`;

/** Default form error text, and how several server errors are shown together. */
export const DEFAULT_FORM_ERROR = 'Something went wrong submitting the form.';
export const joinErrorMessages = (messages: readonly string[]) => messages.join('\n');
