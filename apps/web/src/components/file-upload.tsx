/**
 * The one file upload: pick a file and it uploads at once, with progress and cancel. The size cap
 * is told up front and checked before sending; a refusal from the server (its own cap, a full
 * quota, a refused file) is told in plain words.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { FILE_UPLOAD_MAX_BYTES } from '@leerpad/core';
import { isApiError } from '../lib/api/client';
import { formatBytes } from '../lib/format';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import { uploadFile, type StoredFile } from '../lib/resources/files';
import { Button } from './button';
import { FieldError } from './form/fields';
import { formErrorsFrom } from './form/server-errors';
import { CloseIcon } from './icons';

export interface FileUploadProps {
  label: ReactNode;
  accept?: string;
  /** The file chosen so far, shown by name (and size when known). */
  current?: { name: string; byteSize?: number | null; url?: string } | null;
  onUploaded: (file: StoredFile) => void;
  /** Offers to remove the current file; without it, a new pick replaces it. */
  onRemove?: () => void;
  /** An error from the form (say, a 422 on the file's field). */
  error?: string;
  field?: string;
  disabled?: boolean;
  /** Told when an upload starts and ends (a form may hold its submit meanwhile). */
  onUploadingChange?: (uploading: boolean) => void;
  /** A smaller cap than the server's for this use (a profile photo), told and checked up front. */
  maxBytes?: number;
}

const isAbort = (failure: unknown) => (failure as { name?: string } | null)?.name === 'AbortError';

/** The refusal in words: the cap the server names (or ours), a full quota, or the server's own text. */
function useUploadErrorText() {
  const { t, i18n } = useTranslation();
  const tooLarge = (bytes: number) => t('upload.too_large', { size: formatBytes(bytes, i18n.language) });
  return {
    tooLarge,
    of(failure: unknown): string {
      if (isApiError(failure) && failure.status === 413) {
        const first = failure.errors[0];
        if (first?.code === 'QUOTA_EXCEEDED') return t('upload.quota_exceeded');
        const maxBytes = Number(first?.meta?.maxBytes);
        return tooLarge(Number.isFinite(maxBytes) && maxBytes > 0 ? maxBytes : FILE_UPLOAD_MAX_BYTES);
      }
      if (isApiError(failure) && failure.kind === 'unavailable') return t('upload.failed');
      const { fields, general } = formErrorsFrom(failure, ['file'], t('upload.failed'));
      return fields.file ?? general[0] ?? t('upload.failed');
    },
  };
}

export function FileUpload({
  label,
  accept,
  current,
  onUploaded,
  onRemove,
  error,
  field,
  disabled = false,
  onUploadingChange,
  maxBytes = FILE_UPLOAD_MAX_BYTES,
}: FileUploadProps) {
  useNamespace('upload');
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const errorText = useUploadErrorText();

  // Leaving the page cancels an upload under way.
  useEffect(() => () => upload.current?.abort(), []);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    // The server refuses larger files too (413); telling at once saves a long upload.
    if (file.size > maxBytes) {
      setUploadError(errorText.tooLarge(maxBytes));
      if (input.current) input.current.value = '';
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    onUploadingChange?.(true);
    try {
      onUploaded(await uploadFile(file, setProgress, controller.signal));
    } catch (failure) {
      if (!isAbort(failure)) setUploadError(errorText.of(failure));
    } finally {
      upload.current = null;
      setProgress(null);
      onUploadingChange?.(false);
      if (input.current) input.current.value = '';
    }
  };

  const shownError = uploadError ?? error;
  const showInput = !current || !onRemove;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {current && (
        <div
          className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm"
          data-testid="uploaded-file"
        >
          {current.url ? (
            <a
              href={current.url}
              target="_blank"
              rel="noreferrer"
              className="min-w-0 flex-1 truncate font-medium text-primary-text underline"
            >
              {current.name}
            </a>
          ) : (
            <span className="min-w-0 flex-1 truncate">{current.name}</span>
          )}
          {current.byteSize ? (
            <span className="text-slate-600">{formatBytes(current.byteSize, i18n.language)}</span>
          ) : null}
          {onRemove && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onRemove}
              disabled={disabled}
              aria-label={t('upload.remove', { name: current.name })}
            >
              <CloseIcon size={16} />
            </Button>
          )}
        </div>
      )}
      {showInput && (
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          data-field={field}
          disabled={disabled || progress !== null}
          onChange={(event) => void choose(event.target.files?.[0])}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          aria-invalid={shownError ? true : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
        />
      )}
      {showInput && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {t('upload.max_size', { size: formatBytes(maxBytes, i18n.language) })}
        </p>
      )}
      {progress !== null && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={t('upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span className="text-xs text-slate-600 tabular-nums">{progress}%</span>
          <Button variant="ghost" size="sm" onClick={() => upload.current?.abort()}>
            {t('upload.cancel')}
          </Button>
        </div>
      )}
      <div aria-live="polite">
        <FieldError id={`${id}-error`}>{shownError}</FieldError>
      </div>
    </div>
  );
}
