/**
 * SPEC §8: a resource that is not there and a course the student is not enrolled in are told in a
 * toast (exceptions.not_found.*, exceptions.not_enrolled.*), beside whatever the page shows.
 */
import { useEffect } from 'react';
import { isApiError } from '../api/client';
import { showToast } from './toasts';

export const NOT_FOUND_TOAST_KEY = 'exceptions.not_found.description';
export const NOT_ENROLLED_TOAST_KEY = 'exceptions.not_enrolled.description';

/** The toast text for a refusal the spec names, or null for any other error. */
export function refusalToastKey(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.code === 'NOT_ENROLLED') return NOT_ENROLLED_TOAST_KEY;
  if (error.status === 404) return NOT_FOUND_TOAST_KEY;
  return null;
}

/** Shows the refusal toast once for each error (or missing item) it is given. */
export function useRefusalToast(error: unknown) {
  useEffect(() => {
    const messageKey = typeof error === 'string' ? error : refusalToastKey(error);
    if (messageKey) showToast({ kind: 'error', messageKey });
  }, [error]);
}
