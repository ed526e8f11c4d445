/** On a coach's student page: the portfolio items the student shares, to read and comment on. */
import { can } from '@leerpad/core';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/loading';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { studentPortfolioQuery } from '../../../lib/resources/portfolio';
import { useSession } from '../../../lib/session/use-session';
import { ItemCard } from './item-card';
import { Panel } from '../../../components/panel';

function Items({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  const items = useQuery(studentPortfolioQuery(studentId));
  return (
    <Panel
      title={t('portfolio.coach.heading')}
      testId="student-portfolio"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
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
    </Panel>
  );
}

export function StudentPortfolioSection({ studentId }: { studentId: string }) {
  useNamespace('portfolio');
  const { roles, features } = useSession();
  if (!can({ roles, features }, 'comment:portfolio-item')) return null;
  return <Items studentId={studentId} />;
}
