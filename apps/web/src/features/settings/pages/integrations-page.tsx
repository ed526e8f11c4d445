/**
 * /admin/settings/integrations: API tokens (scoped to permissions, the secret shown once, last use,
 * revoke), outgoing webhooks (address, events, the signing secret shown once, delivery log with
 * redelivery), the credentials of the portal's Learning Record Store (decision 063) and the portal's support links: knowledge base URL and chat id (decision 022).
 */
import { ScrollRegion } from '../../../components/scroll-region';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PERMISSIONS, WEBHOOK_EVENTS, can, describePermission } from '@leerpad/core';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { GeneralErrors, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, formatTimeOfDay } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  apiTokensQuery,
  useCreateApiToken,
  useRevokeApiToken,
  type ApiToken,
} from '../../../lib/resources/api-tokens';
import { useSavePortalInformation } from '../../../lib/resources/portals';
import {
  useDeleteWebhook,
  useRedeliver,
  useSaveWebhook,
  webhookDeliveriesQuery,
  webhooksQuery,
  type Webhook,
} from '../../../lib/resources/webhooks';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { TableHead } from '../../../components/table';
import { Form } from '../../../components/form/form';
import { OnceSecret } from '../components/once-secret';
import { LrsCredentialsSection } from '../components/lrs-credentials-section';
import { LtiToolsSection } from '../components/lti-tools-section';
import { AnalyticsSection } from '../components/analytics-section';

const sectionClasses = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

export function IntegrationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.integrations.title'));
  const { portal } = useSession();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8">
      <PageHeader
        title={t('settings.integrations.title')}
        description={t('settings.integrations.description', { portal: portal?.name ?? '' })}
      />
      <ApiTokensSection />
      <LrsCredentialsSection />
      <LtiToolsSection />
      <WebhooksSection />
      <SupportLinksSection />
      <AnalyticsSection />
    </div>
  );
}

function ApiTokensSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const tokens = useQuery(apiTokensQuery);
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiToken | null>(null);
  return (
    <section aria-labelledby={headingId} className={sectionClasses} data-testid="api-tokens">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('settings.integrations.tokens_title')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.integrations.tokens_description')}</p>
        </div>
        {!creating && (
          <Button onClick={() => setCreating(true)}>{t('settings.integrations.new_token')}</Button>
        )}
      </div>
      {created?.secret && (
        <OnceSecret
          label={t('settings.integrations.token_secret', { name: created.name })}
          secret={created.secret}
          onDone={() => setCreated(null)}
        />
      )}
      {creating && (
        <TokenForm
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      )}
      {tokens.isPending ? (
        <Loading />
      ) : tokens.isError ? (
        <ErrorBlock kind={errorKindOf(tokens.error)} asPage={false} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('settings.integrations.no_tokens')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="token-table">
            <TableHead
              className=""
              rowClassName="border-b border-slate-200"
              cellClassName="px-2 py-2"
              columns={[
                ...['name', 'scopes', 'last_used', 'state'].map((key) => t(`settings.integrations.${key}`)),
                { label: t('settings.integrations.actions'), hidden: true },
              ]}
            />
            <tbody>
              {tokens.data.map((token) => (
                <tr key={token.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 font-medium">
                    {token.name}
                    <span className="block font-mono text-xs font-normal text-slate-600">
                      {token.tokenHint}…
                    </span>
                    <span className="block text-xs font-normal text-slate-600">
                      {t('settings.integrations.made_by', { name: token.creatorName })}
                    </span>
                  </th>
                  <td className="px-2 py-2 font-mono text-xs">{token.scopes.join(', ')}</td>
                  <td className="px-2 py-2">
                    {token.lastUsedAt
                      ? formatDateTime(token.lastUsedAt, i18n.language)
                      : t('settings.integrations.never')}
                  </td>
                  <td className="px-2 py-2">
                    {token.revokedAt ? t('settings.integrations.revoked') : t('settings.integrations.active')}
                  </td>
                  <td className="px-2 py-2 text-right">
                    {!token.revokedAt && (
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={revoke.isPending}
                        onClick={() => {
                          if (window.confirm(t('settings.integrations.confirm_revoke', { name: token.name })))
                            revoke.mutate(token.id, {
                              onSuccess: () =>
                                showToast({
                                  kind: 'success',
                                  message: t('settings.integrations.token_revoked'),
                                }),
                            });
                        }}
                      >
                        {t('settings.integrations.revoke')}
                        <span className="sr-only">: {token.name}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function TokenForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (token: ApiToken) => void }) {
  const { t } = useTranslation();
  const { roles, features } = useSession();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const legendId = useId();
  const held = PERMISSIONS.filter((permission) => can({ roles, features }, permission));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t('settings.integrations.name_required');
    if (scopes.length === 0) local.scopes = t('settings.integrations.scopes_required');
    if (Object.keys(local).length) {
      setErrors({ fields: local, general: [] });
      return;
    }
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: onCreated,
        onError: (error) =>
          setErrors(formErrorsFrom(error, ['name', 'scopes'], t('settings.integrations.save_failed'))),
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
      noValidate
      data-testid="token-form"
    >
      <GeneralErrors messages={errors.general} />
      <TextField
        {...fieldProps(errors, 'name', name, setName)}
        label={t('settings.integrations.name')}
        maxLength={100}
      />
      <fieldset aria-describedby={errors.fields.scopes ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          {t('settings.integrations.scopes')}
        </legend>
        <p className="text-sm text-slate-600">{t('settings.integrations.scopes_hint')}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {held.map((permission) => (
            <label key={permission} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={scopes.includes(permission)}
                onChange={(event) =>
                  setScopes((current) =>
                    event.target.checked
                      ? [...current, permission]
                      : current.filter((one) => one !== permission),
                  )
                }
              />
              <span>
                <span className="font-mono text-xs">{permission}</span>
                <span className="block text-slate-600">{describePermission(permission)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.fields.scopes && (
          <p id={`${legendId}-error`} className="mt-1 text-sm text-red-700">
            {errors.fields.scopes}
          </p>
        )}
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" disabled={create.isPending}>
          {t('settings.integrations.create_token')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('settings.integrations.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function WebhooksSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const hooks = useQuery(webhooksQuery);
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  return (
    <section aria-labelledby={headingId} className={sectionClasses} data-testid="webhooks">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('settings.integrations.webhooks_title')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.integrations.webhooks_description')}</p>
        </div>
        {editing === null && (
          <Button onClick={() => setEditing('new')}>{t('settings.integrations.new_webhook')}</Button>
        )}
      </div>
      {secret && (
        <OnceSecret
          label={t('settings.integrations.webhook_secret', { url: secret.url })}
          secret={secret.secret}
          onDone={() => setSecret(null)}
        />
      )}
      {editing !== null && (
        <WebhookForm
          webhook={editing === 'new' ? null : editing}
          onCancel={() => setEditing(null)}
          onSaved={(hook) => {
            setEditing(null);
            if (hook.secret) setSecret({ url: hook.url, secret: hook.secret });
            showToast({ kind: 'success', message: t('settings.integrations.webhook_saved') });
          }}
        />
      )}
      {hooks.isPending ? (
        <Loading />
      ) : hooks.isError ? (
        <ErrorBlock kind={errorKindOf(hooks.error)} asPage={false} onRetry={() => void hooks.refetch()} />
      ) : hooks.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('settings.integrations.no_webhooks')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="webhook-list">
          {hooks.data.map((hook) => (
            <li key={hook.id} className="rounded-xl border border-slate-200 p-4" data-testid="webhook">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-all font-mono text-sm text-slate-900">{hook.url}</p>
                  <p className="text-sm text-slate-600">
                    {hook.active ? t('settings.integrations.active') : t('settings.integrations.inactive')} ·{' '}
                    {hook.events.join(', ')} ·{' '}
                    {t('settings.integrations.secret_hint', { hint: hook.secretHint })}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-expanded={logOf === hook.id}
                    onClick={() => setLogOf(logOf === hook.id ? null : hook.id)}
                  >
                    {t('settings.integrations.delivery_log')}
                    <span className="sr-only">: {hook.url}</span>
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => setEditing(hook)}>
                    {t('settings.integrations.edit')}
                    <span className="sr-only">: {hook.url}</span>
                  </Button>
                  <Button
                    variant="danger"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(t('settings.integrations.confirm_delete_webhook', { url: hook.url }))
                      )
                        remove.mutate(hook.id);
                    }}
                  >
                    {t('settings.integrations.delete')}
                    <span className="sr-only">: {hook.url}</span>
                  </Button>
                </div>
              </div>
              {logOf === hook.id && <DeliveryLog webhookId={hook.id} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WebhookForm({
  webhook,
  onCancel,
  onSaved,
}: {
  webhook: Webhook | null;
  onCancel: () => void;
  onSaved: (hook: Webhook) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveWebhook();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [active, setActive] = useState(webhook?.active ?? true);
  const [rotate, setRotate] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const legendId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setErrors({ fields: { events: t('settings.integrations.events_required') }, general: [] });
      return;
    }
    save.mutate(
      {
        id: webhook?.id ?? null,
        input: { url: url.trim(), events, active, ...(rotate ? { rotateSecret: true } : {}) },
      },
      {
        onSuccess: onSaved,
        onError: (error) =>
          setErrors(formErrorsFrom(error, ['url', 'events'], t('settings.integrations.save_failed'))),
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
      data-testid="webhook-form"
    >
      <GeneralErrors messages={errors.general} />
      <TextField
        {...fieldProps(errors, 'url', url, setUrl)}
        type="url"
        label={t('settings.integrations.url')}
        hint={t('settings.integrations.url_hint')}
      />
      <fieldset>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          {t('settings.integrations.events')}
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={(event) =>
                  setEvents((current) =>
                    event.target.checked ? [...current, name] : current.filter((one) => one !== name),
                  )
                }
              />
              <span className="font-mono text-xs">{name}</span>
            </label>
          ))}
        </div>
        {errors.fields.events && <p className="mt-1 text-sm text-red-700">{errors.fields.events}</p>}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t('settings.integrations.webhook_active')}
      </label>
      {webhook && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={rotate} onChange={(event) => setRotate(event.target.checked)} />
          {t('settings.integrations.rotate_secret')}
        </label>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {t('settings.integrations.save_webhook')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('settings.integrations.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function DeliveryLog({ webhookId }: { webhookId: string }) {
  const { t, i18n } = useTranslation();
  const deliveries = useQuery(webhookDeliveriesQuery(webhookId));
  const redeliver = useRedeliver(webhookId);
  if (deliveries.isPending) return <Loading />;
  if (deliveries.isError)
    return (
      <ErrorBlock
        kind={errorKindOf(deliveries.error)}
        asPage={false}
        onRetry={() => void deliveries.refetch()}
      />
    );
  if (deliveries.data.length === 0)
    return <p className="mt-3 text-sm text-slate-600">{t('settings.integrations.no_deliveries')}</p>;
  return (
    <ScrollRegion label={t('settings.integrations.delivery_log')} className="mt-3">
      <table className="min-w-full text-left text-sm" data-testid="delivery-log">
        <caption className="sr-only">{t('settings.integrations.delivery_log')}</caption>
        <TableHead
          className=""
          rowClassName="border-b border-slate-200"
          cellClassName="px-2 py-1"
          columns={[
            ...['event', 'created', 'status', 'attempts', 'response'].map((key) =>
              t(`settings.integrations.${key}`),
            ),
            { label: t('settings.integrations.actions'), hidden: true },
          ]}
        />
        <tbody>
          {deliveries.data.map((delivery) => (
            <tr key={delivery.id} className="border-b border-slate-100" data-testid="delivery">
              <th scope="row" className="px-2 py-1 font-mono text-xs font-normal">
                {delivery.event}
              </th>
              <td className="px-2 py-1">{formatDateTime(delivery.createdAt, i18n.language)}</td>
              <td className="px-2 py-1" data-testid="delivery-status">
                {delivery.willRetry
                  ? t('settings.integrations.delivery_status.retrying')
                  : t(`settings.integrations.delivery_status.${delivery.status}`)}
              </td>
              <td className="px-2 py-1">
                <span className="tabular-nums">{delivery.attempts}</span>
                {delivery.attemptLog.length > 0 && (
                  <ol
                    className="mt-1 flex flex-col gap-0.5 text-xs text-slate-600"
                    data-testid="delivery-attempts"
                  >
                    {delivery.attemptLog.map((attempt, index) => (
                      <li key={`${attempt.attemptedAt}-${index}`} data-testid="delivery-attempt">
                        {t(
                          attempt.succeeded
                            ? 'settings.integrations.attempt_delivered'
                            : 'settings.integrations.attempt_failed',
                          {
                            number: index + 1,
                            response: attempt.responseCode ?? t('settings.integrations.no_response'),
                            time: formatTimeOfDay(attempt.attemptedAt, i18n.language),
                          },
                        )}
                      </li>
                    ))}
                  </ol>
                )}
              </td>
              <td className="px-2 py-1">
                {delivery.responseCode ?? '—'}
                {delivery.error && (
                  <span className="block text-xs text-slate-600">
                    {delivery.responseCode === null
                      ? t('settings.integrations.error_unreachable')
                      : t('settings.integrations.error_status', { code: delivery.responseCode })}
                  </span>
                )}
              </td>
              <td className="px-2 py-1 text-right">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={redeliver.isPending}
                  onClick={() =>
                    redeliver.mutate(delivery.id, {
                      onSuccess: () =>
                        showToast({ kind: 'success', message: t('settings.integrations.redelivering') }),
                    })
                  }
                >
                  {t('settings.integrations.redeliver')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function SupportLinksSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const { portal } = useSession();
  const save = useSavePortalInformation(portal?.id ?? '');
  const [knowledgeBaseUrl, setKnowledgeBaseUrl] = useState(portal?.information?.knowledgeBaseUrl ?? '');
  const [zendeskChatId, setZendeskChatId] = useState(portal?.information?.zendeskChatId ?? '');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    save.mutate(
      { knowledgeBaseUrl: knowledgeBaseUrl.trim() || null, zendeskChatId: zendeskChatId.trim() || null },
      {
        onSuccess: () => showToast({ kind: 'success', message: t('settings.integrations.links_saved') }),
        onError: (error) =>
          setErrors(
            formErrorsFrom(
              error,
              ['information.knowledgeBaseUrl', 'information.zendeskChatId'],
              t('settings.integrations.save_failed'),
            ),
          ),
      },
    );
  };
  return (
    <section aria-labelledby={headingId} className={sectionClasses}>
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('settings.integrations.links_title')}
        </h2>
        <p className="text-sm text-slate-600">{t('settings.integrations.links_description')}</p>
      </div>
      <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="support-links-form">
        <GeneralErrors messages={errors.general} />
        <TextField
          name="knowledge_base_url"
          type="url"
          label={t('settings.integrations.knowledge_base_url')}
          hint={t('settings.integrations.knowledge_base_hint')}
          value={knowledgeBaseUrl}
          onValueChange={setKnowledgeBaseUrl}
          error={errors.fields['information.knowledgeBaseUrl']}
        />
        <TextField
          name="zendesk_chat_id"
          label={t('settings.integrations.chat_id')}
          hint={t('settings.integrations.chat_id_hint')}
          value={zendeskChatId}
          onValueChange={setZendeskChatId}
          error={errors.fields['information.zendeskChatId']}
        />
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('settings.integrations.save_links')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
