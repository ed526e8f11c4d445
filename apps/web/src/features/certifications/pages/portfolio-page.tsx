/** /portfolio: the student's certificates (awarded automatically) and portfolio. */
import { PageHeader } from '../../../components/page-header';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { MyCertificates } from '../components/my-certificates';

export function PortfolioPage() {
  useNamespace('certifications');
  useNamespace('portfolio');
  const { t } = useTranslation();
  usePageTitle(t('portfolio.title'));
  return (
    <div data-page="portfolio" className="max-w-5xl">
      <PageHeader title={t('portfolio.title')} description={t('portfolio.description')} />
      <MyCertificates />
    </div>
  );
}
