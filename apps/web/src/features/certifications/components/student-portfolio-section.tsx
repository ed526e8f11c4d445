/** On a coach's student page: the portfolio items the student shares, to read and comment on. */
import { can } from '@leerpad/core';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/loading';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { studentPortfolioQuery } from '../../../lib/resources/portfolio';
import { useSession } from '../../../lib/session/use-session';
import { ItemCard } from './item-card';

function Items({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const items = useQuery(studentPortfolioQuery(studentId));
  return (
    <section
      aria-labelledby="student-portfolio"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="student-portfolio"
    >
      <h2 id="student-portfolio" className="mb-3 text-lg font-semibold text-slate-900">
        {t('portfolio.coach.heading')}
      </h2>
      {items.isPending ? (
        <Loading />
      ) : (items.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">{t('portfolio.coach.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {items.data!.map((item) => (
            <ItemCard key={item.id} item={item} requests={[]} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function StudentPortfolioSection({ studentId }: { studentId: string }) {
  useNamespace('portfolio');
  const { roles, features } = useSession();
  if (!can({ roles, features }, 'comment:portfolio-item')) return null;
  return <Items studentId={studentId} />;
}
