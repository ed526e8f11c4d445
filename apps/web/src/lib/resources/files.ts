/** Files (POST /api/v1/files, multipart) with progress. */
import { sendMultipart } from '../api/upload';

/** An uploaded file, as the API answers it (attached to learning objects, answers, covers). */
export interface StoredFile {
  id: string;
  name: string;
  contentType: string;
  byteSize: number;
  url: string;
}

/** Uploads one file; `signal` cancels it (the promise then rejects with an AbortError). */
export function uploadFile(
  file: File,
  onProgress: (percent: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<StoredFile> {
  const body = new FormData();
  body.append('file', file);
  return sendMultipart<StoredFile>('/v1/files', body, onProgress, signal);
}

/** Sends one file in the multipart field "file" to `path` (a SCORM package, say), telling the percentage sent. */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: File,
  onProgress: (percent: number) => void = () => undefined,
  signal?: AbortSignal,
): Promise<T> {
  const body = new FormData();
  body.append('file', file);
  return sendMultipart<T>(path, body, onProgress, signal, method);
}
