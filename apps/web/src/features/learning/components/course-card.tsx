import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { Course } from '../../../lib/resources/courses';
import { formatDuration } from '../format';
import { ContentLabels } from './content-labels';
import { CourseCover } from './course-cover';
import { ProgressBar } from './progress-bar';

/** A catalog card: the whole card opens the course detail (one link, stretched over the card). */
export function CourseCard({ course }: { course: Course }) {
  const { t } = useTranslation();
  const enrollment = course.enrollment;
  const duration = formatDuration(course.estimatedMinutes, t);
  const completed = enrollment?.status === 'completed';

  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:ring-3 focus-within:ring-primary hover:shadow-md"
      data-testid="course-card"
    >
      <div className="relative aspect-[16/7] overflow-hidden bg-slate-100">
        <CourseCover url={course.coverImageUrl} />
        {enrollment && (
          <span
            className={`absolute top-3 right-3 inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm ${
              completed ? 'bg-emerald-700 text-white' : 'bg-white text-slate-800'
            }`}
          >
            {completed && <CheckIcon size={14} />}
            {completed ? t('learning.status.completed') : t('learning.status.enrolled')}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        {course.catalogCategory && (
          <p className="text-xs font-semibold tracking-wide text-primary-text uppercase">
            {course.catalogCategory.name}
          </p>
        )}
        <h2 className="text-lg leading-snug font-semibold text-slate-900">
          <Link
            to={`/catalog/${course.id}`}
            className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:underline"
          >
            {course.title}
          </Link>
        </h2>
        {course.summary && <p className="line-clamp-3 text-sm text-slate-600">{course.summary}</p>}
        <ContentLabels labels={course.contentLabels} />
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-sm text-slate-600">
          {duration && <span>{duration}</span>}
          {course.learningObjectsCount !== undefined && (
            <span>{t('learning.catalog.object_count', { count: course.learningObjectsCount })}</span>
          )}
        </div>
        {enrollment && !completed && (
          <div className="flex items-center gap-3 pt-1">
            <ProgressBar
              value={enrollment.progress}
              label={t('learning.progress.course_label', { title: course.title })}
              size="sm"
            />
            <span className="shrink-0 text-xs font-medium text-slate-700">
              {t('learning.progress.percent', { percent: enrollment.progress })}
            </span>
          </div>
        )}
      </div>
    </article>
  );
}
