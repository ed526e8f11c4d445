/**
 * Quiz: the summary (pass mark, attempts left, best score), start or resume an attempt, answers
 * saved as the student goes, submit, then the score, pass or fail and feedback per question.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QUIZ_DEADLINE_GRACE_SECONDS } from '@leerpad/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { AlertIcon, CheckIcon, CloseIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { firstErrorDetail, isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/i18n';
import { focusTarget } from '../../../lib/page-focus';
import type { LearningObject } from '../../../lib/resources/learning-objects';
import {
  type AttemptQuestion,
  type QuizAttempt,
  quizAttemptKeys,
  quizAttemptsQuery,
  type QuizResponse,
  type QuizSummary,
  useSaveQuizResponses,
  useStartQuizAttempt,
  useSubmitQuizAttempt,
} from '../../../lib/resources/quiz-attempts';
import { Form } from '../../../components/form/form';

/** Typing in an open answer is saved this long after the last key. */
const OPEN_ANSWER_SAVE_DELAY_MS = 600;

type Responses = Record<string, QuizResponse>;
type SaveState = 'idle' | 'saving' | 'saved' | 'error';

function responsesFrom(attempt: QuizAttempt): Responses {
  return Object.fromEntries(attempt.responses.map((response) => [response.questionId, response]));
}

function isAnswered(response: QuizResponse | undefined): boolean {
  if (!response) return false;
  return (response.optionIds?.length ?? 0) > 0 || (response.text ?? '').trim() !== '';
}

/** 75 → "1:15", 3,700 → "1:01:40". */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The time left by the server's deadline. Once it and the grace have passed, the server hands the
 * attempt in on the next read, so the attempts are read again to show the result.
 */
function TimeLeft({ deadlineAt, learningObjectId }: { deadlineAt: string; learningObjectId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deadline = Date.parse(deadlineAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const handedIn = deadline + (QUIZ_DEADLINE_GRACE_SECONDS + 2) * 1000;
  useEffect(() => {
    const reread = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: quizAttemptKeys.ofQuiz(learningObjectId) }),
      Math.max(0, handedIn - Date.now()),
    );
    return () => clearTimeout(reread);
  }, [handedIn, learningObjectId, queryClient]);
  const left = (deadline - now) / 1000;
  if (left <= 0)
    return (
      <p
        role="alert"
        className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        {t('learning.quiz.time_up')}
      </p>
    );
  return (
    // Kept in sight, below the fixed header, while the student scrolls through the questions.
    <p
      role="timer"
      className="sticky top-16 z-10 border-b border-slate-100 bg-white py-2 text-sm font-medium text-slate-700"
      data-testid="quiz-time-left"
    >
      {t('learning.quiz.time_left', { time: clock(left) })}
    </p>
  );
}

function Question({
  question,
  index,
  count,
  response,
  onChange,
  disabled,
}: {
  question: AttemptQuestion;
  index: number;
  count: number;
  response: QuizResponse | undefined;
  onChange: (response: QuizResponse, immediate: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const name = `question-${question.id}`;
  const selected = response?.optionIds ?? [];
  const hint =
    question.type === 'multiple_choice'
      ? t('learning.quiz.choose_multiple')
      : question.type === 'single_choice'
        ? t('learning.quiz.choose_single')
        : question.type === 'ordering'
          ? t('learning.quiz.put_in_order')
          : null;

  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" data-testid="quiz-question">
      <legend className="px-1 text-sm font-medium text-slate-600">
        {t('learning.quiz.question_of', { number: index + 1, count })}
      </legend>
      <p className="font-medium text-slate-900" id={`${name}-prompt`}>
        {question.prompt}
      </p>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      {question.type === 'ordering' ? (
        <OrderingAnswer question={question} response={response} onChange={onChange} disabled={disabled} />
      ) : question.type === 'open_answer' ? (
        <div className="mt-3">
          <label htmlFor={`${name}-text`} className="sr-only">
            {t('learning.quiz.your_answer')}
          </label>
          <input
            id={`${name}-text`}
            type="text"
            value={response?.text ?? ''}
            disabled={disabled}
            aria-describedby={`${name}-prompt`}
            placeholder={t('learning.quiz.your_answer')}
            onChange={(event) => onChange({ questionId: question.id, text: event.target.value }, false)}
            className="block h-11 w-full max-w-md rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
          />
        </div>
      ) : (
        <ul className="mt-3 flex flex-col gap-2">
          {question.options.map((option) => {
            const checked = selected.includes(option.id);
            const multiple = question.type === 'multiple_choice';
            return (
              <li key={option.id}>
                <label
                  className={`flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-slate-800 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${
                    checked ? 'border-primary bg-primary-soft' : 'border-slate-200 hover:bg-slate-50'
                  }`}
                >
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={name}
                    value={option.id}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => {
                      const optionIds = multiple
                        ? checked
                          ? selected.filter((id) => id !== option.id)
                          : [...selected, option.id]
                        : [option.id];
                      onChange({ questionId: question.id, optionIds }, true);
                    }}
                    className="size-4 accent-[var(--color-primary)]"
                  />
                  {option.text}
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

/** An ordering question: the options as a list the student reorders with a button per move. */
function OrderingAnswer({
  question,
  response,
  onChange,
  disabled,
}: {
  question: AttemptQuestion;
  response: QuizResponse | undefined;
  onChange: (response: QuizResponse, immediate: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const byId = new Map(question.options.map((option) => [option.id, option]));
  const given = (response?.optionIds ?? []).filter((id) => byId.has(id));
  const order =
    given.length === question.options.length ? given : question.options.map((option) => option.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    [next[index], next[index + by]] = [next[index + by] as string, next[index] as string];
    onChange({ questionId: question.id, optionIds: next }, true);
  };
  return (
    <ol className="mt-3 flex flex-col gap-2" aria-describedby={`question-${question.id}-prompt`}>
      {order.map((id, index) => {
        const text = byId.get(id)?.text ?? '';
        return (
          <li
            key={id}
            className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2 text-slate-800"
            data-testid="ordering-option"
          >
            <span className="w-6 text-right text-sm font-semibold text-slate-600" aria-hidden="true">
              {index + 1}.
            </span>
            <span className="flex-1">{text}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled || index === 0}
              aria-label={t('learning.quiz.move_up', { option: text })}
              onClick={() => move(index, -1)}
            >
              <span aria-hidden="true">↑</span>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled || index === order.length - 1}
              aria-label={t('learning.quiz.move_down', { option: text })}
              onClick={() => move(index, 1)}
            >
              <span aria-hidden="true">↓</span>
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="flex min-h-8 items-center gap-2 text-sm" role="status" data-testid="quiz-save-status">
      {state === 'saving' && <span className="text-slate-600">{t('learning.save_status.saving')}</span>}
      {state === 'saved' && (
        <span className="inline-flex items-center gap-1 text-emerald-800">
          <CheckIcon size={14} />
          {t('learning.quiz.answers_saved')}
        </span>
      )}
      {state === 'error' && (
        <>
          <span className="inline-flex items-center gap-1 text-red-700">
            <AlertIcon size={14} />
            {t('learning.save_status.error')}
          </span>
          <Button variant="ghost" size="sm" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        </>
      )}
    </p>
  );
}

function AttemptForm({
  attempt,
  learningObjectId,
  courseId,
  takeFocus,
}: {
  attempt: QuizAttempt;
  learningObjectId: string;
  courseId: string;
  /** Started just now: the start button is gone, so its focus moves to the first question. */
  takeFocus: boolean;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = form.current?.querySelector<HTMLElement>('input, textarea, button:not([disabled])');
    if (takeFocus && first) focusTarget(first);
    // Only as the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [responses, setResponses] = useState<Responses>(() => responsesFrom(attempt));
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const unsaved = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(responses);
  latest.current = responses;
  const queryClient = useQueryClient();
  const save = useSaveQuizResponses();
  const submit = useSubmitQuizAttempt(learningObjectId, courseId);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const flush = () => {
    clearTimeout(timer.current);
    const ids = [...unsaved.current];
    if (ids.length === 0) return;
    unsaved.current.clear();
    const body = ids
      .map((id) => latest.current[id])
      .filter((response): response is QuizResponse => !!response);
    setSaveState('saving');
    save.mutate(
      { attemptId: attempt.id, responses: body },
      {
        onSuccess: () => setSaveState(unsaved.current.size > 0 ? 'saving' : 'saved'),
        onError: () => {
          ids.forEach((id) => unsaved.current.add(id));
          setSaveState('error');
        },
      },
    );
  };
  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (response: QuizResponse, immediate: boolean) => {
    setResponses((current) => ({ ...current, [response.questionId]: response }));
    latest.current = { ...latest.current, [response.questionId]: response };
    unsaved.current.add(response.questionId);
    clearTimeout(timer.current);
    if (immediate) flushRef.current();
    else timer.current = setTimeout(() => flushRef.current(), OPEN_ANSWER_SAVE_DELAY_MS);
  };

  const answered = attempt.questions.filter((question) => isAnswered(responses[question.id])).length;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    unsaved.current.clear();
    setSubmitError(null);
    submit.mutate(
      { attemptId: attempt.id, responses: Object.values(latest.current) },
      {
        onError: (error) => {
          // Handed in already (another tab, a retried request) or by the server when time ran out:
          // reading the attempts again shows the result.
          if (isApiError(error) && (error.code === 'ATTEMPT_SUBMITTED' || error.code === 'ATTEMPT_TIME_UP'))
            void queryClient.invalidateQueries({ queryKey: quizAttemptKeys.ofQuiz(learningObjectId) });
          setSubmitError(firstErrorDetail(error) ?? t('forms.default_error'));
        },
      },
    );
  };

  return (
    <Form
      ref={form}
      // Answers save as they are given, so leaving loses nothing.
      guard={false}
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label={t('learning.quiz.attempt_label')}
    >
      {attempt.deadlineAt && <TimeLeft deadlineAt={attempt.deadlineAt} learningObjectId={learningObjectId} />}
      {attempt.questions.map((question, index) => (
        <Question
          key={question.id}
          question={question}
          index={index}
          count={attempt.questions.length}
          response={responses[question.id]}
          onChange={change}
          disabled={submit.isPending}
        />
      ))}
      <SaveStatus state={saveState} onRetry={() => flushRef.current()} />
      {submitError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {submitError}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={submit.isPending} data-testid="quiz-submit">
          {t('learning.quiz.submit')}
        </Button>
        <p className="text-sm text-slate-600">
          {t('learning.quiz.answered', { answered, count: attempt.questions.length })}
        </p>
      </div>
    </Form>
  );
}

function SummaryFacts({ summary }: { summary: QuizSummary }) {
  const { t } = useTranslation();
  const facts: Array<[string, string]> = [
    [t('learning.quiz.pass_mark'), `${summary.passMark ?? 0}%`],
    [
      t('learning.quiz.attempts_left'),
      summary.attemptsLeft === null ? t('learning.quiz.unlimited') : String(summary.attemptsLeft),
    ],
    [t('learning.quiz.best_score'), summary.bestPercent === null ? '–' : `${summary.bestPercent}%`],
  ];
  return (
    <dl className="grid grid-cols-3 gap-3" data-testid="quiz-summary">
      {facts.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-slate-50 px-4 py-3">
          <dt className="text-xs font-medium text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AttemptResult({ attempt, focusHeading }: { attempt: QuizAttempt; focusHeading: boolean }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // Handed in just now: the result heading takes the focus the submit button had.
  useEffect(() => {
    if (focusHeading && heading.current) focusTarget(heading.current);
  }, [focusHeading]);
  const responses = responsesFrom(attempt);
  const results = new Map((attempt.results ?? []).map((result) => [result.questionId, result]));
  return (
    <div className="flex flex-col gap-4" data-testid="quiz-result">
      <div
        role="status"
        className={`rounded-xl border px-4 py-3 ${
          attempt.passed
            ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
            : 'border-amber-200 bg-amber-50 text-amber-900'
        }`}
      >
        <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold" data-testid="quiz-result-heading">
          {attempt.passed ? t('learning.quiz.passed') : t('learning.quiz.failed')}
        </h3>
        <p className="text-sm">
          {t('learning.quiz.score', {
            percent: attempt.percent ?? 0,
            score: attempt.score ?? 0,
            max: attempt.maxScore ?? 0,
          })}
        </p>
      </div>
      <h3 className="font-semibold text-slate-900">{t('learning.quiz.review')}</h3>
      <ol className="flex flex-col gap-3">
        {attempt.questions.map((question, index) => {
          const result = results.get(question.id);
          const response = responses[question.id];
          const textOf = (ids: readonly string[] | null | undefined) =>
            (ids ?? []).map((id) => question.options.find((option) => option.id === id)?.text ?? '');
          const ordering = question.type === 'ordering';
          const chosen = ordering
            ? textOf(response?.optionIds)
            : question.options
                .filter((option) => response?.optionIds?.includes(option.id))
                .map((option) => option.text);
          const right = ordering
            ? textOf(result?.correctOptionIds)
            : question.options
                .filter((option) => result?.correctOptionIds?.includes(option.id))
                .map((option) => option.text);
          const separator = ordering ? ' → ' : ', ';
          const given =
            question.type === 'open_answer' ? (response?.text ?? '').trim() : chosen.join(separator);
          const correctAnswer =
            question.type === 'open_answer' ? (result?.acceptedAnswers?.[0] ?? '') : right.join(separator);
          return (
            <li
              key={question.id}
              className={`rounded-xl border p-4 ${result?.correct ? 'border-emerald-200' : 'border-red-200'}`}
              data-testid="quiz-question-result"
            >
              <p className="text-sm font-medium text-slate-600">
                {t('learning.quiz.question_of', { number: index + 1, count: attempt.questions.length })}
              </p>
              <p className="font-medium text-slate-900">{question.prompt}</p>
              <p
                className={`mt-2 inline-flex items-center gap-1 text-sm font-semibold ${
                  result?.correct ? 'text-emerald-800' : 'text-red-700'
                }`}
              >
                {result?.correct ? <CheckIcon size={14} /> : <CloseIcon size={14} />}
                {result?.correct ? t('learning.quiz.correct') : t('learning.quiz.incorrect')}
                <span className="font-normal text-slate-600">
                  ·{' '}
                  {t('learning.quiz.points', {
                    awarded: result?.pointsAwarded ?? 0,
                    points: result?.points ?? 0,
                  })}
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {t('learning.quiz.your_answer')}: {given === '' ? t('learning.quiz.no_answer') : given}
              </p>
              {!result?.correct && correctAnswer && (
                <p className="text-sm text-slate-700">
                  {t('learning.quiz.correct_answer')}: {correctAnswer}
                </p>
              )}
              {(result?.feedback ?? []).map((feedback) => (
                <p key={feedback} className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
                  {feedback}
                </p>
              ))}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function QuizPlayer({
  courseId,
  learningObject,
}: {
  courseId: string;
  learningObject: LearningObject;
}) {
  const { t } = useTranslation();
  const attempts = useQuery(quizAttemptsQuery(learningObject.id));
  const start = useStartQuizAttempt(learningObject.id);
  // The attempt that was running at the last render: once it shows as submitted, it was handed in here.
  const wasRunning = useRef<string | undefined>(undefined);

  if (attempts.isPending) return <Loading />;
  if (attempts.isError)
    return (
      <ErrorBlock kind={errorKindOf(attempts.error)} asPage={false} onRetry={() => void attempts.refetch()} />
    );

  const { summary } = attempts.data;
  const running = attempts.data.attempts.find((attempt) => attempt.status === 'in_progress');
  const lastSubmitted = attempts.data.attempts.find((attempt) => attempt.status === 'submitted');
  const mayStart = summary.attemptsLeft === null || summary.attemptsLeft > 0;
  const handedIn = !running && lastSubmitted !== undefined && wasRunning.current === lastSubmitted.id;
  wasRunning.current = running?.id;

  return (
    <div className="flex flex-col gap-5" data-testid="quiz">
      <SummaryFacts summary={summary} />
      {summary.passed && !running && (
        <p className="inline-flex items-center gap-1.5 font-medium text-emerald-800">
          <CheckIcon size={16} />
          {t('learning.quiz.already_passed')}
        </p>
      )}
      {running ? (
        <AttemptForm
          attempt={running}
          learningObjectId={learningObject.id}
          courseId={courseId}
          takeFocus={start.isSuccess}
        />
      ) : (
        <>
          {lastSubmitted && <AttemptResult attempt={lastSubmitted} focusHeading={handedIn} />}
          <div className="flex flex-wrap items-center gap-3">
            {mayStart ? (
              <Button
                onClick={() => start.mutate()}
                loading={start.isPending}
                variant={summary.passed ? 'secondary' : 'primary'}
                data-testid="quiz-start"
              >
                {lastSubmitted ? t('learning.quiz.new_attempt') : t('learning.quiz.start')}
              </Button>
            ) : (
              <p className="text-sm text-slate-700">{t('learning.quiz.no_attempts_left')}</p>
            )}
            {summary.attemptsLimit !== null && (
              <p className="text-sm text-slate-600">
                {t('learning.quiz.attempts_used', {
                  used: summary.attemptsUsed,
                  limit: summary.attemptsLimit,
                })}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
