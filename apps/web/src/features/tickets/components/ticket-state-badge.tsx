import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import type { TicketState } from '../../../lib/resources/tickets';

const CLASSES: Record<TicketState, string> = {
  open: 'bg-amber-100 text-amber-900',
  answered: 'bg-emerald-100 text-emerald-900',
  closed: 'bg-slate-200 text-slate-800',
};

export function TicketStateBadge({ state }: { state: TicketState }) {
  useNamespace('tickets');
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${CLASSES[state]}`}>
      {t(`tickets.state.${state}`)}
    </span>
  );
}
