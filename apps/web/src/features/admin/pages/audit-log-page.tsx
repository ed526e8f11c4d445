/**
 * /admin/settings/audit: the portal's audit log, newest first, filtered by action, record, period
 * and "while acting as someone", with a CSV export of what is filtered. Read-only.
 */
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS } from '@leerpad/core';
import { useId } from 'react';
import { buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { TextField } from '../../../components/form/fields';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { auditEventsQuery, auditExportHref } from '../../../lib/resources/audit-events';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import { AuditTable, auditActionLabel } from '../components/audit-table';
import { SelectField } from '../../../components/form/controls';

export function AuditLogPage() {
  useNamespace('accounts');
  const { t } = useTranslation();
  usePageTitle(t('accounts.audit.title'));
  const actingId = useId();
  const { searchParams, page, size, update, changePage } = useListAddress();
  const filter = {
    action: searchParams.get('action') ?? undefined,
    entity_type: searchParams.get('entity_type') ?? undefined,
    entity_id: searchParams.get('entity_id') ?? undefined,
    from: searchParams.get('from') ?? undefined,
    until: searchParams.get('until') ?? undefined,
    acting_as: searchParams.get('acting_as') === 'true' ? 'true' : undefined,
  };
  const events = useQuery(auditEventsQuery({ filter, page, size }));

  return (
    <div data-page="admin_audit_log">
      <PageHeader
        title={t('accounts.audit.title')}
        description={t('accounts.audit.description')}
        actions={
          <a href={auditExportHref(filter)} download="audit-log.csv" className={buttonClasses('secondary')}>
            {t('accounts.audit.export')}
          </a>
        }
      />
      <div className="mb-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        <SelectField
          label={t('accounts.audit.action')}
          value={filter.action ?? ''}
          onValueChange={(value) => update({ action: value, page: null })}
          options={[
            { value: '', label: t('accounts.audit.all_actions') },
            ...AUDIT_ACTIONS.map((value) => ({ value, label: auditActionLabel(t, value) })),
          ]}
        />
        <TextField
          name="entity_type"
          label={t('accounts.audit.entity_type')}
          value={filter.entity_type ?? ''}
          onValueChange={(value) => update({ entity_type: value.trim(), page: null })}
        />
        <TextField
          name="entity_id"
          label={t('accounts.audit.entity_id')}
          value={filter.entity_id ?? ''}
          onValueChange={(value) => update({ entity_id: value.trim(), page: null })}
        />
        <TextField
          name="from"
          type="date"
          label={t('accounts.audit.from')}
          value={filter.from ?? ''}
          onValueChange={(value) => update({ from: value, page: null })}
        />
        <TextField
          name="until"
          type="date"
          label={t('accounts.audit.until')}
          value={filter.until ?? ''}
          onValueChange={(value) => update({ until: value, page: null })}
        />
        <label
          htmlFor={actingId}
          className="inline-flex items-center gap-2 self-end pb-2 text-sm text-slate-800"
        >
          <input
            id={actingId}
            type="checkbox"
            checked={filter.acting_as === 'true'}
            onChange={(event) => update({ acting_as: event.target.checked ? 'true' : null, page: null })}
            className="size-4 rounded border-slate-400"
          />
          {t('accounts.audit.acting_as_only')}
        </label>
      </div>
      {events.isPending ? (
        <Loading />
      ) : events.isError ? (
        <ErrorBlock kind={errorKindOf(events.error)} asPage={false} onRetry={() => void events.refetch()} />
      ) : events.data.items.length === 0 ? (
        <EmptyState title={t('accounts.audit.empty')} />
      ) : (
        <AuditTable events={events.data.items} caption={t('accounts.audit.title')} />
      )}
      {events.data && <Pagination total={events.data.total} page={page} size={size} onChange={changePage} />}
    </div>
  );
}
