import { useTranslation } from '../../../lib/i18n/i18n';
import { Greeting } from '../../../components/greeting';
import { QuickLinks } from '../../../components/quick-links';
import { coachNavigation, visibleNavigation } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';

export function CoachDashboardPage() {
  const { t } = useTranslation();
  const { me, roles, features } = useSession();
  usePageTitle(t('pages.coach_dashboard.title'));
  const context = { roles, features };
  const groups = visibleNavigation(coachNavigation(), context).map((group) => ({
    ...group,
    items: group.items.filter((item) => item.id !== 'dashboard'),
  }));
  return (
    <div data-page="coach_dashboard">
      <Greeting name={me?.account.fullName} intro={t('pages.coach_dashboard.description')} />
      <QuickLinks groups={groups} title={t('dashboard.quick_links')} />
    </div>
  );
}
