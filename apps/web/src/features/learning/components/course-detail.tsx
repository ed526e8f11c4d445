/**
 * A course as the catalog shows it: what it is about, its outline (sections, object titles, types
 * and durations) and the way in: Enrol, or Continue when the student is already enrolled.
 */
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/button';
import { CheckIcon } from '../../../components/icons';
import { useTranslation } from '../../../lib/i18n/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import type { CourseOverview } from '../../../lib/resources/courses';
import { useEnrol } from '../../../lib/resources/enrollments';
import { formatDuration } from '../format';
import { ContentLabels } from './content-labels';
import { CourseCover } from './course-cover';
import { HtmlContent } from '../../../components/html-content';
import { LearningObjectTypeIcon } from '../../../components/learning-object-icons';
import { ClockIcon } from './learning-icons';
import { ProgressBar } from './progress-bar';
import { FEATURES, hasFeature } from '@leerpad/core';
import { useSession } from '../../../lib/session/use-session';
import { RequestEnrolment } from '../../../components/request-enrolment';

export function CourseDetail({ overview }: { overview: CourseOverview }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { course, sections, progress } = overview;
  const enrollment = course.enrollment;
  const enrol = useEnrol(course.id);
  const { features } = useSession();
  const needsApproval =
    Boolean(course.requiresApproval) && hasFeature(features, FEATURES.coachMandateApprovals);
  const duration = formatDuration(course.estimatedMinutes, t);
  const objectCount = sections.reduce((sum, section) => sum + section.learningObjects.length, 0);
  usePageTitle(course.title);

  const startCourse = () =>
    enrol.mutate(undefined, { onSuccess: () => void navigate(`/courses/${course.id}`) });

  return (
    <article data-testid="course-detail">
      <div className="mb-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          {course.catalogCategory && (
            <p className="mb-2 text-sm font-semibold tracking-wide text-primary-text uppercase">
              {course.catalogCategory.name}
            </p>
          )}
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{course.title}</h1>
          {course.summary && <p className="mt-3 text-lg text-slate-700">{course.summary}</p>}
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
            {duration && (
              <span className="inline-flex items-center gap-1.5">
                <ClockIcon size={16} />
                {duration}
              </span>
            )}
            <span>{t('learning.catalog.object_count', { count: objectCount })}</span>
          </div>
          <div className="mt-4">
            <ContentLabels labels={course.contentLabels} />
          </div>
        </div>
        <aside
          aria-label={t('learning.detail.enrolment')}
          className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          <div className="aspect-[16/7] bg-slate-100">
            <CourseCover url={course.coverImageUrl} />
          </div>
          <div className="flex flex-col gap-3 p-5">
            {enrollment ? (
              <>
                <p className="text-sm font-medium text-slate-800">
                  {enrollment.status === 'completed'
                    ? t('learning.detail.completed')
                    : t('learning.detail.enrolled', { percent: enrollment.progress })}
                </p>
                <ProgressBar
                  value={enrollment.progress}
                  label={t('learning.progress.course_label', { title: course.title })}
                />
                <Link to={`/courses/${course.id}`} className={buttonClasses('primary', 'lg', 'w-full')}>
                  {enrollment.status === 'completed'
                    ? t('learning.detail.review')
                    : t('learning.detail.continue')}
                </Link>
              </>
            ) : needsApproval ? (
              <RequestEnrolment courseId={course.id} />
            ) : (
              <>
                <p className="text-sm text-slate-600">{t('learning.detail.enrol_hint')}</p>
                <Button
                  size="lg"
                  className="w-full"
                  onClick={startCourse}
                  loading={enrol.isPending}
                  data-testid="enrol-button"
                >
                  {t('learning.detail.enrol')}
                </Button>
              </>
            )}
          </div>
        </aside>
      </div>

      {course.description && (
        <section aria-labelledby="course-about" className="mb-8 max-w-3xl">
          <h2 id="course-about" className="mb-3 text-xl font-semibold text-slate-900">
            {t('learning.detail.about')}
          </h2>
          <HtmlContent html={course.description} />
        </section>
      )}

      <section aria-labelledby="course-outline" className="max-w-3xl">
        <h2 id="course-outline" className="mb-3 text-xl font-semibold text-slate-900">
          {t('learning.detail.outline')}
        </h2>
        <ol className="flex flex-col gap-4">
          {sections.map((section, index) => (
            <li key={section.id} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
              <h3 className="border-b border-slate-200 px-5 py-3 font-semibold text-slate-900">
                <span className="mr-2 text-slate-500">{index + 1}.</span>
                {section.title}
              </h3>
              <ul className="divide-y divide-slate-100">
                {section.learningObjects.map((object) => {
                  const minutes = formatDuration(object.estimatedMinutes, t);
                  const done = progress[object.id]?.completed;
                  return (
                    <li key={object.id} className="flex items-center gap-3 px-5 py-3 text-sm">
                      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-text">
                        <LearningObjectTypeIcon type={object.kind} size={16} />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-slate-900">{object.title}</span>
                        <span className="text-slate-600">
                          {t(`learning.types.${object.kind}`)}
                          {minutes && ` · ${minutes}`}
                        </span>
                      </span>
                      {done && (
                        <span className="inline-flex items-center gap-1 text-emerald-700">
                          <CheckIcon size={16} />
                          <span className="sr-only sm:not-sr-only">{t('learning.status.completed')}</span>
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </article>
  );
}
