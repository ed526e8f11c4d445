/**
 * /approvals: the requests a coach's mandate covers, pending first and oldest first with their age;
 * approve or reject each with a note. The history tab lists the decisions. A coach without a
 * mandate sees the 403 screen.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActionLabel } from '../../../components/action-label';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { PersonRow } from '../../../components/person-row';
import { isApiError } from '../../../lib/api/client';
import { formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { approvalRequestsQuery, type ApprovalRequest } from '../../../lib/resources/approvals';
import { usePageTitle } from '../../../lib/use-page-title';
import { DecisionDialog } from '../components/decision-dialog';
import { ApprovalStateBadge } from '../components/approval-state-badge';

const PAGE_SIZE = 20;
type Tab = 'pending' | 'history';

export function ApprovalsQueuePage() {
  useNamespace('approvals');
  const { t, i18n } = useTranslation();
  usePageTitle(t('approvals.queue.title'));
  const [tab, setTab] = useState<Tab>('pending');
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<{
    request: ApprovalRequest;
    decision: 'approved' | 'rejected';
  } | null>(null);
  const [done, setDone] = useState('');
  const requests = useQuery(
    approvalRequestsQuery({
      state: tab === 'pending' ? 'pending' : 'approved,rejected',
      sort: tab === 'pending' ? 'created_at' : '-decided_at',
      page,
      size: PAGE_SIZE,
    }),
  );

  if (requests.isError && isApiError(requests.error) && requests.error.status === 403)
    return (
      <ErrorBlock
        kind="forbidden"
        title={t('approvals.no_mandate.title')}
        description={t('approvals.no_mandate.description')}
      />
    );

  const choose = (next: Tab) => {
    setTab(next);
    setPage(1);
  };

  const details = (request: ApprovalRequest) => (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-medium text-slate-800">
        {t(request.kind === 'completion' ? 'approvals.queue.asks_signoff' : 'approvals.queue.asks_to_join', {
          course: request.course?.title ?? '',
        })}
      </span>
      <ApprovalStateBadge state={request.state} />
      <span>
        {request.state === 'pending'
          ? t('approvals.queue.requested', { when: formatRelativeDate(request.createdAt, i18n.language) })
          : t('approvals.queue.decided', {
              name: request.decidedBy?.fullName ?? '',
              when: formatRelativeDate(request.decidedAt ?? request.updatedAt, i18n.language),
            })}
      </span>
    </span>
  );

  return (
    <div data-page="approval-queue">
      <PageHeader title={t('approvals.queue.title')} description={t('approvals.queue.description')} />
      <div className="mb-4 flex gap-2" role="group" aria-label={t('approvals.queue.tabs')}>
        {(['pending', 'history'] as const).map((value) => (
          <Button
            key={value}
            variant={tab === value ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={tab === value}
            onClick={() => choose(value)}
          >
            {value === 'pending'
              ? t('approvals.queue.tab_pending', { count: requests.data?.stateCounts.pending ?? 0 })
              : t('approvals.queue.tab_history')}
          </Button>
        ))}
      </div>
      <p role="status" className="mb-3 text-sm text-emerald-800">
        {done}
      </p>
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <ErrorBlock
          asPage={false}
          kind={errorKindOf(requests.error)}
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.items.length === 0 ? (
        <EmptyState
          title={t('approvals.queue.empty_title')}
          description={t(
            tab === 'pending' ? 'approvals.queue.empty_pending' : 'approvals.queue.empty_history',
          )}
        />
      ) : (
        <>
          <ul
            className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
            data-testid="approval-list"
          >
            {requests.data.items.map((request) => {
              const name = request.student?.fullName ?? t('approvals.queue.unknown_student');
              return (
                <PersonRow
                  key={request.id}
                  name={name}
                  avatarUrl={request.student?.avatarUrl ?? null}
                  href={`/coach/students/${request.student?.id ?? ''}`}
                  details={
                    <>
                      {details(request)}
                      {request.message && (
                        <span className="mt-1 block whitespace-normal text-slate-700">
                          “{request.message}”
                        </span>
                      )}
                      {request.note && (
                        <span className="mt-1 block whitespace-normal text-slate-700">
                          {t('approvals.queue.note_shown', { note: request.note })}
                        </span>
                      )}
                    </>
                  }
                  menu={
                    request.meta?.abilities?.decide ? (
                      <span className="flex shrink-0 gap-2">
                        <Button size="sm" onClick={() => setDeciding({ request, decision: 'approved' })}>
                          <ActionLabel subject={name}>{t('approvals.queue.approve')}</ActionLabel>
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => setDeciding({ request, decision: 'rejected' })}
                        >
                          <ActionLabel subject={name}>{t('approvals.queue.reject')}</ActionLabel>
                        </Button>
                      </span>
                    ) : undefined
                  }
                />
              );
            })}
          </ul>
          <Pagination total={requests.data.total} page={page} size={PAGE_SIZE} onChange={setPage} />
        </>
      )}
      {deciding && (
        <DecisionDialog
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={(message) => {
            setDeciding(null);
            setDone(message);
          }}
        />
      )}
    </div>
  );
}
