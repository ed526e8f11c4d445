/**
 * The coach's verdict on a handed-in answer: approve or ask for a revision, an optional grade from
 * 0 to 100 and feedback for the students. Server refusals (422) appear at their fields.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { ANSWER_REVIEW_OUTCOMES, type AnswerReviewOutcome } from '@leerpad/core';
import { Button } from '../../../components/button';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { AlertIcon } from '../../../components/icons';
import { useTranslation } from '../../../lib/i18n/i18n';
import { ANSWER_GRADE_MAX, type ReviewInput } from '../../../lib/resources/answers';
import { Form } from '../../../components/form/form';

type Field = 'outcome' | 'grade' | 'feedback';
export type ReviewErrors = Partial<Record<Field, string>> & { general?: string };

const REVIEW_FIELDS: readonly Field[] = ['outcome', 'grade', 'feedback'];

/** 422 pointers ('/grade', '/data/attributes/feedback') onto the form's fields; the rest is general. */
export function reviewErrorsFrom(error: unknown, fallback: string): ReviewErrors {
  const { fields, general } = formErrorsFrom(error, REVIEW_FIELDS, fallback);
  return { ...fields, ...(general.length > 0 ? { general: general.join('\n') } : {}) };
}

/** A grade as typed: '' is no grade; anything but a whole number from 0 to 100 is refused. */
export function parseGrade(value: string): number | null | 'invalid' {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return 'invalid';
  const grade = Number(trimmed);
  return grade <= ANSWER_GRADE_MAX ? grade : 'invalid';
}

export function ReviewForm({
  saving,
  serverErrors,
  onSubmit,
}: {
  saving: boolean;
  serverErrors: ReviewErrors;
  onSubmit: (input: ReviewInput) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [outcome, setOutcome] = useState<AnswerReviewOutcome | ''>('');
  const [grade, setGrade] = useState('');
  const [feedback, setFeedback] = useState('');
  const [localErrors, setLocalErrors] = useState<ReviewErrors>({});
  const errors = { ...serverErrors, ...localErrors };
  const form = useRef<HTMLFormElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseGrade(grade);
    const next: ReviewErrors = {};
    if (outcome === '') next.outcome = t('review.review.outcome_required');
    if (parsed === 'invalid') next.grade = t('review.review.grade_invalid');
    setLocalErrors(next);
    if (outcome === '' || parsed === 'invalid') {
      form.current
        ?.querySelector<HTMLInputElement>(next.outcome ? 'input[type="radio"]' : 'input[name="grade"]')
        ?.focus();
      return;
    }
    onSubmit({ outcome, grade: parsed, feedback });
  };

  return (
    <Form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-5" data-testid="review-form">
      <fieldset
        aria-describedby={errors.outcome ? `${id}-outcome-error` : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('review.review.outcome')}</legend>
        {ANSWER_REVIEW_OUTCOMES.map((value) => (
          <label
            key={value}
            htmlFor={`${id}-outcome-${value}`}
            className={`flex cursor-pointer gap-3 rounded-xl border p-3 ${
              outcome === value ? 'border-primary bg-primary-soft' : 'border-slate-200 bg-white'
            }`}
          >
            <input
              id={`${id}-outcome-${value}`}
              type="radio"
              name={`${id}-outcome`}
              value={value}
              checked={outcome === value}
              onChange={() => {
                setOutcome(value);
                setLocalErrors((current) => ({ ...current, outcome: undefined }));
              }}
              aria-invalid={errors.outcome ? true : undefined}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-medium text-slate-900">{t(`review.review.outcomes.${value}`)}</span>
              <span className="text-sm text-slate-600">{t(`review.review.outcome_hints.${value}`)}</span>
            </span>
          </label>
        ))}
        {errors.outcome && (
          <p id={`${id}-outcome-error`} className="flex items-center gap-1 text-sm text-red-700">
            <AlertIcon size={14} className="shrink-0" />
            {errors.outcome}
          </p>
        )}
      </fieldset>
      <TextField
        name="grade"
        label={t('review.review.grade')}
        value={grade}
        onValueChange={(value) => {
          setGrade(value);
          setLocalErrors((current) => ({ ...current, grade: undefined }));
        }}
        inputMode="numeric"
        autoComplete="off"
        error={errors.grade}
        className="max-w-40"
      />
      <TextAreaField
        name="feedback"
        label={t('review.review.feedback')}
        hint={t('review.review.feedback_hint')}
        value={feedback}
        onValueChange={setFeedback}
        error={errors.feedback}
        rows={5}
      />
      {errors.general && <FormMessage kind="error">{errors.general}</FormMessage>}
      <div>
        <Button type="submit" loading={saving} data-testid="save-review">
          {t('review.review.save')}
        </Button>
      </div>
    </Form>
  );
}
