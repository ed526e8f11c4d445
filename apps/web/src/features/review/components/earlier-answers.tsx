/**
 * Beside a handed-in answer: the student's other answers at the same assignment (group answers they
 * were a member of included), newest first, each with its status, grade and a link to open it.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { studentAnswersQuery } from '../../../lib/resources/answers';
import { AnswerStatusBadge } from './answer-status-badge';
import { Panel } from '../../../components/panel';

export function EarlierAnswers({
  answerId,
  learningObjectId,
  accountId,
}: {
  answerId: string;
  learningObjectId: string;
  accountId: string;
}) {
  useNamespace('approvals');
  const { t, i18n } = useTranslation();
  const answers = useQuery(studentAnswersQuery(learningObjectId, accountId));
  const others = (answers.data ?? []).filter((answer) => answer.id !== answerId);
  return (
    <Panel title={t('approvals.earlier.title')} testId="earlier-answers">
      {answers.isPending ? (
        <p className="text-sm text-slate-600">{t('approvals.earlier.loading')}</p>
      ) : answers.isError ? (
        <p className="text-sm text-red-800">{t('approvals.earlier.error')}</p>
      ) : others.length === 0 ? (
        <p className="text-sm text-slate-600">{t('approvals.earlier.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {others.map((answer) => (
            <li key={answer.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
              <AnswerStatusBadge status={answer.status} />
              <span className="text-slate-700">
                {answer.submittedAt
                  ? t('approvals.earlier.submitted', {
                      when: formatDateTime(answer.submittedAt, i18n.language),
                    })
                  : t('approvals.earlier.not_submitted')}
              </span>
              {answer.grade != null && (
                <span className="text-slate-700">
                  {t('approvals.earlier.grade', { grade: answer.grade })}
                </span>
              )}
              {answer.status !== 'draft' && (
                <Link
                  to={`/coach/courses/answers/${answer.id}`}
                  className="ml-auto font-medium text-primary-text hover:underline"
                >
                  {t('approvals.earlier.open')}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
