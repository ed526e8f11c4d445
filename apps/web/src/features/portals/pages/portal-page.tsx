/**
 * /admin/portals/:portalId (platform staff): one portal's addresses (add, remove, make primary) and
 * its status (close, reopen, after a confirmation), and its export. Its branding is changed by its
 * admins, or by platform staff, at /admin/settings/portal on the portal's own address.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form/fields';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Panel } from '../../../components/panel';
import { firstErrorDetail } from '../../../lib/api/client';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import {
  portalDomainsQuery,
  useAddPortalDomain,
  useMakePrimaryDomain,
  useRemovePortalDomain,
} from '../../../lib/resources/portal-domains';
import { portalQuery, useSetPortalStatus, type PortalRow } from '../../../lib/resources/portals';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { PortalStatusBadge } from '../components/portal-status-badge';
import { PortalExportPanel } from '../../../components/portal-export-panel';
import { useMayOpen } from '../../../lib/use-may-open';

export function PortalPage() {
  useNamespace('portals');
  useNamespace('portal_transfer');
  const { t } = useTranslation();
  const { portalId = '' } = useParams();
  const portal = useQuery(portalQuery(portalId));
  const mayOpen = useMayOpen();
  usePageTitle(portal.data?.name ?? t('portals.list.title'));

  if (portal.isPending) return <Loading />;
  if (portal.isError)
    return <ErrorBlock kind={errorKindOf(portal.error)} onRetry={() => void portal.refetch()} />;
  return (
    <div data-page="admin_portal" className="flex max-w-4xl flex-col gap-6">
      <div>
        <Link to="/admin/portals" className="text-sm text-primary underline-offset-2 hover:underline">
          {t('portals.detail.back')}
        </Link>
        <PageHeader title={portal.data.name} description={portal.data.baseUrl ?? undefined} />
      </div>
      <StatusPanel portal={portal.data} />
      <DomainsPanel portalId={portalId} />
      {/* Exports are for those who may export (platform admins; support runs portals, not their data). */}
      {mayOpen('/admin/settings/export') && (
        <div id="portal-export">
          <PortalExportPanel portalId={portalId} />
        </div>
      )}
    </div>
  );
}

function StatusPanel({ portal }: { portal: PortalRow }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const setStatus = useSetPortalStatus(portal.id);
  const closing = portal.status === 'active';
  return (
    <Panel title={t('portals.detail.status')} testId="portal-status-panel">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-slate-700">
          <PortalStatusBadge status={portal.status} />
          {portal.status === 'active' ? t('portals.detail.status_open') : t('portals.detail.status_closed')}
        </p>
        <Button
          variant={closing ? 'danger' : 'primary'}
          onClick={() => setConfirming(true)}
          data-testid="portal-status-toggle"
        >
          {closing ? t('portals.detail.close') : t('portals.detail.reopen')}
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t(closing ? 'portals.detail.close_title' : 'portals.detail.reopen_title', {
            name: portal.name,
          })}
          description={t(closing ? 'portals.detail.close_body' : 'portals.detail.reopen_body')}
          confirmLabel={closing ? t('portals.detail.close') : t('portals.detail.reopen')}
          busy={setStatus.isPending}
          error={setStatus.error ? firstErrorDetail(setStatus.error) : null}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            setStatus.mutate(closing ? 'closed' : 'active', { onSuccess: () => setConfirming(false) })
          }
        />
      )}
    </Panel>
  );
}

function DomainsPanel({ portalId }: { portalId: string }) {
  const { t } = useTranslation();
  const domains = useQuery(portalDomainsQuery(portalId));
  const add = useAddPortalDomain(portalId);
  const makePrimary = useMakePrimaryDomain(portalId);
  const remove = useRemovePortalDomain(portalId);
  const [newDomain, setNewDomain] = useState('');
  const [addError, setAddError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newDomain.trim() === '') {
      setAddError(t('portals.wizard.required'));
      return;
    }
    add.mutate(newDomain.trim(), {
      onSuccess: (added) => {
        setNewDomain('');
        setAddError(undefined);
        showToast({ kind: 'success', message: t('portals.detail.added', { domain: added.domain }) });
      },
      onError: (error) => setAddError(firstErrorDetail(error) ?? t('forms.default_error')),
    });
  };

  const failed = (error: unknown) =>
    showToast({ kind: 'error', message: firstErrorDetail(error) ?? t('forms.default_error') });

  return (
    <Panel title={t('portals.detail.domains')} testId="portal-domains">
      <p className="mb-3 text-sm text-slate-600">{t('portals.detail.domains_description')}</p>
      {domains.isPending ? (
        <Loading />
      ) : domains.isError ? (
        <ErrorBlock kind={errorKindOf(domains.error)} asPage={false} onRetry={() => void domains.refetch()} />
      ) : (
        <ul className="mb-4 divide-y divide-slate-200">
          {domains.data.map((domain) => (
            <li
              key={domain.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="portal-domain"
            >
              <span className="flex items-center gap-2 font-medium text-slate-900">
                {domain.domain}
                {domain.isPrimary && (
                  <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-white">
                    {t('portals.detail.primary')}
                  </span>
                )}
              </span>
              {!domain.isPrimary && (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={makePrimary.isPending && makePrimary.variables === domain.id}
                    onClick={() => makePrimary.mutate(domain.id, { onError: failed })}
                  >
                    {t('portals.detail.make_primary', { domain: domain.domain })}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={remove.isPending && remove.variables === domain.id}
                    onClick={() => remove.mutate(domain.id, { onError: failed })}
                  >
                    {t('portals.detail.remove', { domain: domain.domain })}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="flex flex-wrap items-start gap-2">
        <div className="min-w-64 flex-1">
          <TextField
            name="domain"
            label={t('portals.detail.add_domain')}
            hint={t('portals.wizard.primary_domain_hint')}
            value={newDomain}
            onValueChange={(value) => {
              setNewDomain(value);
              setAddError(undefined);
            }}
            error={addError}
            autoCapitalize="none"
            spellCheck={false}
          />
        </div>
        <Button type="submit" className="mt-7" loading={add.isPending}>
          {t('portals.detail.add')}
        </Button>
      </form>
    </Panel>
  );
}
