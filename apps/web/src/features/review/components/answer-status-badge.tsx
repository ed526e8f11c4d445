import type { AnswerStatus } from '@leerpad/core';
import { useTranslation } from '../../../lib/i18n/i18n';

const colours: Record<AnswerStatus, string> = {
  draft: 'bg-slate-100 text-slate-800 ring-slate-200',
  submitted: 'bg-sky-100 text-sky-900 ring-sky-200',
  approved: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  revision_requested: 'bg-amber-100 text-amber-900 ring-amber-200',
};

export function AnswerStatusBadge({ status }: { status: AnswerStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
        colours[status] ?? colours.submitted
      }`}
      data-testid="answer-status"
    >
      {t(`review.status.${status}`)}
    </span>
  );
}
