/** /admin/settings/export: the academy admin takes the whole portal away as a zip (decision 059). */
import { PageHeader } from '../../../components/page-header';
import { PortalExportPanel } from '../../../components/portal-export-panel';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';

export function PortalExportPage() {
  useNamespace('portal_transfer');
  const { t } = useTranslation();
  usePageTitle(t('portal_transfer.export.page_title'));
  const { portal } = useSession();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        title={t('portal_transfer.export.page_title')}
        description={t('portal_transfer.export.page_description', { portal: portal?.name ?? '' })}
      />
      <PortalExportPanel portalId={portal?.id ?? ''} />
    </div>
  );
}
