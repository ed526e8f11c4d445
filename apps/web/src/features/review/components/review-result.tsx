/** A reviewed answer's verdict: outcome, grade, feedback and who reviewed it when. */
import { formatRelativeDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import type { Answer } from '../../../lib/resources/answers';
import { AnswerStatusBadge } from './answer-status-badge';

export function ReviewResult({ answer }: { answer: Answer }) {
  const { t, i18n } = useTranslation();
  const when = formatRelativeDate(answer.reviewedAt, i18n.language);
  const approved = answer.status === 'approved';
  return (
    <div
      className={`flex flex-col gap-3 rounded-xl border px-4 py-3 ${
        approved ? 'border-emerald-200 bg-emerald-50' : 'border-amber-200 bg-amber-50'
      }`}
      data-testid="review-result"
    >
      <div className="flex flex-wrap items-center gap-2">
        <AnswerStatusBadge status={answer.status} />
        {answer.grade !== null && answer.grade !== undefined && (
          <span className="font-semibold text-slate-900" data-testid="review-grade">
            {t('review.result.grade', { grade: answer.grade })}
          </span>
        )}
      </div>
      <div className="text-sm text-slate-800">
        <p className="font-medium">{t('review.result.feedback')}</p>
        {answer.feedback ? (
          <p className="whitespace-pre-line" data-testid="review-feedback">
            {answer.feedback}
          </p>
        ) : (
          <p className="text-slate-600">{t('review.result.no_feedback')}</p>
        )}
      </div>
      {(answer.reviewer?.fullName || when) && (
        <p className="text-sm text-slate-700">
          {answer.reviewer?.fullName
            ? t('review.result.reviewed_by', { name: answer.reviewer.fullName, when })
            : t('review.result.reviewed_at', { when })}
        </p>
      )}
    </div>
  );
}
