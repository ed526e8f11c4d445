/**
 * /courses/:courseId: the course player. `?learning_object=ID` picks an object (notification links
 * use it); without it the student resumes where they left off. A student who is not enrolled sees
 * the course detail with Enrol.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { outlineNeighbours } from '@leerpad/core';
import { EmptyState } from '../../../components/empty-state';
import { AwardIcon } from '../../../components/icons-ui';
import { useTranslation } from '../../../lib/i18n/i18n';
import { NOT_FOUND_TOAST_KEY, useRefusalToast } from '../../../lib/toasts/refusal-toast';
import { usePageTitle } from '../../../lib/use-page-title';
import { type CourseOverview, openedObjectOf } from '../../../lib/resources/courses';
import { useRecordProgress } from '../../../lib/resources/progress';
import { CourseDetail } from '../components/course-detail';
import { CourseOverviewRoute } from '../components/course-overview-route';
import { CourseOutlineNav } from '../components/course-outline-nav';
import { LearningObjectView } from '../components/learning-object-view';
import { ProgressBar } from '../components/progress-bar';

function CoursePlayer({ overview }: { overview: CourseOverview }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { course, sections, progress } = overview;
  const enrollment = course.enrollment!;
  const ordered = sections.flatMap((section) => section.learningObjects);
  const requested = searchParams.get('learning_object');
  const { id: currentId, requestedFound } = openedObjectOf(overview, requested);
  // A link to an object that left the course (say, an old notification) resumes instead, and says so.
  useRefusalToast(requested !== null && !requestedFound ? NOT_FOUND_TOAST_KEY : null);
  const current = ordered.find((object) => object.id === currentId) ?? null;
  const { previous, next } = currentId
    ? outlineNeighbours(sections, currentId)
    : { previous: null, next: null };
  const completed = enrollment.status === 'completed';
  const firstShownId = useRef(currentId);

  // Opening an object records "I am here" (an empty progress body), once per object shown.
  const { mutate: recordHere } = useRecordProgress(course.id);
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!currentId || recorded.current === currentId) return;
    recorded.current = currentId;
    recordHere({ learningObjectId: currentId });
  }, [currentId, recordHere]);
  usePageTitle(current ? `${current.title} · ${course.title}` : course.title);

  return (
    <div data-testid="course-player">
      <header className="mb-6 flex flex-col gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{course.title}</h1>
        <div className="flex max-w-xl items-center gap-3">
          <ProgressBar
            value={enrollment.progress}
            label={t('learning.progress.course_label', { title: course.title })}
          />
          <span className="shrink-0 text-sm font-medium text-slate-700" data-testid="course-progress">
            {t('learning.progress.percent', { percent: enrollment.progress })}
          </span>
        </div>
        {completed && (
          <div
            role="status"
            className="flex items-center gap-3 rounded-2xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900"
            data-testid="course-completed"
          >
            <AwardIcon size={24} className="shrink-0" />
            <p>
              <strong className="font-semibold">{t('learning.player.completed_title')}</strong>{' '}
              {t('learning.player.completed_description')}
            </p>
          </div>
        )}
      </header>
      <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside className="order-2 lg:order-1">
          <div className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-4">
            <CourseOutlineNav
              courseId={course.id}
              sections={sections}
              progress={progress}
              currentId={currentId}
            />
          </div>
        </aside>
        <div className="order-1 min-w-0 lg:order-2">
          {current ? (
            <LearningObjectView
              key={current.id}
              courseId={course.id}
              outlineObject={current}
              progress={progress[current.id]}
              previousId={previous}
              nextId={next}
              focusTitle={current.id !== firstShownId.current}
            />
          ) : (
            <EmptyState title={t('learning.player.empty')} />
          )}
        </div>
      </div>
    </div>
  );
}

export function CoursePlayerPage() {
  return (
    <CourseOverviewRoute basePath="/courses">
      {(overview) =>
        overview.course.enrollment ? (
          <CoursePlayer overview={overview} />
        ) : (
          <CourseDetail overview={overview} />
        )
      }
    </CourseOverviewRoute>
  );
}
