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

export const errorTitleKey = (kind: ErrorKind) => `exceptions.api_error.${kind}.title`;
export const errorDescriptionKey = (kind: ErrorKind) => `exceptions.api_error.${kind}.description`;

/** Default form error text, and how several server errors are shown together. */
export const DEFAULT_FORM_ERROR = 'Something went wrong submitting the form.';
export const joinErrorMessages = (messages: readonly string[]) => messages.join('\n');
