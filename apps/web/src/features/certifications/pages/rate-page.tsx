/**
 * /rate?token=… (guests): the item someone was asked to give feedback on and a rubric, 1 to 5 per
 * criterion plus a comment. A forged, used or expired link gets its own clear page.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextAreaField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { GuestFiles } from '../components/guest-files';
import { HtmlContent } from '../../../components/html-content';
import { Loading } from '../../../components/loading';
import { isApiError } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { feedbackFormQuery, useSubmitRating, type FeedbackForm } from '../../../lib/resources/portfolio';
import { usePageTitle } from '../../../lib/use-page-title';
import { Form } from '../../../components/form/form';

type LinkProblem = 'unknown' | 'used' | 'expired';

function problemOf(error: unknown): LinkProblem | null {
  if (!isApiError(error)) return null;
  if (error.code === 'RATING_LINK_USED') return 'used';
  if (error.code === 'RATING_LINK_EXPIRED') return 'expired';
  if (error.code === 'RATING_LINK_UNKNOWN' || error.status === 404) return 'unknown';
  return null;
}

function LinkPage({ problem }: { problem: LinkProblem | 'thanks' }) {
  const { t } = useTranslation();
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-8 text-center"
      data-testid="rate-state"
      data-state={problem}
      role="status"
    >
      <h1 className="text-2xl font-semibold text-slate-900">{t(`portfolio.rate.${problem}_title`)}</h1>
      <p className="mt-2 text-slate-700">{t(`portfolio.rate.${problem}_description`)}</p>
    </div>
  );
}

function RatingForm({ token, form, onDone }: { token: string; form: FeedbackForm; onDone: () => void }) {
  const { t } = useTranslation();
  const submit = useSubmitRating(token);
  const [scores, setScores] = useState<Array<number | null>>(form.criteria.map(() => null));
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [missing, setMissing] = useState(false);
  const [problem, setProblem] = useState<LinkProblem | null>(null);
  if (problem) return <LinkPage problem={problem} />;
  const send = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    if (scores.some((score) => score === null)) {
      setMissing(true);
      return;
    }
    setMissing(false);
    submit.mutate(
      { scores: scores as number[], comment: comment.trim() || null },
      {
        onSuccess: onDone,
        onError: (error) => {
          const linkProblem = problemOf(error);
          if (linkProblem) setProblem(linkProblem);
          else setErrors(formErrorsFrom(error, ['comment'], t('portfolio.rate.failed')));
        },
      },
    );
  };
  return (
    <Form onSubmit={send} noValidate className="flex flex-col gap-5" data-testid="rating-form">
      {form.criteria.map((criterion, index) => (
        <fieldset key={criterion} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-medium text-slate-900">{criterion}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {[1, 2, 3, 4, 5].map((value) => (
              <label key={value} className="flex items-center gap-2 text-slate-800">
                <input
                  type="radio"
                  name={`criterion-${index}`}
                  value={value}
                  checked={scores[index] === value}
                  onChange={() =>
                    setScores((current) => current.map((score, at) => (at === index ? value : score)))
                  }
                  className="size-5"
                />
                <span>{t('portfolio.rate.score_label', { score: value })}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <TextAreaField
        {...fieldProps(errors, 'comment', comment, setComment)}
        label={t('portfolio.rate.comment')}
        rows={4}
        maxLength={5000}
      />
      {missing && <FormMessage kind="error">{t('portfolio.rate.missing')}</FormMessage>}
      {errors.general.map((text) => (
        <FormMessage key={text} kind="error">
          {text}
        </FormMessage>
      ))}
      <div>
        <Button type="submit" disabled={submit.isPending}>
          {t('portfolio.rate.submit')}
        </Button>
      </div>
    </Form>
  );
}

export function RatePage() {
  useNamespace('portfolio');
  const { t } = useTranslation();
  usePageTitle(t('portfolio.rate.title'));
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const form = useQuery(feedbackFormQuery(token));
  const [done, setDone] = useState(false);
  let content;
  if (done) content = <LinkPage problem="thanks" />;
  else if (token === '') content = <LinkPage problem="unknown" />;
  else if (form.isPending) content = <Loading />;
  else if (form.isError) {
    const problem = problemOf(form.error);
    content = problem ? (
      <LinkPage problem={problem} />
    ) : (
      <ErrorBlock kind={errorKindOf(form.error)} onRetry={() => void form.refetch()} />
    );
  } else {
    const data = form.data;
    content = (
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-2xl font-semibold text-slate-900">{t('portfolio.rate.title')}</h1>
          <p className="mt-1 text-slate-700">
            {t('portfolio.rate.intro', {
              name: data.raterName,
              student: data.studentName,
              portal: data.portalName,
            })}
          </p>
          {data.message && <p className="mt-2 whitespace-pre-line text-slate-700 italic">{data.message}</p>}
        </header>
        <section
          aria-labelledby="rate-item"
          className="rounded-2xl border border-slate-200 bg-white p-5"
          data-testid="rate-item"
        >
          <p className="text-xs font-semibold tracking-wide text-primary-text uppercase">
            {t(`portfolio.kind.${data.item.kind}`)}
          </p>
          <h2 id="rate-item" className="text-lg font-semibold text-slate-900">
            {data.item.title}
          </h2>
          <HtmlContent html={data.item.body} className="mt-2" />
          {data.item.url && (
            <p className="mt-2">
              <a
                href={data.item.url}
                rel="noopener noreferrer"
                target="_blank"
                className="text-primary-text underline"
              >
                {data.item.url}
              </a>
            </p>
          )}
          {data.item.courseTitle && <p className="mt-2 text-slate-700">{data.item.courseTitle}</p>}
          <GuestFiles files={data.item.files} testId="rate-files" />
        </section>
        <section aria-labelledby="rate-form-heading">
          <h2 id="rate-form-heading" className="mb-3 text-lg font-semibold text-slate-900">
            {t('portfolio.rate.form_heading')}
          </h2>
          <RatingForm token={token} form={data} onDone={() => setDone(true)} />
        </section>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl" data-testid="rate-page">
      {content}
    </div>
  );
}
