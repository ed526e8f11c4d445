import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { accountQuery } from '../../../lib/resources/accounts';
import { usePageTitle } from '../../../lib/use-page-title';

/** /admin/accounts/{id}: who the account is; managing it arrives with the accounts capability. */
export function AdminAccountPage({
  actions,
}: {
  /** What other features offer on the page (the route file composes them: acting as the account). */
  actions?: (account: { id: string; fullName: string }) => ReactNode;
} = {}) {
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const account = useQuery({ ...accountQuery(accountId), enabled: /^\d+$/.test(accountId) });
  usePageTitle(account.data?.fullName ?? t('pages.admin_account.title'));

  if (!/^\d+$/.test(accountId)) return <ErrorBlock kind="not_found" />;
  if (account.isPending) return <Loading />;
  if (account.isError) return <ErrorBlock kind={errorKindOf(account.error)} />;
  const data = account.data;
  return (
    <div data-page="admin_account">
      <PageHeader title={data.fullName} description={t('pages.admin_account.description')} />
      {actions?.(data)}
      <div className="mb-6 flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <Avatar name={data.fullName} url={data.avatarUrl} lastOnline={data.lastOnline} size="large" />
        <dl className="grid gap-1 text-sm">
          {data.emailAddress && (
            <div className="flex gap-2">
              <dt className="text-slate-600">{t('account.fields.email')}</dt>
              <dd className="text-slate-900">{data.emailAddress}</dd>
            </div>
          )}
          {data.roles && data.roles.length > 0 && (
            <div className="flex gap-2">
              <dt className="text-slate-600">{t('account.fields.roles')}</dt>
              <dd className="text-slate-900">{data.roles.join(', ')}</dd>
            </div>
          )}
        </dl>
      </div>
      <EmptyState title={t('placeholder.title')} description={t('placeholder.description')} />
    </div>
  );
}
