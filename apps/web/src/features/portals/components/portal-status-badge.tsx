import { useTranslation } from '../../../lib/i18n/i18n';

/** Open or closed, in words and colour (the words carry the meaning). */
export function PortalStatusBadge({ status }: { status: 'active' | 'closed' }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="portal-status"
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${
        status === 'active' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
      }`}
    >
      {t(`portals.status.${status}`)}
    </span>
  );
}
