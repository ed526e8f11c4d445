import { useTranslation } from '../../../lib/i18n/i18n';
import type { ApprovalState } from '../../../lib/resources/approvals';

const COLORS: Record<ApprovalState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-slate-200 text-slate-800',
};

export function ApprovalStateBadge({ state }: { state: ApprovalState }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${COLORS[state]}`}>
      {t(`approvals.state.${state}`)}
    </span>
  );
}
