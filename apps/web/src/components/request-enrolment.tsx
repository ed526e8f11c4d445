/**
 * The way into a course that requires approval: "Request enrolment", then the pending state until a
 * coach decides (an earlier rejection shows its note).
 */
import { useQuery } from '@tanstack/react-query';
import { Button } from './button';
import { FormMessage } from './form/fields';
import { apiErrorText, isApiError } from '../lib/api/client';
import { formatRelativeDate } from '../lib/format';
import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import { myCourseRequestsQuery, useRequestEnrolment } from '../lib/resources/approvals';

export function RequestEnrolment({ courseId }: { courseId: string }) {
  useNamespace('approvals');
  const { t, i18n } = useTranslation();
  const requests = useQuery(myCourseRequestsQuery(courseId));
  const send = useRequestEnrolment(courseId);
  const latest = requests.data?.[0];
  const failure =
    send.error && isApiError(send.error)
      ? send.error.errors.map((item) => apiErrorText(item)).filter((text): text is string => Boolean(text))
      : [];

  if (latest?.state === 'pending')
    return (
      <p
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
        data-testid="enrolment-pending"
        role="status"
      >
        {t('approvals.enrol.pending', { when: formatRelativeDate(latest.createdAt, i18n.language) })}
      </p>
    );
  return (
    <>
      <p className="text-sm text-slate-600">{t('approvals.enrol.hint')}</p>
      {latest?.state === 'rejected' && (
        <p className="text-sm text-slate-700">
          {latest.note
            ? t('approvals.enrol.rejected_note', { note: latest.note })
            : t('approvals.enrol.rejected')}
        </p>
      )}
      {failure.length > 0 && <FormMessage kind="error">{failure.join(' ')}</FormMessage>}
      <Button
        size="lg"
        className="w-full"
        onClick={() => send.mutate('')}
        loading={send.isPending || requests.isPending}
        data-testid="request-enrolment"
      >
        {t('approvals.enrol.request')}
      </Button>
    </>
  );
}
