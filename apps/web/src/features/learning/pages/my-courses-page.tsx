/**
 * /courses: the courses the student is enrolled in, with progress, status and a way back in at the
 * object they last worked on. Status filter and page live in the address.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@leerpad/core';
import { ActionLabel } from '../../../components/action-label';
import { buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { CheckIcon } from '../../../components/icons';
import { BookIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { formatRelativeDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import type { Enrollment } from '../../../lib/resources/courses';
import { type EnrollmentParams, enrollmentsQuery } from '../../../lib/resources/enrollments';
import { AnnouncementFeed } from '../../../components/announcement-feed';
import { CourseCover } from '../components/course-cover';
import { LearningObjectTypeIcon } from '../../../components/learning-object-icons';
import { ProgressBar } from '../components/progress-bar';

const STATUSES = ['', 'active', 'completed'] as const;

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

function EnrollmentCard({ enrollment }: { enrollment: Enrollment }) {
  const { t, i18n } = useTranslation();
  const course = enrollment.course;
  const completed = enrollment.status === 'completed';
  const last = enrollment.lastLearningObject;
  const title = course?.title ?? '';
  const resumeHref = last ? `/courses/${course?.id}?learning_object=${last.id}` : `/courses/${course?.id}`;

  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm sm:flex-row"
      data-testid="enrollment-card"
    >
      <div className="aspect-[16/7] shrink-0 bg-slate-100 sm:aspect-auto sm:w-48">
        <CourseCover url={course?.coverImageUrl} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">
            <Link to={`/courses/${course?.id}`} className="hover:underline">
              {title}
            </Link>
          </h2>
          <span
            className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              completed ? 'bg-emerald-100 text-emerald-800' : 'bg-primary-soft text-primary-text'
            }`}
            data-testid="enrollment-status"
          >
            {completed && <CheckIcon size={14} />}
            {t(`learning.enrollment_status.${enrollment.status}`)}
          </span>
        </div>
        <div className="flex items-center gap-3">
          <ProgressBar value={enrollment.progress} label={t('learning.progress.course_label', { title })} />
          <span className="shrink-0 text-sm font-medium text-slate-700">
            {t('learning.progress.percent', { percent: enrollment.progress })}
          </span>
        </div>
        <p className="text-sm text-slate-600">
          {t('learning.my_courses.completed_count', {
            completed: enrollment.completedCount,
            total: enrollment.requiredCount,
          })}
          {enrollment.lastActivityAt &&
            ` · ${t('learning.my_courses.last_activity', {
              when: formatRelativeDate(enrollment.lastActivityAt, i18n.language),
            })}`}
        </p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          {last && !completed ? (
            <p className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
              <LearningObjectTypeIcon type={last.kind} size={16} className="shrink-0 text-slate-500" />
              <span className="truncate">{t('learning.my_courses.next_up', { title: last.title })}</span>
            </p>
          ) : (
            <span />
          )}
          <Link to={resumeHref} className={buttonClasses(completed ? 'secondary' : 'primary', 'md')}>
            <ActionLabel subject={title}>
              {completed ? t('learning.detail.review') : t('learning.my_courses.resume')}
            </ActionLabel>
          </Link>
        </div>
      </div>
    </article>
  );
}

export function MyCoursesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedStatus = searchParams.get('status') ?? '';
  const status = (STATUSES as readonly string[]).includes(requestedStatus)
    ? (requestedStatus as EnrollmentParams['status'])
    : '';
  const page = positive(searchParams.get('page'), 1);
  const requestedSize = positive(searchParams.get('size'), DEFAULT_PAGE_SIZE);
  const size = (PAGE_SIZE_OPTIONS as readonly number[]).includes(requestedSize)
    ? requestedSize
    : DEFAULT_PAGE_SIZE;
  usePageTitle(t('pages.courses.title'));
  const list = useQuery(enrollmentsQuery({ status, page, size }));

  const change = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next);
  };

  return (
    <div data-page="courses">
      <PageHeader
        title={t('pages.courses.title')}
        description={t('pages.courses.description')}
        actions={
          <Link to="/catalog" className={buttonClasses('secondary')}>
            {t('learning.my_courses.browse')}
          </Link>
        }
      />
      <AnnouncementFeed variant="panel" />
      <div
        role="group"
        aria-label={t('learning.my_courses.filter_label')}
        className="mb-5 flex flex-wrap gap-2"
      >
        {STATUSES.map((option) => (
          <button
            key={option || 'all'}
            type="button"
            aria-pressed={status === option}
            onClick={() => change({ status: option || null, page: null })}
            className={`h-9 rounded-full border px-4 text-sm font-medium focus-visible:outline-3 focus-visible:outline-offset-2 ${
              status === option
                ? 'border-primary bg-primary text-on-primary'
                : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
            }`}
          >
            {t(`learning.my_courses.filters.${option || 'all'}`)}
          </button>
        ))}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorBlock kind={errorKindOf(list.error)} asPage={false} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={status ? t('learning.my_courses.empty_filtered') : t('learning.my_courses.empty')}
          description={status ? undefined : t('learning.my_courses.empty_hint')}
          icon={<BookIcon size={24} />}
        >
          <Link to="/catalog" className={buttonClasses('primary')}>
            {t('learning.my_courses.browse')}
          </Link>
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t('pages.courses.title')}>
          {list.data.items.map((enrollment) => (
            <li key={enrollment.id}>
              <EnrollmentCard enrollment={enrollment} />
            </li>
          ))}
        </ul>
      )}
      {list.data && (
        <Pagination
          total={list.data.total}
          page={page}
          size={size}
          onChange={(nextPage, nextSize) =>
            change({
              page: nextPage > 1 ? String(nextPage) : null,
              size: nextSize !== DEFAULT_PAGE_SIZE ? String(nextSize) : null,
            })
          }
        />
      )}
    </div>
  );
}
