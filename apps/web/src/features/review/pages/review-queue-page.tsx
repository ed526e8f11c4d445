/**
 * /coach/courses: the answers students handed in, by status (to review, revision requested,
 * approved) and course, oldest first, so nobody waits longest. Each row opens the answer.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { CheckIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { formatDateTime, formatRelativeDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  type Answer,
  answersQuery,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '../../../lib/resources/answers';
import { courseTitlesQuery } from '../../../lib/resources/courses';
import { AnswerStatusBadge } from '../components/answer-status-badge';
import { TableHead } from '../../../components/table';

export const QUEUE_PATH = '/coach/courses';
export const answerHref = (id: string) => `${QUEUE_PATH}/answers/${id}`;

export function ReviewQueuePage() {
  const { t } = useTranslation();
  usePageTitle(t('review.queue.title'));
  const { searchParams, page, size, update, changePage } = useListAddress();
  const status = (REVIEW_STATUSES as readonly string[]).includes(searchParams.get('status') ?? '')
    ? (searchParams.get('status') as ReviewStatus)
    : 'submitted';
  const course = /^\d+$/.test(searchParams.get('course') ?? '') ? (searchParams.get('course') ?? '') : '';

  const answers = useQuery(answersQuery({ status, course, page, size }));
  const courses = useQuery(courseTitlesQuery);

  return (
    <div data-testid="review-queue" className="max-w-6xl">
      <PageHeader
        title={
          <>
            <span className="block text-sm font-medium tracking-normal text-slate-600">
              {t('review.queue.section')}
            </span>
            {t('review.queue.title')}
          </>
        }
        description={t('review.queue.description')}
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
        <nav aria-label={t('review.queue.tabs')} className="overflow-x-auto">
          <ul className="inline-flex gap-1 rounded-xl bg-slate-200/70 p-1">
            {REVIEW_STATUSES.map((value) => (
              <li key={value}>
                <button
                  type="button"
                  aria-current={status === value ? 'page' : undefined}
                  onClick={() => update({ status: value === 'submitted' ? null : value, page: null })}
                  className={`rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap ${
                    status === value
                      ? 'bg-white text-slate-900 shadow-sm'
                      : 'text-slate-700 hover:text-slate-900'
                  }`}
                  data-testid={`answer-tab-${value}`}
                >
                  {t(`review.queue.tab.${value}`)}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <CourseFilter
          value={course}
          courses={courses.data ?? []}
          onChange={(value) => update({ course: value, page: null })}
        />
      </div>

      {answers.isPending ? (
        <Loading />
      ) : answers.isError ? (
        <ErrorBlock kind={errorKindOf(answers.error)} asPage={false} onRetry={() => void answers.refetch()} />
      ) : answers.data.items.length === 0 ? (
        <EmptyState
          title={t(`review.queue.empty.${status}`)}
          description={course ? t('review.queue.empty_filtered') : t('review.queue.empty_description')}
          icon={<CheckIcon size={24} />}
        />
      ) : (
        <AnswerTable
          answers={answers.data.items}
          busy={answers.isPlaceholderData}
          queueSearch={searchParams.toString()}
        />
      )}
      {answers.data && (
        <Pagination total={answers.data.total} page={page} size={size} onChange={changePage} />
      )}
    </div>
  );
}

function CourseFilter({
  value,
  courses,
  onChange,
}: {
  value: string;
  courses: Array<{ id: string; title: string }>;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  // A course chosen in the address stays selectable while the list loads (or when it is not listed).
  const known = value === '' || courses.some((course) => course.id === value);
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-72">
      <label htmlFor="review-course-filter" className="text-sm font-medium text-slate-800">
        {t('review.queue.filter_course')}
      </label>
      <select
        id="review-course-filter"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900 shadow-sm focus:border-primary focus:outline-2 focus:outline-offset-0 focus:outline-primary"
      >
        <option value="">{t('review.queue.all_courses')}</option>
        {!known && <option value={value}>{value}</option>}
        {courses.map((course) => (
          <option key={course.id} value={course.id}>
            {course.title}
          </option>
        ))}
      </select>
    </div>
  );
}

function AnswerTable({
  answers,
  busy,
  queueSearch,
}: {
  answers: Answer[];
  busy: boolean;
  queueSearch: string;
}) {
  const { t, i18n } = useTranslation();
  const header = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase';
  return (
    <div
      className={`overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm transition-opacity ${
        busy ? 'opacity-60' : ''
      }`}
      aria-busy={busy || undefined}
    >
      <table className="w-full min-w-[44rem] text-sm" data-testid="answer-list">
        <TableHead
          className="border-b border-slate-200 bg-slate-50"
          cellClassName={header}
          columns={[
            t('review.queue.columns.student'),
            t('review.queue.columns.course'),
            t('review.queue.columns.assignment'),
            t('review.queue.columns.submitted'),
            t('review.queue.columns.status'),
          ]}
        />
        <tbody className="divide-y divide-slate-100">
          {answers.map((answer) => {
            const others = (answer.members ?? []).filter((member) => member.id !== answer.account?.id);
            return (
              <tr key={answer.id} className="hover:bg-slate-50" data-testid="answer-row">
                <td className="px-4 py-3 align-top">
                  <span className="font-medium text-slate-900">
                    {answer.account?.fullName ?? t('review.answer.unknown_student')}
                  </span>
                  {others.length > 0 && (
                    <span className="block text-xs text-slate-600">
                      {t('review.queue.with_members', { count: others.length })}
                    </span>
                  )}
                </td>
                <td className="px-4 py-3 align-top text-slate-700">{answer.course?.title}</td>
                <td className="px-4 py-3 align-top">
                  <Link
                    to={answerHref(answer.id)}
                    state={{ queueSearch }}
                    className="font-medium text-primary-text underline-offset-2 hover:underline"
                  >
                    {answer.learningObject?.title ?? t('review.answer.unknown_assignment')}
                  </Link>
                </td>
                <td className="px-4 py-3 align-top whitespace-nowrap text-slate-700">
                  {answer.submittedAt && (
                    <time
                      dateTime={answer.submittedAt}
                      title={formatDateTime(answer.submittedAt, i18n.language)}
                    >
                      {formatRelativeDate(answer.submittedAt, i18n.language)}
                    </time>
                  )}
                </td>
                <td className="px-4 py-3 align-top">
                  <AnswerStatusBadge status={answer.status} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
