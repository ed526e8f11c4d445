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
