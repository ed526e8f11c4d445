/**
 * A quiz's question pool: single choice, multiple choice and open answer questions with their
 * options (correct or not, with feedback), accepted answers, general feedback and points.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { QUESTION_MAX_OPTIONS, QUESTION_MAX_POINTS, QUESTION_TYPES, type QuestionType } from '@leerpad/core';
import { Button } from '../../../components/button';
import { controlClasses, FieldError, FormMessage, TextAreaField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { Loading } from '../../../components/loading';
import { useTranslation } from '../../../lib/i18n/i18n';
import { firstErrorDetail } from '../../../lib/api/client';
import {
  type QuestionOption,
  questionsQuery,
  type QuizQuestion,
  useDeleteQuestion,
  useSaveQuestion,
} from '../../../lib/resources/quiz-questions';
import { NO_ERRORS, formErrorsFrom, type FormErrors } from '../../../components/form/server-errors';
import { CheckIcon } from '../../../components/icons';
import { PencilIcon, PlusIcon, TrashIcon } from '../../../components/authoring-icons';
import { NumberField, SelectField, numberOrNull } from '../../../components/form/controls';
import { FormActions } from '../../../components/form/form-actions';
import { Form } from '../../../components/form/form';

const FIELDS = ['kind', 'prompt', 'options', 'acceptedAnswers', 'feedback', 'points'];

export function QuestionPool({ objectId }: { objectId: string }) {
  const { t } = useTranslation();
  const questions = useQuery(questionsQuery(objectId));
  const remove = useDeleteQuestion(objectId);
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  return (
    <section aria-labelledby="question-pool-heading" data-testid="question-pool">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 border-t border-slate-200 pt-6">
        <h3 id="question-pool-heading" className="text-lg font-semibold text-slate-900">
          {t('authoring.questions.title')}
        </h3>
        {questions.data && (
          <p className="text-sm text-slate-600">
            {t('authoring.questions.count', { count: questions.data.length })}
          </p>
        )}
      </div>
      {questions.isPending ? (
        <Loading />
      ) : questions.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {firstErrorDetail(questions.error) ?? t('forms.default_error')}
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {questions.data.length === 0 && editing !== 'new' && (
            <li className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
              {t('authoring.questions.empty')}
            </li>
          )}
          {questions.data.map((question, index) =>
            editing === question.id ? (
              <li key={question.id}>
                <QuestionForm objectId={objectId} question={question} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li
                key={question.id}
                className="rounded-xl border border-slate-200 bg-white p-4"
                data-testid="quiz-question"
              >
                <div className="flex items-start gap-3">
                  <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700">
                    {index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium whitespace-pre-line text-slate-900">{question.prompt}</p>
                    <p className="mt-0.5 text-xs text-slate-600">
                      {t(`authoring.question_types.${question.kind}`)} ·{' '}
                      {t('authoring.questions.points', { count: question.points })}
                    </p>
                    {question.kind === 'open_answer' ? (
                      <p className="mt-2 text-sm text-slate-700">
                        {t('authoring.questions.accepted')}: {question.acceptedAnswers.join(' · ')}
                      </p>
                    ) : (
                      <ul className="mt-2 flex flex-col gap-1 text-sm">
                        {question.options.map((option, at) => (
                          <li
                            key={option.id ?? option.text}
                            className={`flex items-center gap-1.5 ${option.correct ? 'font-medium text-emerald-800' : 'text-slate-700'}`}
                          >
                            {question.kind === 'ordering' ? (
                              <span className="inline-block w-3.5 text-xs font-semibold">{at + 1}.</span>
                            ) : option.correct ? (
                              <CheckIcon size={14} />
                            ) : (
                              <span className="inline-block size-3.5" aria-hidden="true" />
                            )}
                            {option.text}
                            {option.correct && (
                              <span className="sr-only">({t('authoring.questions.correct')})</span>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing(question.id)}
                      aria-label={t('authoring.questions.edit', { number: index + 1 })}
                    >
                      <PencilIcon size={16} />
                    </Button>
                    {confirming === question.id ? (
                      <Button
                        size="sm"
                        variant="danger"
                        loading={remove.isPending}
                        onClick={() => remove.mutate(question.id, { onSettled: () => setConfirming(null) })}
                      >
                        {t('authoring.questions.confirm_delete')}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="ghost"
                        onClick={() => setConfirming(question.id)}
                        aria-label={t('authoring.questions.delete', { number: index + 1 })}
                      >
                        <TrashIcon size={16} />
                      </Button>
                    )}
                  </div>
                </div>
              </li>
            ),
          )}
          {editing === 'new' && (
            <li>
              <QuestionForm objectId={objectId} question={null} onDone={() => setEditing(null)} />
            </li>
          )}
        </ol>
      )}
      {editing !== 'new' && (
        <Button
          variant="secondary"
          className="mt-3"
          onClick={() => setEditing('new')}
          data-testid="add-question"
        >
          <PlusIcon size={16} />
          {t('authoring.questions.add')}
        </Button>
      )}
    </section>
  );
}

interface QuestionValues {
  kind: QuestionType;
  prompt: string;
  points: string;
  options: QuestionOption[];
  acceptedAnswers: string;
  feedback: string;
}

const emptyOption = (): QuestionOption => ({ text: '', correct: false, feedback: '' });

function QuestionForm({
  objectId,
  question,
  onDone,
}: {
  objectId: string;
  question: QuizQuestion | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const save = useSaveQuestion(objectId);
  const [values, setValues] = useState<QuestionValues>(() => ({
    kind: question?.kind ?? 'single_choice',
    prompt: question?.prompt ?? '',
    points: String(question?.points ?? 1),
    options: question?.options.length
      ? question.options.map((option) => ({ ...option, feedback: option.feedback ?? '' }))
      : [emptyOption(), emptyOption()],
    acceptedAnswers: (question?.acceptedAnswers ?? []).join('\n'),
    feedback: question?.feedback ?? '',
  }));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  const set = <K extends keyof QuestionValues>(name: K, value: QuestionValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) =>
      current.fields[name] ? { ...current, fields: { ...current.fields, [name]: '' } } : current,
    );
  };

  const setOption = (index: number, change: Partial<QuestionOption>) => {
    const options = values.options.map((option, at) => {
      if (at === index) return { ...option, ...change };
      // A single choice question has one correct option: choosing one clears the others.
      if (change.correct && values.kind === 'single_choice') return { ...option, correct: false };
      return option;
    });
    set('options', options);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const choice = values.kind !== 'open_answer';
    setErrors(NO_ERRORS);
    try {
      await save.mutateAsync({
        questionId: question?.id ?? null,
        input: {
          kind: values.kind,
          prompt: values.prompt,
          points: numberOrNull(values.points) ?? 1,
          feedback: values.feedback,
          options: choice
            ? values.options.map((option) => ({
                ...(option.id ? { id: option.id } : {}),
                text: option.text,
                correct: option.correct,
                feedback: option.feedback ?? '',
              }))
            : [],
          acceptedAnswers: choice
            ? []
            : values.acceptedAnswers
                .split('\n')
                .map((answer) => answer.trim())
                .filter(Boolean),
        },
      });
      onDone();
    } catch (failure) {
      setErrors(formErrorsFrom(failure, FIELDS, t('forms.default_error')));
    }
  };

  const choice = values.kind !== 'open_answer';
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-primary/40 bg-slate-50 p-4"
      aria-label={question ? t('authoring.questions.edit_form') : t('authoring.questions.new_form')}
      data-testid="question-form"
    >
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <SelectField
          label={t('authoring.questions.type')}
          value={values.kind}
          onValueChange={(value) => set('kind', value as QuestionType)}
          error={errors.fields.kind || undefined}
          options={QUESTION_TYPES.map((type) => ({
            value: type,
            label: t(`authoring.question_types.${type}`),
          }))}
        />
        <NumberField
          label={t('authoring.questions.points_label')}
          min={1}
          max={QUESTION_MAX_POINTS}
          value={values.points}
          onValueChange={(value) => set('points', value)}
          error={errors.fields.points || undefined}
        />
      </div>
      <TextAreaField
        {...fieldProps(errors, 'prompt', values.prompt, (value) => set('prompt', value))}
        label={t('authoring.questions.prompt')}
        rows={2}
      />
      {choice ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {values.kind === 'single_choice'
              ? t('authoring.questions.options_single')
              : values.kind === 'ordering'
                ? t('authoring.questions.options_ordering')
                : t('authoring.questions.options_multiple')}
          </legend>
          {values.options.map((option, index) => (
            <div
              key={index}
              className="grid gap-2 rounded-lg border border-slate-200 bg-white p-2 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-center"
            >
              {values.kind === 'ordering' ? (
                <span className="w-6 text-sm font-semibold text-slate-700" aria-hidden="true">
                  {index + 1}.
                </span>
              ) : (
                <label className="flex items-center gap-1.5 text-sm text-slate-700">
                  <input
                    type={values.kind === 'single_choice' ? 'radio' : 'checkbox'}
                    name={`${formId}-correct`}
                    checked={option.correct}
                    onChange={(event) => setOption(index, { correct: event.target.checked })}
                    className="size-4 accent-primary"
                  />
                  {t('authoring.questions.correct')}
                  <span className="sr-only">({t('authoring.questions.option', { number: index + 1 })})</span>
                </label>
              )}
              <input
                value={option.text}
                onChange={(event) => setOption(index, { text: event.target.value })}
                aria-label={t('authoring.questions.option', { number: index + 1 })}
                placeholder={t('authoring.questions.option', { number: index + 1 })}
                className={`${controlClasses} h-9 border-slate-300 text-sm`}
              />
              <input
                value={option.feedback ?? ''}
                onChange={(event) => setOption(index, { feedback: event.target.value })}
                aria-label={t('authoring.questions.option_feedback', { number: index + 1 })}
                placeholder={t('authoring.questions.option_feedback_placeholder')}
                className={`${controlClasses} h-9 border-slate-300 text-sm`}
              />
              <Button
                size="sm"
                variant="ghost"
                disabled={values.options.length <= 2}
                onClick={() =>
                  set(
                    'options',
                    values.options.filter((_, at) => at !== index),
                  )
                }
                aria-label={t('authoring.questions.remove_option', { number: index + 1 })}
              >
                <TrashIcon size={16} />
              </Button>
            </div>
          ))}
          <div>
            <Button
              size="sm"
              variant="ghost"
              disabled={values.options.length >= QUESTION_MAX_OPTIONS}
              onClick={() => set('options', [...values.options, emptyOption()])}
            >
              <PlusIcon size={16} />
              {t('authoring.questions.add_option')}
            </Button>
          </div>
          <FieldError>{errors.fields.options}</FieldError>
        </fieldset>
      ) : (
        <TextAreaField
          {...fieldProps(errors, 'acceptedAnswers', values.acceptedAnswers, (value) =>
            set('acceptedAnswers', value),
          )}
          label={t('authoring.questions.accepted_answers')}
          hint={t('authoring.questions.accepted_answers_hint')}
          rows={3}
        />
      )}
      <TextAreaField
        {...fieldProps(errors, 'feedback', values.feedback, (value) => set('feedback', value))}
        label={t('authoring.questions.feedback')}
        hint={t('authoring.questions.feedback_hint')}
        rows={2}
      />
      <FormActions
        onCancel={onDone}
        cancelLabel={t('authoring.actions.cancel')}
        submitLabel={t('authoring.questions.save')}
        pending={save.isPending}
        submitTestId="save-question"
      />
    </Form>
  );
}
