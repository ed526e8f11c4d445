/** The player's outline: every section and object, with the student's progress on each. */
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { OutlineSection } from '../../../lib/resources/courses';
import type { ObjectProgress, ProgressStatus } from '../../../lib/resources/courses';
import { LearningObjectTypeIcon } from '../../../components/learning-object-icons';

export function progressStatusOf(progress: ObjectProgress | undefined): ProgressStatus {
  if (!progress) return 'not_started';
  return progress.completed ? 'completed' : 'in_progress';
}

function StatusMark({ status }: { status: ProgressStatus }) {
  if (status === 'completed')
    return (
      <span className="flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white">
        <CheckIcon size={12} strokeWidth={3} />
      </span>
    );
  if (status === 'in_progress')
    return (
      <span className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-primary">
        <span className="size-2 rounded-full bg-primary" />
      </span>
    );
  return <span className="size-5 shrink-0 rounded-full border-2 border-slate-300" />;
}

export function CourseOutlineNav({
  courseId,
  sections,
  progress,
  currentId,
}: {
  courseId: string;
  sections: OutlineSection[];
  progress: Record<string, ObjectProgress>;
  currentId: string | null;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="player-outline-heading" data-testid="course-outline">
      <h2
        id="player-outline-heading"
        className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase"
      >
        {t('learning.detail.outline')}
      </h2>
      <ol className="flex flex-col gap-4">
        {sections.map((section) => (
          <li key={section.id}>
            <h3 className="mb-1 px-2 text-sm font-semibold text-slate-900">{section.title}</h3>
            <ol className="flex flex-col gap-0.5">
              {section.learningObjects.map((object) => {
                const status = progressStatusOf(progress[object.id]);
                const current = object.id === currentId;
                return (
                  <li key={object.id}>
                    <Link
                      to={`/courses/${courseId}?learning_object=${object.id}`}
                      aria-current={current ? 'page' : undefined}
                      data-status={status}
                      className={`flex items-center gap-2.5 rounded-lg px-2 py-2 text-sm transition-colors focus-visible:outline-3 focus-visible:outline-offset-0 ${
                        current
                          ? 'bg-primary-soft font-semibold text-slate-900'
                          : 'text-slate-700 hover:bg-slate-100'
                      }`}
                    >
                      <StatusMark status={status} />
                      <LearningObjectTypeIcon
                        type={object.kind}
                        size={16}
                        className="shrink-0 text-slate-500"
                      />
                      <span className="min-w-0 flex-1">{object.title}</span>
                      <span className="sr-only">
                        {`, ${t(`learning.types.${object.kind}`)}, ${t(`learning.progress_status.${status}`)}`}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </li>
        ))}
      </ol>
    </nav>
  );
}
