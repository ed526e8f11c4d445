/** The api-error event (SPEC §8): the app shows the first error's detail in an error toast. */
import type { ApiError } from './client';

const API_ERROR_EVENT = 'leerpad:api-error';

export function emitApiError(error: ApiError): void {
  window.dispatchEvent(new CustomEvent<ApiError>(API_ERROR_EVENT, { detail: error }));
}

export function onApiError(listener: (error: ApiError) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<ApiError>).detail);
  window.addEventListener(API_ERROR_EVENT, handler);
  return () => window.removeEventListener(API_ERROR_EVENT, handler);
}

const CRITICAL_API_ERROR_EVENT = 'leerpad:critical-api-error';

/** An API answer of kind "other" the app did not expect (SPEC §8): reported as critical. */
export interface CriticalApiError {
  method: string;
  path: string;
  error: ApiError;
}

export function emitCriticalApiError(detail: CriticalApiError): void {
  window.dispatchEvent(new CustomEvent<CriticalApiError>(CRITICAL_API_ERROR_EVENT, { detail }));
}

export function onCriticalApiError(listener: (report: CriticalApiError) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<CriticalApiError>).detail);
  window.addEventListener(CRITICAL_API_ERROR_EVENT, handler);
  return () => window.removeEventListener(CRITICAL_API_ERROR_EVENT, handler);
}
