/**
 * The course of a cmi5 learning object: what is there (title, AUs), and an import of cmi5.xml or a
 * zip that replaces it, with the upload's progress and then the server's checks. A refused course
 * is told in the server's words (the problem and the line of cmi5.xml); nothing is kept.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { SCORM_PACKAGE_MAX_BYTES } from '@leerpad/core';
import { FieldError } from '../../../components/form/fields';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { Button } from '../../../components/button';
import { isApiError } from '../../../lib/api/client';
import { formatBytes } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { cmi5Keys, cmi5PackageQuery, uploadCmi5Package } from '../../../lib/resources/cmi5';
import { showToast } from '../../../lib/toasts/toasts';

export function Cmi5CourseImport({ objectId }: { objectId: string }) {
  useNamespace('upload');
  const { t, i18n } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const current = useQuery(cmi5PackageQuery(objectId));
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => upload.current?.abort(), []);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > SCORM_PACKAGE_MAX_BYTES) {
      setError(t('upload.too_large', { size: formatBytes(SCORM_PACKAGE_MAX_BYTES, i18n.language) }));
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    try {
      const saved = await uploadCmi5Package(objectId, file, setProgress, controller.signal);
      queryClient.setQueryData(cmi5Keys.package(objectId), saved);
      await queryClient.invalidateQueries({ queryKey: cmi5Keys.all });
      showToast({ kind: 'success', message: t('authoring.cmi5.uploaded', { title: saved.title }) });
    } catch (failure) {
      if ((failure as { name?: string }).name === 'AbortError') return;
      if (isApiError(failure) && failure.status === 413 && failure.errors[0]?.code === 'QUOTA_EXCEEDED')
        setError(t('upload.quota_exceeded'));
      else {
        const { fields, general } = formErrorsFrom(failure, ['file'], t('upload.failed'));
        setError(fields.file ?? general[0] ?? t('upload.failed'));
      }
    } finally {
      upload.current = null;
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const pkg = current.data;
  const unpacking = progress !== null && progress >= 100;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3" data-testid="cmi5-course">
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t('authoring.cmi5.heading')}
      </h3>
      {pkg ? (
        <div
          className="rounded-lg border border-slate-200 px-3 py-2 text-sm"
          data-testid="cmi5-course-current"
        >
          <p className="font-medium text-slate-900">
            {t('authoring.cmi5.current', { title: pkg.title, count: pkg.aus.length })}
          </p>
          <p className="text-slate-600">
            {pkg.fileName} · {formatBytes(pkg.byteSize, i18n.language)}
          </p>
          <ul className="mt-1 list-disc ps-5 text-slate-700" data-testid="cmi5-course-aus">
            {pkg.aus.map((au) => (
              <li key={au.id}>
                {au.title} · {au.moveOn}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        !current.isPending && <p className="text-sm text-slate-600">{t('authoring.cmi5.none')}</p>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {pkg ? t('authoring.cmi5.replace_label') : t('authoring.cmi5.upload_label')}
        </label>
        <input
          ref={input}
          id={id}
          type="file"
          accept=".zip,.xml,application/zip,application/xml,text/xml"
          data-field="file"
          disabled={progress !== null}
          onChange={(event) => void choose(event.target.files?.[0])}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {pkg ? t('authoring.cmi5.replace_hint') : ''}{' '}
          {t('upload.max_size', { size: formatBytes(SCORM_PACKAGE_MAX_BYTES, i18n.language) })}
        </p>
      </div>
      {progress !== null && (
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={unpacking ? t('authoring.cmi5.unpacking') : t('authoring.cmi5.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={unpacking ? undefined : progress}
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
            data-testid="cmi5-upload-progress"
          >
            <div
              className={`h-full bg-primary transition-[width] ${unpacking ? 'animate-pulse' : ''}`}
              style={{ width: `${progress}%` }}
            />
          </div>
          <span className="text-xs text-slate-600 tabular-nums">
            {unpacking ? t('authoring.cmi5.unpacking') : `${progress}%`}
          </span>
          {!unpacking && (
            <Button variant="ghost" size="sm" onClick={() => upload.current?.abort()}>
              {t('upload.cancel')}
            </Button>
          )}
        </div>
      )}
      <div aria-live="polite">
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    </section>
  );
}
