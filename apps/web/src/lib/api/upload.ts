/**
 * A multipart upload with progress. The JSON client cannot report upload progress, so uploads go
 * through XMLHttpRequest; errors become the same ApiError.
 */
import {
  DEFAULT_API_ERROR,
  NO_RESPONSE_STATUS,
  deserialize,
  toCamelCaseKeys,
  type JsonApiDocument,
  type JsonApiError,
} from '@leerpad/core';
import { API_BASE, ApiError } from './client';

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Sends `body` to the API path (POST, or PUT); `signal` cancels it (the promise then rejects with an AbortError). */
export function sendMultipart<T>(
  path: string,
  body: FormData,
  onProgress: (percent: number) => void = () => undefined,
  signal?: AbortSignal,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `${API_BASE}${path}`);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/vnd.api+json, application/json');
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const payload = toCamelCaseKeys<JsonApiDocument & { errors?: JsonApiError[] }>(
        parse(request.responseText),
      );
      if (request.status >= 200 && request.status < 300 && payload) {
        onProgress(100);
        resolve(deserialize(payload).data as unknown as T);
        return;
      }
      const errors = payload?.errors?.length
        ? payload.errors
        : [{ ...DEFAULT_API_ERROR, status: String(request.status) }];
      reject(new ApiError(request.status, errors));
    };
    request.onerror = () =>
      reject(
        new ApiError(NO_RESPONSE_STATUS, [
          { status: String(NO_RESPONSE_STATUS), title: 'No response received', code: 'NO_RESPONSE' },
        ]),
      );
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => request.abort());
    request.send(body);
  });
}
