/**
 * /admin/settings/feedback-rubric: the criteria a workplace trainer scores from 1 to 5 behind a /rate
 * link. Staff name each criterion in every portal language, add, remove and reorder them (1 to 10).
 * Requests already sent keep the criteria they were sent with.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextField } from '../../../components/form/fields';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { rowFields } from '../../../components/form/row-errors';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  rubricQuery,
  useSaveRubric,
  type PortfolioRubric,
  type RubricLocale,
} from '../../../lib/resources/portfolio';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { Form } from '../../../components/form/form';

const MAX_CRITERIA = 10;

interface Row {
  key: number;
  names: Partial<Record<RubricLocale, string>>;
}

export function FeedbackRubricPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.feedback_rubric.title'));
  const rubric = useQuery(rubricQuery);
  return (
    <div className="mx-auto max-w-3xl" data-page="feedback-rubric">
      <PageHeader
        title={t('settings.feedback_rubric.title')}
        description={t('settings.feedback_rubric.description')}
      />
      {rubric.isPending ? (
        <Loading />
      ) : rubric.isError ? (
        <ErrorBlock kind={errorKindOf(rubric.error)} asPage={false} onRetry={() => void rubric.refetch()} />
      ) : (
        <RubricForm rubric={rubric.data} />
      )}
    </div>
  );
}

function RubricForm({ rubric }: { rubric: PortfolioRubric }) {
  const { t } = useTranslation();
  const save = useSaveRubric();
  const nextKey = useRef(rubric.criteria.length);
  const [rows, setRows] = useState<Row[]>(() =>
    rubric.criteria.map((criterion, index) => ({ key: index, names: { ...criterion.names } })),
  );
  const [errors, setErrors] = useState<{ fields: Record<string, string>; general: string[] }>({
    fields: {},
    general: [],
  });
  const list = useRef<HTMLOListElement>(null);

  /** After a move or removal the keyboard stays where it was: on the same control of the moved row. */
  const focusLater = (selector: string) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(selector)?.focus());

  const rename = (key: number, locale: RubricLocale, value: string) =>
    setRows((current) =>
      current.map((row) => (row.key === key ? { ...row, names: { ...row.names, [locale]: value } } : row)),
    );
  const move = (index: number, by: -1 | 1, direction: 'up' | 'down') => {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    const moved = rows[index]!;
    setRows((current) => {
      const copy = [...current];
      copy.splice(index, 1);
      copy.splice(target, 0, moved);
      return copy;
    });
    const atEdge =
      (direction === 'up' && target === 0) || (direction === 'down' && target === rows.length - 1);
    focusLater(
      `[data-row="${moved.key}"] [data-action="${atEdge ? (direction === 'up' ? 'down' : 'up') : direction}"]`,
    );
  };
  const remove = (index: number) => {
    setRows((current) => current.filter((_, position) => position !== index));
    focusLater(`[data-row]:nth-child(${Math.min(index, rows.length - 2) + 1}) input`);
  };
  const add = () => {
    const key = nextKey.current++;
    setRows((current) => [...current, { key, names: {} }]);
    focusLater(`[data-row="${key}"] input`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {}, general: [] });
    save.mutate(
      rows.map((row) => ({
        names: Object.fromEntries(
          rubric.languages.map((locale) => [locale, (row.names[locale] ?? '').trim()]),
        ),
      })),
      {
        onSuccess: () => showToast({ kind: 'success', message: t('settings.feedback_rubric.saved') }),
        onError: (failure) => {
          const found = formErrorsFrom(failure, rowFields('criteria.*.names.*'), t('forms.default_error'));
          setErrors(found);
          const first = Object.keys(found.fields)[0];
          if (first) {
            const [, index, , locale] = first.split('.');
            focusLater(`[data-row]:nth-child(${Number(index) + 1}) input[data-locale="${locale}"]`);
          }
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} noValidate className="grid gap-4" data-testid="rubric-form">
      {!rubric.customised && (
        <p className="text-sm text-slate-700">{t('settings.feedback_rubric.default_note')}</p>
      )}
      <ol ref={list} className="grid gap-4" aria-label={t('settings.feedback_rubric.criteria')}>
        {rows.map((row, index) => (
          <li
            key={row.key}
            data-row={row.key}
            data-testid="rubric-criterion"
            className="rounded-xl border border-slate-200 bg-white p-4"
          >
            <fieldset className="grid gap-3">
              <legend className="mb-1 font-semibold text-slate-900">
                {t('settings.feedback_rubric.criterion', { number: index + 1 })}
              </legend>
              {rubric.languages.map((locale) => (
                <TextField
                  key={locale}
                  name={`criteria.${index}.${locale}`}
                  data-locale={locale}
                  label={t('settings.feedback_rubric.name_in', { language: t(`language.names.${locale}`) })}
                  lang={locale}
                  value={row.names[locale] ?? ''}
                  onValueChange={(value) => rename(row.key, locale, value)}
                  error={errors.fields[`criteria.${index}.names.${locale}`]}
                  maxLength={120}
                  required
                />
              ))}
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  data-action="up"
                  disabled={index === 0}
                  onClick={() => move(index, -1, 'up')}
                  aria-label={t('settings.feedback_rubric.move_up', { number: index + 1 })}
                >
                  {t('settings.feedback_rubric.up')}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  data-action="down"
                  disabled={index === rows.length - 1}
                  onClick={() => move(index, 1, 'down')}
                  aria-label={t('settings.feedback_rubric.move_down', { number: index + 1 })}
                >
                  {t('settings.feedback_rubric.down')}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  disabled={rows.length <= 1}
                  onClick={() => remove(index)}
                  aria-label={t('settings.feedback_rubric.remove_label', { number: index + 1 })}
                >
                  {t('settings.feedback_rubric.remove')}
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={add} disabled={rows.length >= MAX_CRITERIA}>
          {t('settings.feedback_rubric.add')}
        </Button>
        <span className="text-sm text-slate-600">
          {t('settings.feedback_rubric.limit', { shown: rows.length, max: MAX_CRITERIA })}
        </span>
      </div>
      <div aria-live="polite">
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('settings.feedback_rubric.save')}
        </Button>
      </div>
    </Form>
  );
}
