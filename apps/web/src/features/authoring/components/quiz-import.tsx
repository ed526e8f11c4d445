/**
 * Quiz import (quiz-import feature): GIFT or CSV text, or QTI (an XML item or test, or a zip
 * package), pasted or read from a file; a dry run checks it, the import adds every question or, when
 * any line or item is wrong, none and a report per line or item. QTI items of other kinds are listed
 * as skipped. The quiz downloads as a QTI 3.0 package.
 */
import { useId, useState, type ChangeEvent } from 'react';
import { QUIZ_IMPORT_FORMATS, type QuizImportFormat } from '@leerpad/core';
import { Button } from '../../../components/button';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useImportQuestions, type QuizImportResult } from '../../../lib/resources/quiz-questions';
import { API_BASE } from '../../../lib/api/client';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { lineErrorsFrom, type LineError } from '../server-errors';
import { controlClasses } from '../../../components/form/fields';
import { SelectField } from '../../../components/form/controls';

type Skipped = QuizImportResult['skipped'];

type Outcome =
  | { kind: 'checked'; valid: number; skipped: Skipped }
  | { kind: 'imported'; imported: number; skipped: Skipped }
  | { kind: 'lines'; errors: LineError[] }
  | { kind: 'failed'; message: string }
  | null;

export function QuizImport({ objectId }: { objectId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const importQuestions = useImportQuestions(objectId);
  const [format, setFormat] = useState<QuizImportFormat>('gift');
  const [text, setText] = useState('');
  /** A QTI package read from a zip file: its name and its bytes as base64. */
  const [zip, setZip] = useState<{ name: string; base64: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [running, setRunning] = useState<'check' | 'import' | null>(null);

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setOutcome(null);
    if (/\.zip$/i.test(file.name)) {
      setFormat('qti');
      setText('');
      setZip({ name: file.name, base64: await base64Of(file) });
      return;
    }
    setZip(null);
    if (/\.csv$/i.test(file.name)) setFormat('csv');
    else if (/\.(gift|txt)$/i.test(file.name)) setFormat('gift');
    else if (/\.xml$/i.test(file.name)) setFormat('qti');
    setText(await file.text());
  };

  const run = async (dryRun: boolean) => {
    if (text.trim() === '' && !zip) {
      setOutcome({ kind: 'failed', message: t('authoring.import.empty') });
      return;
    }
    setRunning(dryRun ? 'check' : 'import');
    setOutcome(null);
    try {
      const result = await importQuestions.mutateAsync(
        zip ? { format: 'qti', package: zip.base64, dryRun } : { format, text, dryRun },
      );
      if (dryRun) setOutcome({ kind: 'checked', valid: result.valid ?? 0, skipped: result.skipped });
      else {
        setOutcome({ kind: 'imported', imported: result.imported, skipped: result.skipped });
        setText('');
        setZip(null);
      }
    } catch (failure) {
      const lines = lineErrorsFrom(failure);
      setOutcome(
        lines.length > 0
          ? { kind: 'lines', errors: lines }
          : {
              kind: 'failed',
              message: formErrorsFrom(failure, [], t('forms.default_error')).general.join('\n'),
            },
      );
    } finally {
      setRunning(null);
    }
  };

  const finished = outcome?.kind === 'checked' || outcome?.kind === 'imported';

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="border-t border-slate-200 pt-6"
      data-testid="quiz-import"
    >
      <h3 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {t('authoring.import.title')}
      </h3>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('authoring.import.description')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('authoring.import.format')}
          value={format}
          onValueChange={(value) => setFormat(value as QuizImportFormat)}
          options={QUIZ_IMPORT_FORMATS.map((value) => ({
            value,
            label: t(`authoring.import.formats.${value}`),
          }))}
          hint={t(`authoring.import.${format}_hint`)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-800">
            {t('authoring.import.file')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".gift,.txt,.csv,.xml,.zip,text/plain,text/csv,text/xml,application/xml,application/zip"
            onChange={(event) => void readFile(event)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
          />
        </div>
      </div>
      <div className="mt-4 flex flex-col gap-1.5">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-slate-800">
          {t('authoring.import.text')}
        </label>
        {zip && (
          <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="import-package">
            {t('authoring.import.package', { name: zip.name })}
            <Button size="sm" variant="ghost" onClick={() => setZip(null)}>
              {t('authoring.import.clear_package')}
            </Button>
          </p>
        )}
        <textarea
          id={`${id}-text`}
          value={text}
          disabled={zip !== null}
          onChange={(event) => {
            setText(event.target.value);
            setOutcome(null);
          }}
          rows={8}
          spellCheck={false}
          aria-describedby={outcome?.kind === 'lines' ? `${id}-lines` : undefined}
          aria-invalid={outcome?.kind === 'lines' ? true : undefined}
          className={`${controlClasses} border-slate-300 font-mono text-sm`}
          placeholder={
            format === 'gift'
              ? '::Q1:: 2 + 2 = {=4 ~3 ~5}'
              : format === 'csv'
                ? 'type,question,options,correct,feedback,points'
                : '<assessmentItem …>'
          }
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => void run(true)}
          loading={running === 'check'}
          disabled={running !== null}
        >
          {t('authoring.import.check')}
        </Button>
        <Button onClick={() => void run(false)} loading={running === 'import'} disabled={running !== null}>
          {t('authoring.import.run')}
        </Button>
        <a
          href={`${API_BASE}/v1/learning_objects/${objectId}/qti`}
          download
          className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-primary-text underline-offset-2 hover:underline"
          data-testid="export-qti"
        >
          {t('authoring.import.export_qti')}
        </a>
      </div>

      {(running || finished) && (
        <div className="mt-4 flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={t('authoring.import.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={running ? undefined : 100}
            aria-valuetext={running ? t('authoring.import.running') : t('authoring.import.done')}
            className="relative h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
            data-testid="import-progress"
          >
            <div
              className={`absolute inset-y-0 left-0 rounded-full bg-primary ${
                running ? 'w-full animate-pulse opacity-70' : 'w-full'
              }`}
            />
          </div>
          <span className="text-xs text-slate-600">
            {running ? t('authoring.import.running') : t('authoring.import.done')}
          </span>
        </div>
      )}

      <div aria-live="polite" className="mt-3">
        {outcome?.kind === 'checked' && (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {t('authoring.import.valid', { count: outcome.valid })}
          </p>
        )}
        {(outcome?.kind === 'checked' || outcome?.kind === 'imported') && outcome.skipped.length > 0 && (
          <div
            className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            data-testid="import-skipped"
          >
            <p className="font-semibold">
              {t('authoring.import.skipped', { count: outcome.skipped.length })}
            </p>
            <ul className="mt-2 flex flex-col gap-1">
              {outcome.skipped.map((item) => (
                <li key={`${item.file}-${item.item}`}>
                  <span className="font-mono font-semibold">
                    {t('authoring.import.item', { item: item.item })}
                  </span>{' '}
                  {item.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {outcome?.kind === 'imported' && (
          <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
            {t('authoring.import.imported', { count: outcome.imported })}
          </p>
        )}
        {outcome?.kind === 'failed' && (
          <p
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm whitespace-pre-line text-red-800"
          >
            {outcome.message}
          </p>
        )}
        {outcome?.kind === 'lines' && (
          <div
            id={`${id}-lines`}
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            data-testid="import-line-errors"
          >
            <p className="font-semibold">
              {t(
                outcome.errors.some((error) => error.item !== null)
                  ? 'authoring.import.nothing_imported_items'
                  : 'authoring.import.nothing_imported',
                { count: outcome.errors.length },
              )}
            </p>
            <ul className="mt-2 flex flex-col gap-1">
              {outcome.errors.map((error) => (
                <li key={`${error.item ?? error.line}-${error.detail}`}>
                  <span className="font-mono font-semibold">
                    {error.item !== null
                      ? t('authoring.import.item', { item: error.item })
                      : t('authoring.import.line', { line: error.line })}
                  </span>{' '}
                  {error.detail}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}

/** A file's bytes as base64, for a package sent in the import's JSON. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}
