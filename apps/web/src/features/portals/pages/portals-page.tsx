/**
 * /admin/portals (platform staff): every portal with its primary address, status and business
 * models, and the way to the new-portal wizard.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { TableHead } from '../../../components/table';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { portalListQuery } from '../../../lib/resources/portals';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import { PortalStatusBadge } from '../components/portal-status-badge';

export function PortalsPage() {
  useNamespace('portals');
  const { t } = useTranslation();
  usePageTitle(t('portals.list.title'));
  const { page, size, changePage } = useListAddress();
  const portals = useQuery(portalListQuery(page, size));

  return (
    <div data-page="admin_portals" className="max-w-5xl">
      <PageHeader
        title={t('portals.list.title')}
        description={t('portals.list.description')}
        actions={
          <Link to="/admin/portals/new" className={buttonClasses('primary')} data-testid="new-portal">
            {t('portals.list.new')}
          </Link>
        }
      />
      {portals.isPending ? (
        <Loading />
      ) : portals.isError ? (
        <ErrorBlock kind={errorKindOf(portals.error)} asPage={false} onRetry={() => void portals.refetch()} />
      ) : portals.data.items.length === 0 ? (
        <EmptyState title={t('portals.list.empty')} />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('portals.list.title')}</caption>
            <TableHead
              columns={[
                t('portals.list.name'),
                t('portals.list.primary_domain'),
                t('portals.list.status'),
                t('portals.list.business_models'),
              ]}
            />
            <tbody className="divide-y divide-slate-200">
              {portals.data.items.map((portal) => (
                <tr key={portal.id} data-testid="portal-row">
                  <td className="px-4 py-3 font-medium">
                    <Link
                      to={`/admin/portals/${portal.id}`}
                      className="text-primary underline-offset-2 hover:underline"
                    >
                      {portal.name}
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    {portal.primaryDomain ??
                      portal.portalDomains?.[0]?.domain ??
                      t('portals.list.no_primary')}
                  </td>
                  <td className="px-4 py-3">
                    <PortalStatusBadge status={portal.status} />
                  </td>
                  <td className="px-4 py-3 text-slate-700">
                    {portal.businessModels.map((model) => t(`portals.models.${model}`)).join(', ')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {portals.data && (
        <Pagination total={portals.data.total} page={page} size={size} onChange={changePage} />
      )}
    </div>
  );
}
