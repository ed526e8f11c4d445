/** On the account's own details page: when support acted as them, who, and why (decision 025). */
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { accountImpersonationsQuery } from '../../../lib/resources/impersonations';
import { useSession } from '../../../lib/session/use-session';
import { Panel } from '../../../components/panel';

export function SupportActsSection() {
  useNamespace('support');
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  const acts = useQuery({ ...accountImpersonationsQuery(me?.account.id ?? ''), enabled: Boolean(me) });
  if (!me || !acts.data || acts.data.length === 0) return null;
  return (
    <Panel
      title={t('support.acts.title')}
      testId="support-acts"
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      headingClassName="text-lg font-semibold text-slate-900"
    >
      <p className="mt-1 text-sm text-slate-600">{t('support.acts.description')}</p>
      <ul className="mt-4 divide-y divide-slate-200">
        {acts.data.map((act) => (
          <li key={act.id} className="py-3 text-sm">
            <p className="font-medium text-slate-900">
              {t('support.acts.who', {
                name: act.actorName ?? t('support.acts.someone'),
                date: formatDateTime(act.startedAt, i18n.language),
              })}
            </p>
            <p className="text-slate-700">{t('support.acts.reason', { reason: act.reason })}</p>
            {act.active && <p className="text-amber-800">{t('support.acts.active')}</p>}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
