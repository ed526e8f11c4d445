/**
 * The CSV import of accounts: pick a file, see its first rows, map its columns, choose the mode,
 * then follow the server's real progress and read the report of bad lines or the counts.
 */
import { parseCsv } from '@leerpad/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScrollRegion } from '../../../components/scroll-region';
import { API_BASE } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { usePageTitle } from '../../../lib/use-page-title';

const FIELDS = ['email', 'full_name', 'roles', 'locale'] as const;
const ALIASES: Record<(typeof FIELDS)[number], string[]> = {
  email: ['email', 'e-mail', 'email_address', 'e-mailadres', 'emailadres', 'mail'],
  full_name: ['full_name', 'name', 'full name', 'naam', 'volledige naam', 'nume', 'nume complet'],
  roles: ['roles', 'role', 'rol', 'rollen', 'roluri'],
  locale: ['locale', 'language', 'taal', 'limba', 'limbă'],
};

interface ImportState {
  id: string;
  status: 'queued' | 'validating' | 'importing' | 'inviting' | 'failed' | 'completed';
  total_rows: number;
  rows_done: number;
  created_count: number;
  updated_count: number;
  errors: Array<{ line: number; column: string | null; reason: string }>;
}

export function AccountImportPage() {
  useNamespace('accounts');
  const { t } = useTranslation();
  usePageTitle(t('accounts.import.title'));
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [table, setTable] = useState<{ header: string[]; rows: string[][]; count: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [mode, setMode] = useState<'create' | 'update' | 'upsert'>('create');
  const [state, setState] = useState<ImportState | null>(null);

  async function choose(chosen: File | null) {
    setFile(chosen);
    setState(null);
    setProblem(null);
    setTable(null);
    if (!chosen) return;
    const bytes = await chosen.arrayBuffer();
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      setProblem(t('accounts.import.not_utf8'));
      return;
    }
    const parsed = parseCsv(text);
    if (parsed.header.length === 0 || parsed.rows.length === 0) {
      setProblem(t('accounts.import.no_header'));
      return;
    }
    const header = parsed.header.map((name) => name.trim());
    setTable({ header, rows: parsed.rows.slice(0, 5).map((row) => row.cells), count: parsed.rows.length });
    const matched: Record<string, string> = {};
    for (const field of FIELDS) {
      matched[field] = header.find((name) => ALIASES[field].includes(name.toLowerCase())) ?? '';
    }
    setMapping(matched);
  }

  async function start() {
    if (!file) return;
    const body = new FormData();
    body.append('mode', mode);
    body.append('mapping', JSON.stringify(mapping));
    body.append('file', file);
    setProblem(null);
    const response = await fetch(`${API_BASE}/v1/account_imports`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/vnd.api+json', 'X-Requested-With': 'XMLHttpRequest' },
      body,
    });
    const payload = (await response.json()) as {
      data?: { id: string; attributes: Omit<ImportState, 'id'> };
      errors?: Array<{ detail?: string }>;
    };
    if (!response.ok || !payload.data) {
      setProblem(payload.errors?.map((error) => error.detail).join(' ') ?? String(response.status));
      return;
    }
    setState({ id: payload.data.id, ...payload.data.attributes });
  }

  const running = state !== null && state.status !== 'completed' && state.status !== 'failed';
  useEffect(() => {
    if (!running || !state) return;
    const timer = window.setTimeout(async () => {
      const response = await fetch(`${API_BASE}/v1/account_imports/${state.id}`, {
        credentials: 'include',
        headers: { Accept: 'application/vnd.api+json', 'X-Requested-With': 'XMLHttpRequest' },
      });
      if (!response.ok) return;
      const payload = (await response.json()) as {
        data: { id: string; attributes: Omit<ImportState, 'id'> };
      };
      setState({ id: payload.data.id, ...payload.data.attributes });
      if (payload.data.attributes.status === 'completed') {
        await queryClient.invalidateQueries({ queryKey: ['accounts'] });
      }
    }, 300);
    return () => window.clearTimeout(timer);
  }, [running, state, queryClient]);

  return (
    <div className="space-y-6">
      <PageHeader title={t('accounts.import.title')} description={t('accounts.import.description')} />
      <div className="space-y-2">
        <label htmlFor="import-file" className="block font-medium">
          {t('accounts.import.file')}
        </label>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          data-testid="import-file"
          onChange={(event) => void choose(event.target.files?.[0] ?? null)}
        />
      </div>
      {problem && (
        <p role="alert" className="text-red-800">
          {problem}
        </p>
      )}
      {table && (
        <>
          <ScrollRegion label={t('accounts.import.preview_caption', { name: file?.name ?? '' })}>
            <table className="min-w-full text-sm">
              <caption className="text-left font-medium">
                {t('accounts.import.preview_caption', { name: file?.name ?? '' })} ·{' '}
                {t('accounts.import.rows', { count: table.count })}
              </caption>
              <thead>
                <tr>
                  {table.header.map((name, index) => (
                    <th key={index} scope="col" className="px-2 py-1 text-left">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((cells, row) => (
                  <tr key={row}>
                    {cells.map((cell, index) => (
                      <td key={index} className="px-2 py-1">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <fieldset className="space-y-2">
            <legend className="font-medium">{t('accounts.import.mapping')}</legend>
            {FIELDS.map((field) => (
              <div key={field} className="flex items-center gap-2">
                <label htmlFor={`map-${field}`} className="w-32">
                  {field}
                </label>
                <select
                  id={`map-${field}`}
                  value={mapping[field] ?? ''}
                  onChange={(event) => setMapping({ ...mapping, [field]: event.target.value })}
                  className="rounded border px-2 py-1"
                >
                  <option value="">{t('accounts.import.not_mapped')}</option>
                  {table.header.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="font-medium">{t('accounts.import.mode')}</legend>
            {(['create', 'update', 'upsert'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="import-mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {t(`accounts.import.modes.${value}`)}
              </label>
            ))}
          </fieldset>
          <button
            type="button"
            className="rounded bg-blue-700 px-4 py-2 text-white disabled:opacity-50"
            disabled={running}
            onClick={() => void start()}
            data-testid="start-import"
          >
            {t('accounts.import.start')}
          </button>
        </>
      )}
      {state && (
        <section aria-live="polite" className="space-y-3" data-testid="import-result">
          <p>{t(`accounts.import.status.${state.status}`)}</p>
          <progress
            aria-label={t('accounts.import.progress_label')}
            max={Math.max(1, state.total_rows)}
            value={state.rows_done}
            className="w-full"
          />
          <p>{t('accounts.import.progress', { done: state.rows_done, total: state.total_rows })}</p>
          {state.status === 'completed' && (
            <p>
              {t('accounts.import.completed', { created: state.created_count, updated: state.updated_count })}
            </p>
          )}
          {state.status === 'failed' && (
            <>
              <p role="alert">{t('accounts.import.failed', { count: state.errors.length })}</p>
              <table className="min-w-full text-sm" data-testid="import-report">
                <caption className="text-left font-medium">{t('accounts.import.report_caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className="px-2 py-1 text-left">
                      {t('accounts.import.line')}
                    </th>
                    <th scope="col" className="px-2 py-1 text-left">
                      {t('accounts.import.column')}
                    </th>
                    <th scope="col" className="px-2 py-1 text-left">
                      {t('accounts.import.reason')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {state.errors.map((error, index) => (
                    <tr key={index}>
                      <td className="px-2 py-1">{error.line}</td>
                      <td className="px-2 py-1">{error.column ?? ''}</td>
                      <td className="px-2 py-1">{error.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      )}
      <Link to="/admin/accounts" className="underline">
        {t('accounts.import.back')}
      </Link>
    </div>
  );
}
