import { useTranslation } from '../../../lib/i18n/i18n';
import { Greeting } from '../../../components/greeting';
import { QuickLinks } from '../../../components/quick-links';
import { adminNavigation, visibleNavigation } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';

export function AdminDashboardPage() {
  const { t } = useTranslation();
  const { me, roles, features, portal } = useSession();
  usePageTitle(t('pages.admin_dashboard.title'));
  const context = { roles, features };
  const groups = visibleNavigation(adminNavigation(context), context).filter(
    (group) => group.id !== 'overview',
  );
  return (
    <div data-page="admin_dashboard">
      <Greeting
        name={me?.account.fullName}
        intro={t('pages.admin_dashboard.description', { portal: portal?.name })}
      />
      <QuickLinks groups={groups} title={t('dashboard.quick_links')} />
    </div>
  );
}
