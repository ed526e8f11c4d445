/**
 * LTI 1.3 tools on /admin/settings/integrations (decision 070): the portal's tools with what each
 * needs to know about us, registering one by its dynamic-registration address (it then waits for
 * approval) or by hand, switching tools on and off, and rotating the portal's signing key.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { fieldProps } from '../../../components/form/field-props';
import { GeneralErrors, TextAreaField, TextField } from '../../../components/form/fields';
import { Form } from '../../../components/form/form';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  fetchLtiRegistration,
  LTI_SERVICES,
  ltiKeys,
  ltiPlatformKeysQuery,
  ltiToolsQuery,
  useCreateLtiTool,
  useDeleteLtiTool,
  useRotateLtiKey,
  useStartLtiRegistration,
  useUpdateLtiTool,
  type LtiService,
  type LtiTool,
} from '../../../lib/resources/lti';
import { showToast } from '../../../lib/toasts/toasts';

const sectionClasses = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
const REGISTRATION_POLL_MS = 1500;

export function LtiToolsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const tools = useQuery(ltiToolsQuery);
  const [mode, setMode] = useState<'none' | 'dynamic' | 'manual'>('none');
  return (
    <section aria-labelledby={headingId} className={sectionClasses} data-testid="lti-tools">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('settings.integrations.lti.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.integrations.lti.description')}</p>
        </div>
        {mode === 'none' && (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setMode('dynamic')}>{t('settings.integrations.lti.register')}</Button>
            <Button variant="secondary" onClick={() => setMode('manual')}>
              {t('settings.integrations.lti.add_manually')}
            </Button>
          </div>
        )}
      </div>
      {mode === 'dynamic' && <DynamicRegistration onDone={() => setMode('none')} />}
      {mode === 'manual' && <ManualToolForm onDone={() => setMode('none')} />}
      {tools.isPending ? (
        <Loading />
      ) : tools.isError ? (
        <ErrorBlock kind={errorKindOf(tools.error)} asPage={false} onRetry={() => void tools.refetch()} />
      ) : tools.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('settings.integrations.lti.no_tools')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="lti-tool-list">
          {tools.data.map((tool) => (
            <ToolCard key={tool.id} tool={tool} />
          ))}
        </ul>
      )}
      <SigningKeys />
    </section>
  );
}

function ToolCard({ tool }: { tool: LtiTool }) {
  const { t } = useTranslation();
  const update = useUpdateLtiTool();
  const remove = useDeleteLtiTool();
  const headingId = useId();
  const facts: Array<[string, string]> = [
    [t('settings.integrations.lti.client_id'), tool.clientId],
    [t('settings.integrations.lti.deployment_id'), tool.deploymentIds.join(', ')],
    [t('settings.integrations.lti.issuer'), tool.platform.issuer],
    [t('settings.integrations.lti.authorization_url'), tool.platform.authorizationUrl],
    [t('settings.integrations.lti.token_url'), tool.platform.tokenUrl],
    [t('settings.integrations.lti.jwks_url'), tool.platform.jwksUrl],
    [t('settings.integrations.lti.login_url'), tool.loginUrl],
    [t('settings.integrations.lti.launch_url'), tool.launchUrl],
    [t('settings.integrations.lti.redirect_uris'), tool.redirectUris.join(', ')],
    [t('settings.integrations.lti.tool_jwks_url'), tool.jwksUrl ?? '—'],
    [
      t('settings.integrations.lti.custom'),
      Object.entries(tool.custom)
        .map(([name, value]) => `${name}=${value}`)
        .join(', ') || '—',
    ],
  ];
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-slate-200 p-4"
      aria-labelledby={headingId}
      data-testid="lti-tool"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {tool.name}{' '}
          <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {t(`settings.integrations.lti.status.${tool.status}`)}
          </span>
        </h3>
        <div className="flex flex-wrap gap-2">
          {tool.status !== 'active' ? (
            <Button
              size="sm"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: tool.id, status: 'active' },
                  {
                    onSuccess: () =>
                      showToast({
                        kind: 'success',
                        message: t('settings.integrations.lti.approved', { name: tool.name }),
                      }),
                  },
                )
              }
            >
              {t(
                tool.status === 'pending'
                  ? 'settings.integrations.lti.approve'
                  : 'settings.integrations.lti.switch_on',
              )}
              <span className="sr-only">: {tool.name}</span>
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: tool.id, status: 'disabled' })}
            >
              {t('settings.integrations.lti.switch_off')}
              <span className="sr-only">: {tool.name}</span>
            </Button>
          )}
          <Button
            size="sm"
            variant="danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('settings.integrations.lti.confirm_remove', { name: tool.name })))
                remove.mutate(tool.id);
            }}
          >
            {t('settings.integrations.lti.remove')}
            <span className="sr-only">: {tool.name}</span>
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        {t('settings.integrations.lti.services')}:{' '}
        {tool.services.length
          ? tool.services.map((service) => t(`settings.integrations.lti.service.${service}`)).join(', ')
          : '—'}
        {' · '}
        {t(`settings.integrations.lti.registered_by.${tool.registeredBy}`)}
      </p>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-mono text-xs break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function DynamicRegistration({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const start = useStartLtiRegistration();
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [registrationId, setRegistrationId] = useState<string | null>(null);

  // Until the tool has registered itself, ask now and then; then show it (pending) in the list.
  useEffect(() => {
    if (!registrationId) return;
    const timer = setInterval(() => {
      void fetchLtiRegistration(registrationId).then((registration) => {
        if (!registration.toolId) return;
        clearInterval(timer);
        void queryClient.invalidateQueries({ queryKey: ltiKeys.tools });
        showToast({ kind: 'success', message: t('settings.integrations.lti.registered') });
        onDone();
      });
    }, REGISTRATION_POLL_MS);
    return () => clearInterval(timer);
  }, [registrationId, queryClient, onDone, t]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) {
      setErrors({ fields: { registrationUrl: t('settings.integrations.lti.url_required') }, general: [] });
      return;
    }
    const opened = window.open('about:blank', '_blank');
    start.mutate(url.trim(), {
      onSuccess: (registration) => {
        setErrors(NO_ERRORS);
        setRegistrationId(registration.id);
        if (opened) opened.location.href = registration.openUrl;
      },
      onError: (error) => {
        opened?.close();
        setErrors(formErrorsFrom(error, ['registrationUrl'], t('settings.integrations.save_failed')));
      },
    });
  };
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
      data-testid="lti-registration-form"
    >
      <p className="text-sm text-slate-600">{t('settings.integrations.lti.register_hint')}</p>
      <GeneralErrors messages={errors.general} />
      <TextField
        {...fieldProps(errors, 'registrationUrl', url, setUrl)}
        label={t('settings.integrations.lti.registration_url')}
        type="url"
      />
      {registrationId && (
        <p className="text-sm text-slate-700" role="status">
          {t('settings.integrations.lti.waiting_for_tool')}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={start.isPending}>
          {t('settings.integrations.lti.open_registration')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('settings.integrations.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function ManualToolForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const create = useCreateLtiTool();
  const legendId = useId();
  const [name, setName] = useState('');
  const [loginUrl, setLoginUrl] = useState('');
  const [launchUrl, setLaunchUrl] = useState('');
  const [redirectUris, setRedirectUris] = useState('');
  const [jwksUrl, setJwksUrl] = useState('');
  const [publicJwk, setPublicJwk] = useState('');
  const [custom, setCustom] = useState('');
  const [services, setServices] = useState<LtiService[]>(['ags', 'nrps']);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const uris = redirectUris.split(/\s+/).filter(Boolean);
    const key = parsePublicJwk(publicJwk);
    const parameters = parseCustom(custom);
    if (key === undefined || parameters === null) {
      setErrors({
        fields: {
          ...(key === undefined ? { publicJwk: t('settings.integrations.lti.public_jwk_invalid') } : {}),
          ...(parameters === null ? { custom: t('settings.integrations.lti.custom_invalid') } : {}),
        },
        general: [],
      });
      return;
    }
    create.mutate(
      {
        publicJwk: key,
        custom: parameters,
        name: name.trim(),
        loginUrl: loginUrl.trim(),
        launchUrl: launchUrl.trim(),
        deepLinkingUrl: services.includes('deep_linking') ? launchUrl.trim() : null,
        redirectUris: uris.length ? uris : [launchUrl.trim()],
        jwksUrl: jwksUrl.trim() || null,
        services,
      },
      {
        onSuccess: (tool) => {
          showToast({ kind: 'success', message: t('settings.integrations.lti.added', { name: tool.name }) });
          onDone();
        },
        onError: (error) =>
          setErrors(
            formErrorsFrom(
              error,
              ['name', 'loginUrl', 'launchUrl', 'redirectUris', 'jwksUrl', 'publicJwk', 'custom', 'services'],
              t('settings.integrations.save_failed'),
            ),
          ),
      },
    );
  };
  return (
    <Form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4"
      data-testid="lti-tool-form"
    >
      <GeneralErrors messages={errors.general} />
      <TextField
        {...fieldProps(errors, 'name', name, setName)}
        label={t('settings.integrations.name')}
        maxLength={200}
      />
      <TextField
        {...fieldProps(errors, 'loginUrl', loginUrl, setLoginUrl)}
        label={t('settings.integrations.lti.login_url')}
        type="url"
      />
      <TextField
        {...fieldProps(errors, 'launchUrl', launchUrl, setLaunchUrl)}
        label={t('settings.integrations.lti.launch_url')}
        type="url"
      />
      <TextField
        {...fieldProps(errors, 'redirectUris', redirectUris, setRedirectUris)}
        label={t('settings.integrations.lti.redirect_uris')}
        hint={t('settings.integrations.lti.redirect_uris_hint')}
      />
      <TextField
        {...fieldProps(errors, 'jwksUrl', jwksUrl, setJwksUrl)}
        label={t('settings.integrations.lti.tool_jwks_url')}
        type="url"
      />
      <TextAreaField
        {...fieldProps(errors, 'publicJwk', publicJwk, setPublicJwk)}
        label={t('settings.integrations.lti.public_jwk')}
        hint={t('settings.integrations.lti.public_jwk_hint')}
        spellCheck={false}
      />
      <TextAreaField
        {...fieldProps(errors, 'custom', custom, setCustom)}
        label={t('settings.integrations.lti.custom')}
        hint={t('settings.integrations.lti.custom_hint')}
        spellCheck={false}
      />
      <fieldset>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          {t('settings.integrations.lti.services')}
        </legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {LTI_SERVICES.map((service) => (
            <label key={service} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={services.includes(service)}
                onChange={(event) =>
                  setServices((current) =>
                    event.target.checked ? [...current, service] : current.filter((one) => one !== service),
                  )
                }
              />
              {t(`settings.integrations.lti.service.${service}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="submit" loading={create.isPending}>
          {t('settings.integrations.lti.add')}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('settings.integrations.cancel')}
        </Button>
      </div>
    </Form>
  );
}

function SigningKeys() {
  const { t, i18n } = useTranslation();
  const keys = useQuery(ltiPlatformKeysQuery);
  const rotate = useRotateLtiKey();
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3" data-testid="lti-keys">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700">{t('settings.integrations.lti.keys_description')}</p>
        <Button
          size="sm"
          variant="secondary"
          disabled={rotate.isPending}
          onClick={() => {
            if (window.confirm(t('settings.integrations.lti.confirm_rotate')))
              rotate.mutate(undefined, {
                onSuccess: () =>
                  showToast({ kind: 'success', message: t('settings.integrations.lti.rotated') }),
              });
          }}
        >
          {t('settings.integrations.lti.rotate')}
        </Button>
      </div>
      {keys.data && (
        <ul className="text-sm text-slate-700">
          {keys.data.map((key) => (
            <li key={key.id}>
              <code className="font-mono text-xs">{key.kid.slice(0, 16)}…</code>{' '}
              {key.retiredAt
                ? t('settings.integrations.lti.key_retired', {
                    date: formatDateTime(key.retiredAt, i18n.language),
                  })
                : t('settings.integrations.lti.key_active', {
                    date: formatDateTime(key.createdAt, i18n.language),
                  })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The tool's public key as a JSON object; null when empty, undefined when it is no JSON object. */
function parsePublicJwk(text: string): Record<string, unknown> | null | undefined {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Custom parameters, one `name=value` per line; null when a line is not of that form. */
function parseCustom(text: string): Record<string, string> | null {
  const parameters: Record<string, string> = {};
  for (const line of text
    .split('\n')
    .map((one) => one.trim())
    .filter(Boolean)) {
    const match = /^([a-zA-Z0-9_]{1,64})\s*=\s*(.*)$/.exec(line);
    if (!match) return null;
    parameters[match[1]!] = match[2]!;
  }
  return parameters;
}
