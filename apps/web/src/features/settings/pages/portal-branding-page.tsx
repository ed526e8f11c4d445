/** /admin/settings/portal: the portal's name, colours, logo, favicon, support link and business model. */
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { PortalBrandingForm } from '../components/portal-branding-form';

export function PortalBrandingPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.branding.title'));
  const { portal } = useSession();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <PageHeader
        title={t('settings.branding.title')}
        description={t('settings.branding.description', { portal: portal?.name ?? '' })}
      />
      {portal && <PortalBrandingForm portalId={portal.id} />}
    </div>
  );
}
