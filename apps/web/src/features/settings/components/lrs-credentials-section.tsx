/**
 * The Learning Record Store's credentials on /admin/settings/integrations (decision 063): the
 * endpoint, the list of keys with their scopes and last use, a form to make one (the secret shown
 * once) and revoking; and the switch for Leerpad's own statements about learning (decision 069).
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { fieldProps } from '../../../components/form/field-props';
import { GeneralErrors, TextField } from '../../../components/form/fields';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { TableHead } from '../../../components/table';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  useCreateXapiCredential,
  useRevokeXapiCredential,
  useSaveXapiSettings,
  XAPI_SCOPES,
  xapiCredentialsQuery,
  xapiSettingsQuery,
  type XapiCredential,
} from '../../../lib/resources/xapi-credentials';
import { showToast } from '../../../lib/toasts/toasts';
import { OnceSecret } from './once-secret';
import { Switch } from './switch';

const sectionClasses = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

export function LrsCredentialsSection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const credentials = useQuery(xapiCredentialsQuery);
  const revoke = useRevokeXapiCredential();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<XapiCredential | null>(null);
  const endpoint = `${window.location.origin}/xapi/`;
  return (
    <section aria-labelledby={headingId} className={sectionClasses} data-testid="lrs-credentials">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('settings.integrations.lrs_title')}
          </h2>
          <p className="text-sm text-slate-600">{t('settings.integrations.lrs_description')}</p>
          <p className="mt-1 text-sm text-slate-700">
            {t('settings.integrations.lrs_endpoint')}{' '}
            <code className="font-mono text-xs" data-testid="lrs-endpoint">
              {endpoint}
            </code>
          </p>
        </div>
        {!creating && (
          <Button onClick={() => setCreating(true)}>{t('settings.integrations.new_lrs_credential')}</Button>
        )}
      </div>
      <SelfStatementsSwitch />
      {created?.secret && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-700">
            {t('settings.integrations.lrs_key')}{' '}
            <code className="font-mono text-xs" data-testid="lrs-key">
              {created.key}
            </code>
          </p>
          <OnceSecret
            label={t('settings.integrations.lrs_secret', { name: created.name })}
            secret={created.secret}
            onDone={() => setCreated(null)}
          />
        </div>
      )}
      {creating && (
        <CredentialForm
          onCancel={() => setCreating(false)}
          onCreated={(credential) => {
            setCreating(false);
            setCreated(credential);
          }}
        />
      )}
      {credentials.isPending ? (
        <Loading />
      ) : credentials.isError ? (
        <ErrorBlock
          kind={errorKindOf(credentials.error)}
          asPage={false}
          onRetry={() => void credentials.refetch()}
        />
      ) : credentials.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('settings.integrations.no_lrs_credentials')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full text-left text-sm" data-testid="lrs-credential-table">
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
              {credentials.data.map((credential) => (
                <tr key={credential.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 font-medium">
                    {credential.name}
                    <span className="block font-mono text-xs font-normal text-slate-600">
                      {credential.key}
                    </span>
                    {credential.creatorName && (
                      <span className="block text-xs font-normal text-slate-600">
                        {t('settings.integrations.made_by', { name: credential.creatorName })}
                      </span>
                    )}
                  </th>
                  <td className="px-2 py-2 font-mono text-xs">{credential.scopes.join(', ')}</td>
                  <td className="px-2 py-2">
                    {credential.lastUsedAt
                      ? formatDateTime(credential.lastUsedAt, i18n.language)
                      : t('settings.integrations.never')}
                  </td>
                  <td className="px-2 py-2">
                    {credential.revokedAt
                      ? t('settings.integrations.revoked')
                      : t('settings.integrations.active')}
                  </td>
                  <td className="px-2 py-2 text-right">
                    {!credential.revokedAt && (
                      <Button
                        variant="danger"
                        size="sm"
                        disabled={revoke.isPending}
                        onClick={() => {
                          if (
                            window.confirm(
                              t('settings.integrations.confirm_revoke_lrs', { name: credential.name }),
                            )
                          )
                            revoke.mutate(credential.id, {
                              onSuccess: () =>
                                showToast({
                                  kind: 'success',
                                  message: t('settings.integrations.lrs_credential_revoked'),
                                }),
                            });
                        }}
                      >
                        {t('settings.integrations.revoke')}
                        <span className="sr-only">: {credential.name}</span>
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

function CredentialForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (credential: XapiCredential) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateXapiCredential();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['statements/write', 'statements/read/mine']);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const legendId = useId();
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
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
      noValidate
      data-testid="lrs-credential-form"
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
        <p className="text-sm text-slate-600">{t('settings.integrations.lrs_scopes_hint')}</p>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {XAPI_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={scopes.includes(scope)}
                onChange={(event) =>
                  setScopes((current) =>
                    event.target.checked ? [...current, scope] : current.filter((one) => one !== scope),
                  )
                }
              />
              <span>
                <span className="font-mono text-xs">{scope}</span>
                <span className="block text-slate-600">{t(`settings.integrations.lrs_scope.${scope}`)}</span>
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
          {t('settings.integrations.create_lrs_credential')}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t('settings.integrations.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Whether Leerpad records its learners' completions, quiz results and certificates in this LRS. */
function SelfStatementsSwitch() {
  const { t } = useTranslation();
  const descriptionId = useId();
  const settings = useQuery(xapiSettingsQuery);
  const save = useSaveXapiSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError)
    return (
      <ErrorBlock kind={errorKindOf(settings.error)} asPage={false} onRetry={() => void settings.refetch()} />
    );
  const label = t('settings.integrations.lrs_self_statements');
  return (
    <div
      className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4"
      data-testid="lrs-self-statements"
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{label}</p>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {t('settings.integrations.lrs_self_statements_description')}
        </p>
      </div>
      <Switch
        label={label}
        describedBy={descriptionId}
        checked={settings.data.selfStatements}
        busy={save.isPending}
        onCheckedChange={(on) =>
          save.mutate(
            { selfStatements: on },
            {
              onSuccess: () =>
                showToast({
                  kind: 'success',
                  message: t(
                    on
                      ? 'settings.integrations.lrs_self_statements_on'
                      : 'settings.integrations.lrs_self_statements_off',
                  ),
                }),
            },
          )
        }
      />
    </div>
  );
}
