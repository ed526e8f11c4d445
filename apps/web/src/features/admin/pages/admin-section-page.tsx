import { useTranslation } from '../../../lib/i18n/i18n';
import { PageHeader } from '../../../components/page-header';
import { QuickLinks } from '../../../components/quick-links';
import { adminNavigation, visibleNavigation } from '../../../lib/navigation';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';

/** An overview of one admin menu group (e.g. /admin/settings), so every breadcrumb leads somewhere. */
export function AdminSectionPage({ groups: groupIds, page }: { groups: string[]; page: string }) {
  const { t } = useTranslation();
  const { roles, features } = useSession();
  const title = t(`pages.${page}.title`);
  usePageTitle(title);
  const context = { roles, features };
  const groups = visibleNavigation(adminNavigation(context), context).filter((group) =>
    groupIds.includes(group.id),
  );
  return (
    <div data-page={page}>
      <PageHeader title={title} description={t(`pages.${page}.description`)} />
      <QuickLinks groups={groups} title={t('dashboard.in_this_section')} />
    </div>
  );
}
