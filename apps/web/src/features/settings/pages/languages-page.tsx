/**
 * /admin/settings/languages: which of en, nl and ro the portal offers and which is primary, and an
 * editor for the portal's translation overrides (SPEC §3 `overrides`): search a key, edit its text
 * with a live preview, import or export JSON, save. An override must keep the {{placeholders}} of
 * the English original; the page checks before saving and the server refuses it too.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { LANGUAGES, type JsonApiError, type Locale } from '@leerpad/core';
import { Button, buttonClasses } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { pointerSegments } from '../../../components/form/row-errors';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { FormMessage, SearchInput, TextAreaField } from '../../../components/form/fields';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { isApiError, apiErrorText } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  portalLanguagesQuery,
  useDisableLanguage,
  useEnableLanguage,
  useUpdateLanguage,
  type PortalLanguageRow,
} from '../../../lib/resources/portal-languages';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { Switch } from '../components/switch';
import { loadAllTexts, overridesOf, parseOverridesFile, placeholderMismatch } from '../lib/texts';

const SHOWN_KEYS = 50;

export function LanguagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.languages.title'));
  const { portal } = useSession();
  const portalId = portal?.id ?? '';
  const languages = useQuery({ ...portalLanguagesQuery(portalId), enabled: Boolean(portalId) });

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <PageHeader
        title={t('settings.languages.title')}
        description={t('settings.languages.description', { portal: portal?.name ?? '' })}
      />
      {languages.isPending ? (
        <Loading />
      ) : languages.isError ? (
        <ErrorBlock
          kind={errorKindOf(languages.error)}
          asPage={false}
          onRetry={() => void languages.refetch()}
        />
      ) : (
        <>
          <EnabledLanguages portalId={portalId} rows={languages.data} />
          <OverrideEditor portalId={portalId} rows={languages.data} />
        </>
      )}
    </div>
  );
}

function EnabledLanguages({ portalId, rows }: { portalId: string; rows: PortalLanguageRow[] }) {
  const { t } = useTranslation();
  const enable = useEnableLanguage(portalId);
  const disable = useDisableLanguage(portalId);
  const update = useUpdateLanguage(portalId);
  const busy = enable.isPending || disable.isPending || update.isPending;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900">
        {t('settings.languages.enabled_title')}
      </h2>
      <ul
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        data-testid="portal-languages"
      >
        {LANGUAGES.map((locale) => {
          const row = rows.find((one) => one.locale === locale);
          const name = t(`language.names.${locale}`);
          return (
            <li
              key={locale}
              className="flex flex-wrap items-center justify-between gap-4 p-4"
              data-testid={`portal-language-${locale}`}
            >
              <div>
                <p className="font-medium text-slate-900">{name}</p>
                <p className="text-sm text-slate-600">
                  {row?.isPrimary
                    ? t('settings.languages.primary')
                    : row
                      ? t('settings.languages.enabled')
                      : t('settings.languages.disabled')}
                </p>
              </div>
              <div className="flex items-center gap-4">
                {row && !row.isPrimary && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    onClick={() =>
                      update.mutate(
                        { id: row.id, input: { isPrimary: true } },
                        {
                          onSuccess: () =>
                            showToast({
                              kind: 'success',
                              message: t('settings.languages.primary_saved', { name }),
                            }),
                          onError: (error) =>
                            showToast({
                              kind: 'error',
                              message:
                                apiErrorText(isApiError(error) ? error.errors[0] : undefined) ??
                                t('settings.languages.save_failed'),
                            }),
                        },
                      )
                    }
                  >
                    {t('settings.languages.make_primary', { name })}
                  </Button>
                )}
                <Switch
                  label={t('settings.languages.offer', { name })}
                  checked={Boolean(row)}
                  busy={busy || Boolean(row?.isPrimary)}
                  onCheckedChange={(checked) => {
                    if (checked) enable.mutate(locale);
                    else if (row) disable.mutate(row.id);
                  }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-sm text-slate-600">{t('settings.languages.primary_hint')}</p>
    </section>
  );
}

/** A text with its placeholders filled by their names, as the preview shows it. */
function previewOf(text: string) {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => `‹${name}›`);
}

/** The translation key a refusal at /overrides/<locale>/<key> is about; null for any other pointer. */
const overrideKeyOf = (locale: string) => (error: JsonApiError) => {
  const [list, at, ...key] = pointerSegments(error.source?.pointer);
  return list === 'overrides' && at === locale && key.length > 0 ? key.join('/') : null;
};

function OverrideEditor({ portalId, rows }: { portalId: string; rows: PortalLanguageRow[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const selectId = useId();
  const [locale, setLocale] = useState<Locale>(
    (rows.find((row) => row.isPrimary)?.locale as Locale | undefined) ?? 'nl',
  );
  const row = rows.find((one) => one.locale === locale) ?? rows[0];
  const savedJson = row?.overrides;
  const savedLocale = row?.locale ?? locale;
  const saved = useMemo(() => overridesOf(savedJson, savedLocale), [savedJson, savedLocale]);
  const [draft, setDraft] = useState<Record<string, string>>(saved);
  useEffect(() => setDraft(saved), [saved]);
  const english = useQuery({
    queryKey: ['all-texts', 'en'],
    queryFn: () => loadAllTexts('en'),
    staleTime: Infinity,
  });
  const local = useQuery({
    queryKey: ['all-texts', row?.locale ?? locale],
    queryFn: () => loadAllTexts((row?.locale ?? locale) as Locale),
    staleTime: Infinity,
  });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const update = useUpdateLanguage(portalId);

  if (!row) return null;
  const originals = english.data;
  const needle = search.trim().toLowerCase();
  const matches = originals
    ? [...originals.keys()].filter(
        (key) =>
          !needle ||
          key.toLowerCase().includes(needle) ||
          originals.get(key)!.toLowerCase().includes(needle) ||
          (local.data?.get(key) ?? '').toLowerCase().includes(needle) ||
          (draft[key] ?? '').toLowerCase().includes(needle),
      )
    : [];
  const overridden = Object.keys(draft).sort();
  const problems = Object.fromEntries(
    Object.entries(draft).flatMap(([key, text]) => {
      const original = originals?.get(key);
      if (original === undefined) return originals ? [[key, t('settings.languages.unknown_key')]] : [];
      if (!text.trim()) return [[key, t('settings.languages.empty_text')]];
      const { missing, extra } = placeholderMismatch(original, text);
      if (missing.length === 0 && extra.length === 0) return [];
      return [
        [
          key,
          t('settings.languages.placeholder_mismatch', {
            expected: placeholdersList(original),
          }),
        ],
      ];
    }),
  );
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);

  const save = () => {
    setServerErrors({});
    setGeneral([]);
    if (Object.keys(problems).length > 0) {
      setGeneral([t('settings.languages.fix_first')]);
      return;
    }
    update.mutate(
      {
        id: row.id,
        input: { overrides: JSON.stringify(Object.keys(draft).length ? { [row.locale]: draft } : {}) },
      },
      {
        onSuccess: () => showToast({ kind: 'success', message: t('settings.languages.overrides_saved') }),
        onError: (error) => {
          // A refused text is named by its translation key: /overrides/<locale>/<key>.
          const { fields, general } = formErrorsFrom(
            error,
            overrideKeyOf(row.locale),
            t('settings.languages.save_failed'),
          );
          setServerErrors(fields);
          setGeneral(general);
        },
      },
    );
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const parsed = parseOverridesFile(await file.text(), row.locale);
    if (!parsed) {
      setGeneral([t('settings.languages.import_invalid')]);
      return;
    }
    setGeneral([]);
    setDraft((current) => ({ ...current, ...parsed }));
    showToast({
      kind: 'success',
      message: t('settings.languages.imported', { count: Object.keys(parsed).length }),
    });
  };

  const exportHref = `data:application/json;charset=utf-8,${encodeURIComponent(
    JSON.stringify({ [row.locale]: draft }, null, 2) + '\n',
  )}`;
  const current = selected ? (draft[selected] ?? local.data?.get(selected) ?? '') : '';

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('settings.languages.overrides_title')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.languages.overrides_description')}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
              {t('settings.languages.edit_language')}
            </label>
            <select
              id={selectId}
              value={row.locale}
              data-testid="override-language"
              onChange={(event) => {
                setLocale(event.target.value as Locale);
                setSelected(null);
                setServerErrors({});
                setGeneral([]);
              }}
              className="h-11 rounded-lg border border-slate-300 bg-white px-3"
            >
              {rows.map((one) => (
                <option key={one.id} value={one.locale}>
                  {t(`language.names.${one.locale}`)}
                </option>
              ))}
            </select>
          </div>
          <label
            className={`${buttonClasses('secondary', 'md')} cursor-pointer focus-within:outline-2 focus-within:outline-teal-700`}
          >
            {t('settings.languages.import')}
            <input
              type="file"
              accept="application/json,.json"
              className="sr-only"
              onChange={(event) => void importFile(event)}
              data-testid="override-import"
            />
          </label>
          <a
            href={exportHref}
            download={`overrides-${row.locale}.json`}
            className={buttonClasses('secondary', 'md')}
            data-testid="override-export"
          >
            {t('settings.languages.export')}
          </a>
        </div>
      </div>

      {general.map((message) => (
        <FormMessage key={message} kind="error">
          {message}
        </FormMessage>
      ))}

      {overridden.length > 0 && (
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <h3 className="mb-2 font-medium text-slate-900">
            {t('settings.languages.current_overrides', { count: overridden.length })}
          </h3>
          <ul className="flex flex-col gap-2" data-testid="override-list">
            {overridden.map((key) => (
              <li key={key} className="flex flex-wrap items-start justify-between gap-2 text-sm">
                <div className="min-w-0">
                  <button
                    type="button"
                    className="font-mono text-primary-text underline"
                    onClick={() => setSelected(key)}
                  >
                    {key}
                  </button>
                  <p className="text-slate-800">{draft[key]}</p>
                  {(problems[key] ?? serverErrors[key]) && (
                    <p className="text-red-700" role="alert">
                      {problems[key] ?? serverErrors[key]}
                    </p>
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setDraft((all) => {
                      const next = { ...all };
                      delete next[key];
                      return next;
                    })
                  }
                >
                  {t('settings.languages.remove_override')}
                  <span className="sr-only">: {key}</span>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-2">
          <SearchInput
            aria-label={t('settings.languages.search')}
            placeholder={t('settings.languages.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            data-testid="override-search"
          />
          {english.isPending || local.isPending ? (
            <Loading />
          ) : (
            <>
              <p className="text-sm text-slate-600" aria-live="polite">
                {t('settings.languages.matches', { count: matches.length })}
              </p>
              <ul
                className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200 bg-white"
                data-testid="override-keys"
              >
                {matches.slice(0, SHOWN_KEYS).map((key) => (
                  <li key={key}>
                    <button
                      type="button"
                      aria-pressed={selected === key}
                      onClick={() => setSelected(key)}
                      className={`block w-full px-3 py-2 text-left text-sm hover:bg-slate-50 ${selected === key ? 'bg-teal-50' : ''}`}
                    >
                      <span className="block font-mono text-xs text-slate-600">{key}</span>
                      <span className="block text-slate-900">
                        {draft[key] ?? local.data?.get(key) ?? originals?.get(key)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <div
          className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
          data-testid="override-editor"
        >
          {selected && originals ? (
            <>
              <p className="font-mono text-xs text-slate-600">{selected}</p>
              <dl className="text-sm">
                <dt className="font-medium text-slate-700">{t('settings.languages.original')}</dt>
                <dd className="mb-2 text-slate-900">{originals.get(selected)}</dd>
                {row.locale !== 'en' && (
                  <>
                    <dt className="font-medium text-slate-700">
                      {t('settings.languages.standard', { name: t(`language.names.${row.locale}`) })}
                    </dt>
                    <dd className="text-slate-900">{local.data?.get(selected)}</dd>
                  </>
                )}
              </dl>
              <TextAreaField
                name="override"
                label={t('settings.languages.override_label')}
                value={current}
                rows={3}
                error={problems[selected] ?? serverErrors[selected]}
                hint={t('settings.languages.placeholders_hint', {
                  expected: placeholdersList(originals.get(selected) ?? ''),
                })}
                onValueChange={(value) => setDraft((all) => ({ ...all, [selected]: value }))}
              />
              <div>
                <p className="text-sm font-medium text-slate-700">{t('settings.languages.preview')}</p>
                <p
                  className="mt-1 rounded-lg bg-slate-50 p-3 text-slate-900"
                  data-testid="override-preview"
                  aria-live="polite"
                >
                  {previewOf(current)}
                </p>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">{t('settings.languages.pick_key')}</p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={save} disabled={update.isPending || !dirty} data-testid="override-save">
          {t('settings.languages.save_overrides')}
        </Button>
        {dirty && <p className="text-sm text-slate-600">{t('settings.languages.unsaved')}</p>}
      </div>
    </section>
  );
}

function placeholdersList(text: string) {
  const names = [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => `{{${match[1]}}}`))];
  return names.length ? names.join(', ') : '—';
}
