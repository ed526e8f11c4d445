import type { ContentIssueStatus, CourseStatus } from '@leerpad/core';
import { useTranslation } from '../../../lib/i18n/i18n';

const courseColours: Record<CourseStatus, string> = {
  draft: 'bg-amber-100 text-amber-900 ring-amber-200',
  published: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  archived: 'bg-slate-200 text-slate-800 ring-slate-300',
};

const issueColours: Record<ContentIssueStatus, string> = {
  open: 'bg-red-100 text-red-900 ring-red-200',
  in_progress: 'bg-sky-100 text-sky-900 ring-sky-200',
  resolved: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
};

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${badge} ${courseColours[status] ?? courseColours.draft}`} data-testid="course-status">
      {t(`authoring.course_status.${status}`)}
    </span>
  );
}

export function IssueStatusBadge({ status }: { status: ContentIssueStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${badge} ${issueColours[status] ?? issueColours.open}`}>
      {t(`authoring.issues.status.${status}`)}
    </span>
  );
}

/** A content label as a chip in its own colour (a dot, so any colour keeps its text readable). */
export function LabelChip({ name, color }: { name: string; color?: string | null }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2 py-0.5 text-xs font-medium text-slate-800">
      <span
        className="size-2.5 shrink-0 rounded-full border border-slate-300"
        style={{ backgroundColor: color ?? 'transparent' }}
        aria-hidden="true"
      />
      {name}
    </span>
  );
}
