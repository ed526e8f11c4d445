/**
 * /coach/courses/answers/:answerId: one handed-in answer — the assignment and course, the student
 * and any group members, the text and file — with the review form while it waits for review, or the
 * verdict once reviewed. Saving returns to the queue the coach came from.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useCrumbLabel } from '../../../components/breadcrumbs';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage } from '../../../components/form/fields';
import { ChevronLeftIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { isApiError } from '../../../lib/api/client';
import { formatDateTime, formatRelativeDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { type Answer, answerQuery, type ReviewInput, useReviewAnswer } from '../../../lib/resources/answers';
import { AnswerStatusBadge } from '../components/answer-status-badge';
import { AnswerText } from '../components/answer-text';
import { EarlierAnswers } from '../components/earlier-answers';
import { ReviewForm, reviewErrorsFrom, type ReviewErrors } from '../components/review-form';
import { ReviewResult } from '../components/review-result';
import { QUEUE_PATH } from './review-queue-page';

function useQueueHref(): string {
  const { state } = useLocation() as { state: { queueSearch?: unknown } | null };
  const search = typeof state?.queueSearch === 'string' ? state.queueSearch : '';
  return search ? `${QUEUE_PATH}?${search}` : QUEUE_PATH;
}

export function AnswerReviewPage() {
  const { t } = useTranslation();
  const { answerId = '' } = useParams();
  const valid = /^\d+$/.test(answerId);
  const answer = useQuery({ ...answerQuery(answerId), enabled: valid });
  useCrumbLabel(`${QUEUE_PATH}/answers`, t('review.answer.crumb'));
  useCrumbLabel(
    `${QUEUE_PATH}/answers/${answerId}`,
    !valid || answer.isError
      ? answerId
      : answer.data
        ? (answer.data.learningObject?.title ?? t('review.answer.unknown_assignment'))
        : null,
  );

  if (!valid) return <ErrorBlock kind="not_found" />;
  if (answer.isPending) return <Loading />;
  if (answer.isError)
    return <ErrorBlock kind={errorKindOf(answer.error)} onRetry={() => void answer.refetch()} />;
  return <AnswerReview answer={answer.data} />;
}

function AnswerReview({ answer }: { answer: Answer }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queueHref = useQueueHref();
  const review = useReviewAnswer(answer.id);
  const [serverErrors, setServerErrors] = useState<ReviewErrors>({});
  const [conflict, setConflict] = useState(false);
  const title = answer.learningObject?.title ?? t('review.answer.unknown_assignment');
  const student = answer.account?.fullName ?? t('review.answer.unknown_student');
  const others = (answer.members ?? []).filter((member) => member.id !== answer.account?.id);
  usePageTitle(`${title} · ${student}`);

  const save = (input: ReviewInput) => {
    setServerErrors({});
    setConflict(false);
    review.mutate(input, {
      onSuccess: () => {
        showToast({ kind: 'success', messageKey: 'review.review.saved' });
        void navigate(queueHref);
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setConflict(true);
        else setServerErrors(reviewErrorsFrom(error, t('forms.default_error')));
      },
    });
  };

  return (
    <div className="max-w-6xl" data-testid="answer-review">
      <Link
        to={queueHref}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-primary-text hover:underline"
      >
        <ChevronLeftIcon size={16} />
        {t('review.answer.back')}
      </Link>
      <PageHeader
        title={title}
        description={
          answer.course?.title ? t('review.answer.in_course', { course: answer.course.title }) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-600">{t('review.answer.student')}</dt>
                <dd className="text-base font-semibold text-slate-900" data-testid="answer-student">
                  {student}
                </dd>
              </div>
              {others.length > 0 && (
                <div>
                  <dt className="font-medium text-slate-600">{t('review.answer.members')}</dt>
                  <dd data-testid="answer-members">
                    <ul>
                      {others.map((member) => (
                        <li key={member.id} className="text-slate-900">
                          {member.fullName ?? member.id}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </div>
              )}
            </dl>
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-slate-700">
              <AnswerStatusBadge status={answer.status} />
              {answer.submittedAt && (
                <time dateTime={answer.submittedAt} title={formatDateTime(answer.submittedAt, i18n.language)}>
                  {t('review.answer.submitted_at', {
                    when: formatRelativeDate(answer.submittedAt, i18n.language),
                  })}
                </time>
              )}
            </p>
          </section>
          <section
            aria-labelledby="answer-text-heading"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h2 id="answer-text-heading" className="mb-3 text-lg font-semibold text-slate-900">
              {t('review.answer.text')}
            </h2>
            <AnswerText html={answer.text} empty={t('review.answer.no_text')} />
            {answer.file?.url && (
              <div className="mt-4 border-t border-slate-100 pt-4 text-sm">
                <p className="font-medium text-slate-600">{t('review.answer.file')}</p>
                <a
                  href={answer.file.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary-text underline"
                  data-testid="answer-file"
                >
                  {answer.file.name ?? answer.file.url}
                </a>
              </div>
            )}
          </section>
          {answer.learningObject?.id && answer.account?.id && (
            <EarlierAnswers
              answerId={answer.id}
              learningObjectId={answer.learningObject.id}
              accountId={answer.account.id}
            />
          )}
        </div>
        <section
          aria-labelledby="review-heading"
          className="h-fit rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="review-heading" className="mb-4 text-lg font-semibold text-slate-900">
            {answer.status === 'submitted' ? t('review.review.title') : t('review.result.title')}
          </h2>
          {conflict && (
            <div className="mb-4">
              <FormMessage kind="error">{t('review.review.conflict')}</FormMessage>
            </div>
          )}
          {answer.status === 'submitted' ? (
            <ReviewForm saving={review.isPending} serverErrors={serverErrors} onSubmit={save} />
          ) : (
            <ReviewResult answer={answer} />
          )}
        </section>
      </div>
    </div>
  );
}
