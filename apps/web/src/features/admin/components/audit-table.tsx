/** Audit log entries as a table: when, who (and as whom), what, on which record, from where. */
import { isAuditAction } from '@leerpad/core';
import { ScrollRegion } from '../../../components/scroll-region';
import { useTranslation, type Translate } from '../../../lib/i18n/i18n';
import { formatDateTime } from '../../../lib/format';
import type { AuditEvent } from '../../../lib/resources/audit-events';
import { TableHead } from '../../../components/table';

function detailsText(details: Record<string, unknown>): string {
  const changes = details.changes;
  if (changes && typeof changes === 'object') {
    return Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>)
      .map(
        ([key, change]) =>
          `${key}: ${JSON.stringify(change?.from ?? null)} → ${JSON.stringify(change?.to ?? null)}`,
      )
      .join('; ');
  }
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('; ');
}

/** An action by its translated name; an action this version does not know, as it was stored. */
export function auditActionLabel(t: Translate, action: string): string {
  return isAuditAction(action) ? t(`accounts.audit.action_names.${action}`) : action;
}

export function AuditTable({ events, caption }: { events: AuditEvent[]; caption: string }) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollRegion label={caption} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full text-left text-sm" data-testid="audit-table">
        <caption className="sr-only">{caption}</caption>
        <TableHead
          columns={['when', 'actor', 'action', 'record', 'details', 'ip'].map((key) =>
            t(`accounts.audit.${key}`),
          )}
        />
        <tbody className="divide-y divide-slate-200">
          {events.map((event) => (
            <tr key={event.id} data-testid="audit-row">
              <td className="px-4 py-2 whitespace-nowrap text-slate-700">
                {formatDateTime(event.createdAt, i18n.language)}
              </td>
              <td className="px-4 py-2 text-slate-900">
                {event.actorName ?? t('accounts.audit.system')}
                {event.actingForName && (
                  <span className="block text-xs text-slate-600">
                    {t('accounts.audit.acting_for', { name: event.actingForName })}
                  </span>
                )}
              </td>
              <td className="px-4 py-2 text-slate-900" data-action={event.action}>
                {auditActionLabel(t, event.action)}
              </td>
              <td className="px-4 py-2 text-slate-700">
                {event.entityType}
                {event.entityId ? ` #${event.entityId}` : ''}
              </td>
              <td className="max-w-md px-4 py-2 break-words text-slate-700">{detailsText(event.details)}</td>
              <td className="px-4 py-2 whitespace-nowrap text-slate-600">{event.ip ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
