/**
 * A theme colour as people set it (the branding page, the new-portal wizard): a picker and its #rrggbb
 * text kept in step, and the live WCAG AA warnings of `themeContrastProblems` in the server's own
 * words, so what the form warns about is exactly what the server refuses (decision 058).
 */
import { useId } from 'react';
import { errorText, HEX_COLOUR, themeContrastProblems } from '@leerpad/core';
import { i18n, useTranslation } from '../../lib/i18n/i18n';
import { FieldError, controlClasses } from './fields';

/** The texts of a theme's failing colour pairs, in the interface language (the server's own words). */
export function contrastWarnings(primaryColor: string): Array<{ field: string; text: string }> {
  return themeContrastProblems({
    primaryColor: HEX_COLOUR.test(primaryColor) ? primaryColor : null,
  }).map((problem) => ({
    field: 'theme.primaryColor',
    text:
      errorText(
        {
          code: 'THEME_CONTRAST',
          meta: {
            rule: problem.pair,
            colour: problem.colour,
            ratio: problem.ratio,
            required: problem.required,
          },
        },
        i18n.language,
      ) ?? '',
  }));
}

/** The live list of failing pairs (a polite status region, empty while the colours read well). */
export function ContrastWarnings({ primaryColor }: { primaryColor: string }) {
  const { t } = useTranslation();
  const warnings = contrastWarnings(primaryColor);
  return (
    <div role="status" aria-live="polite" data-testid="contrast-warnings">
      {warnings.length > 0 && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">{t('forms.colour.contrast_title')}</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((warning) => (
              <li key={warning.text}>{warning.text}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** A colour picker and its #rrggbb text, kept in step; the text field is the labelled control. */
export function ColourField({
  field,
  label,
  hint,
  value,
  onChange,
  error,
  fallback,
}: {
  field: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** The colour an empty field stands for (the default theme's): the picker shows it. */
  fallback?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const valid = HEX_COLOUR.test(value);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t('forms.colour.pick', { field: label })}
          value={valid ? value.toLowerCase() : (fallback ?? '#000000')}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          data-testid={`${field}-picker`}
        />
        <input
          id={id}
          name={field}
          data-field={field}
          value={value}
          onChange={(event) => onChange(event.target.value.trim())}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          spellCheck={false}
          maxLength={7}
          placeholder={fallback}
          className={`${controlClasses} h-11 font-mono ${error ? 'border-red-600' : 'border-slate-300'}`}
        />
      </div>
      {!error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
