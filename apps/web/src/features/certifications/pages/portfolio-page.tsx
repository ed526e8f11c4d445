/** /portfolio: the student's items (reflections, evidence, links) with feedback, and their certificates. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { feedbackRequestsQuery, portfolioItemsQuery } from '../../../lib/resources/portfolio';
import { usePageTitle } from '../../../lib/use-page-title';
import { MyCertificates } from '../components/my-certificates';
import { AddItemForm } from '../components/add-item-form';
import { ItemCard } from '../components/item-card';

export function PortfolioPage() {
  useNamespace('certifications');
  useNamespace('portfolio');
  const { t } = useTranslation();
  usePageTitle(t('portfolio.title'));
  const items = useQuery(portfolioItemsQuery);
  const requests = useQuery(feedbackRequestsQuery);
  const [adding, setAdding] = useState(false);
  // Certificates join the portfolio by themselves and are listed below with their PDF and badge.
  const own = (items.data ?? []).filter((item) => item.kind !== 'certificate');
  return (
    <div data-testid="portfolio-page" className="max-w-5xl">
      <PageHeader
        title={t('portfolio.title')}
        description={t('portfolio.description')}
        actions={
          <Link to="/profile" className="text-sm font-medium text-primary-text underline">
            {t('portfolio.edit_profile')}
          </Link>
        }
      />
      <section aria-labelledby="portfolio-items" className="mb-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="portfolio-items" className="text-lg font-semibold text-slate-900">
            {t('portfolio.items.heading')}
          </h2>
          {!adding && <Button onClick={() => setAdding(true)}>{t('portfolio.items.add')}</Button>}
        </div>
        {adding && (
          <div className="mb-4">
            <AddItemForm onDone={() => setAdding(false)} />
          </div>
        )}
        {items.isPending ? (
          <Loading />
        ) : items.isError ? (
          <ErrorBlock kind={errorKindOf(items.error)} asPage={false} onRetry={() => void items.refetch()} />
        ) : own.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title={t('portfolio.items.empty')}
            description={t('portfolio.items.empty_description')}
          />
        ) : (
          <ul className="flex flex-col gap-4" data-testid="portfolio-items">
            {own.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                requests={(requests.data ?? []).filter((request) => request.item?.id === item.id)}
              />
            ))}
          </ul>
        )}
      </section>
      <MyCertificates />
    </div>
  );
}
