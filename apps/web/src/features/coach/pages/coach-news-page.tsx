/** /coach/news: the announcements for coaches that are current now. */
import { PageHeader } from '../../../components/page-header';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { AnnouncementFeed } from '../../../components/announcement-feed';

export function CoachNewsPage() {
  useNamespace('announcements');
  const { t } = useTranslation();
  usePageTitle(t('announcements.news.title'));
  return (
    <div className="mx-auto max-w-3xl" data-page="coach-news">
      <PageHeader title={t('announcements.news.title')} description={t('announcements.news.description')} />
      <AnnouncementFeed variant="page" />
    </div>
  );
}
