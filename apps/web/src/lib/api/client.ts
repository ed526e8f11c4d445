/**
 * The one API client (SPEC §7): /api base, cookies, X-Requested-With, JSON both ways, snake_case
 * bodies, camelCase responses (with the exceptions list), JSON:API deserialisation and errors
 * mapped to kinds (SPEC §8).
 */
import {
  API_PATH,
  DEFAULT_API_ERROR,
  NO_RESPONSE_STATUS,
  buildQueryString,
  deserialize,
  errorKindFromStatus,
  isCriticalStatus,
  toCamelCaseKeys,
  toSnakeCaseKeys,
  type ErrorKind,
  type JsonApiDocument,
  type JsonApiError,
  type QueryParams,
} from '@leerpad/core';
import type { readerErrorText as ReaderErrorText } from './error-texts';
import { i18n } from '../i18n/i18n';
import { takeBootAnswer } from './boot-answers';
import { emitCriticalApiError } from './events';

/** Where critical errors are reported: its own failures are not reported again. */
export const CLIENT_ERRORS_PATH = '/v1/client_errors';

export const API_BASE = API_PATH;

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ErrorKind;
  readonly errors: JsonApiError[];

  constructor(status: number, errors: JsonApiError[]) {
    const first = errors[0];
    super(first?.detail ?? first?.title ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.kind = errorKindFromStatus(status);
    this.errors = errors;
  }

  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  query?: QueryParams;
  /** JSON (keys sent in snake_case), or FormData (an upload) sent as it is. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an order's Idempotency-Key). */
  headers?: Record<string, string>;
  /** A file's media type: the answer is that file (a Blob), not JSON. */
  accept?: string;
}

const NO_RESPONSE_ERROR: JsonApiError = {
  status: String(NO_RESPONSE_STATUS),
  title: 'No response received',
  code: 'NO_RESPONSE',
};

function errorsFrom(status: number, payload: unknown): JsonApiError[] {
  const errors = (payload as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors) && errors.length > 0) return errors as JsonApiError[];
  return [{ ...DEFAULT_API_ERROR, status: String(status) }];
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Sends a request and returns the camelCased JSON body; throws an ApiError for any failure. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal, headers, accept } = options;
  const raw = body instanceof FormData;
  const search = query ? buildQueryString(query) : '';
  const url = `${API_BASE}${path}${search ? `?${search}` : ''}`;
  if (method === 'GET') {
    const answer = takeBootAnswer(url);
    if (answer !== undefined) return toCamelCaseKeys<T>(answer);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      signal,
      headers: {
        Accept: accept ?? 'application/vnd.api+json, application/json',
        // Only with a JSON body: the API refuses a JSON request whose body is empty (a DELETE, say),
        // and a multipart body names its own boundary.
        ...(body === undefined || raw ? {} : { 'Content-Type': 'application/json' }),
        'X-Requested-With': 'XMLHttpRequest',
        // Error details of a visitor without an account follow the interface language.
        'Accept-Language': i18n.language,
        ...headers,
      },
      body: body === undefined || raw ? body : JSON.stringify(toSnakeCaseKeys(body)),
    });
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
    throw new ApiError(NO_RESPONSE_STATUS, [NO_RESPONSE_ERROR]);
  }
  if (accept && response.ok) return (await response.blob()) as T;
  const payload = await readJson(response);
  if (!response.ok) {
    await loadErrorTexts();
    const error = new ApiError(response.status, errorsFrom(response.status, payload));
    if (isCriticalStatus(response.status) && path !== CLIENT_ERRORS_PATH)
      emitCriticalApiError({ method, path, error });
    throw error;
  }
  return toCamelCaseKeys<T>(payload);
}

/** Downloads a file the API writes (a CSV export, say) in the given media type. */
export const apiFile = (path: string, accept: string, options: RequestOptions = {}) =>
  apiRequest<Blob>(path, { ...options, accept });

export interface ApiDocument<T> {
  data: T;
  meta: Record<string, unknown>;
}

/** A JSON:API request whose answer is flattened: relationships resolved, meta kept beside. */
export async function apiDocument<T>(path: string, options: RequestOptions = {}): Promise<ApiDocument<T>> {
  const document = await apiRequest<JsonApiDocument>(path, options);
  const { data, meta } = deserialize(document ?? {});
  return { data: data as T, meta };
}

/**
 * The text of one API error in the interface language: translated by its code (with the
 * parameters in `meta`), else the server's own detail (a general code, or one this app does not
 * know; the server writes it in the account's or the interface language).
 */
export function apiErrorText(item: JsonApiError | undefined): string | null {
  if (!item) return null;
  return errorTexts ? errorTexts.readerErrorText(item, i18n.language) : (item.detail ?? item.title ?? null);
}

let errorTexts: { readerErrorText: typeof ReaderErrorText } | null = null;
/** Loads the texts once; a failure leaves the server's own detail (already in the reader's language). */
async function loadErrorTexts(): Promise<void> {
  if (errorTexts) return;
  try {
    errorTexts = await import('./error-texts');
  } catch {
    // Offline or a stale deployment: the detail will do.
  }
}

/** The first error's text, for toasts (SPEC §8 "api-error event"). */
export function firstErrorDetail(error: unknown): string | null {
  if (!isApiError(error)) return null;
  return apiErrorText(error.errors[0]);
}
