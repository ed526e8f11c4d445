import { useNamespace, useTranslation } from '../lib/i18n/i18n';
import { usePageTitle } from '../lib/use-page-title';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

/**
 * A page whose capability arrives in a later release: its title, what it will hold, and a clear
 * "coming soon" state — never a blank page. Texts: pages.<page>.title and pages.<page>.description.
 */
export function PlaceholderPage({ page }: { page: string }) {
  useNamespace('pages');
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  usePageTitle(title);
  return (
    <div data-page={page}>
      <PageHeader title={title} description={t(`pages.${page}.description`)} />
      <EmptyState title={t('placeholder.title')} description={t('placeholder.description')} />
    </div>
  );
}
