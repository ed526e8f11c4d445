/** Picks a file and uploads it at once, with a progress bar; the 50 MB cap is told up front. */
import { useId, useRef, useState, type ReactNode } from 'react';
import { FILE_UPLOAD_MAX_BYTES } from '@leerpad/core';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { StoredFile } from '../api';
import { formErrorsFrom } from '../server-errors';
import { uploadFile } from '../upload';
import { FieldError } from '../../../components/form/fields';

export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

export function FileUploadField({
  label,
  accept,
  current,
  onUploaded,
  error,
  field,
}: {
  label: ReactNode;
  accept?: string;
  /** The file chosen so far, shown by name. */
  current?: { name: string; byteSize?: number | null; url?: string } | null;
  onUploaded: (file: StoredFile) => void;
  error?: string;
  field?: string;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const maxSize = formatBytes(FILE_UPLOAD_MAX_BYTES, i18n.language);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploadError(null);
    // The server refuses larger files too (413); telling at once saves a long upload.
    if (file.size > FILE_UPLOAD_MAX_BYTES) {
      setUploadError(t('authoring.upload.too_large', { size: maxSize }));
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadFile(file, setProgress);
      onUploaded(stored);
    } catch (failure) {
      const { fields, general } = formErrorsFrom(failure, ['file'], t('authoring.upload.failed'));
      const tooLarge = (failure as { status?: number }).status === 413;
      setUploadError(
        tooLarge ? t('authoring.upload.too_large', { size: maxSize }) : (fields.file ?? general[0] ?? null),
      );
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const shownError = uploadError ?? error;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {current && (
        <p className="text-sm text-slate-700" data-testid="uploaded-file">
          {current.url ? (
            <a href={current.url} target="_blank" rel="noreferrer" className="text-primary-text underline">
              {current.name}
            </a>
          ) : (
            current.name
          )}
          {current.byteSize ? (
            <span className="text-slate-500"> · {formatBytes(current.byteSize, i18n.language)}</span>
          ) : null}
        </p>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        data-field={field}
        disabled={progress !== null}
        onChange={(event) => void choose(event.target.files?.[0])}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
        aria-invalid={shownError ? true : undefined}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {t('authoring.upload.max_size', { size: maxSize })}
      </p>
      {progress !== null && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={t('authoring.upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <span className="text-xs text-slate-600 tabular-nums">{progress}%</span>
        </div>
      )}
      <div aria-live="polite">
        <FieldError id={`${id}-error`}>{shownError}</FieldError>
      </div>
    </div>
  );
}
