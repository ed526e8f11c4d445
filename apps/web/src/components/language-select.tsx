import { useId } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import type { Locale } from '@leerpad/core';
import { GlobeIcon } from './icons';

/** A compact language picker; language names are written in their own language. */
export function LanguageSelect({
  locales,
  value,
  onChange,
}: {
  locales: readonly Locale[];
  value: string;
  onChange: (locale: Locale) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (locales.length < 2) return null;
  return (
    <div className="relative flex items-center">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <GlobeIcon size={16} className="pointer-events-none absolute left-2.5 text-slate-600" />
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Locale)}
        className="h-9 appearance-none rounded-lg border border-slate-300 bg-white pr-3 pl-8 text-sm text-slate-800 hover:bg-slate-50"
        data-testid="language-select"
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {t(`language.names.${locale}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
