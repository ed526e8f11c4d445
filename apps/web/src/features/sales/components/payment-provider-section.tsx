/**
 * The payment provider of the portal, on the sales settings screen: the built-in test provider, or
 * Stripe with its secret key and the signing secret of the webhook endpoint. Stored keys show as
 * hints only; leaving a key field empty keeps the stored one.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import {
  NO_ERRORS,
  focusFirstError,
  formErrorsFrom,
  type FormErrors,
} from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  paymentProviderQuery,
  useSavePaymentProvider,
  type PaymentProviderName,
} from '../../../lib/resources/payment-provider';
import { showToast } from '../../../lib/toasts/toasts';
import { Form } from '../../../components/form/form';

const FIELDS = ['provider', 'secretKey', 'webhookSecret'] as const;

export function PaymentProviderSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const settings = useQuery(paymentProviderQuery);
  const save = useSavePaymentProvider();
  const [provider, setProvider] = useState<PaymentProviderName>('test');
  const [secretKey, setSecretKey] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const stored = settings.data;
  useEffect(() => {
    if (stored) setProvider(stored.provider);
  }, [stored]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    save.mutate(
      {
        provider,
        secretKey: provider === 'stripe' ? secretKey.trim() || null : null,
        webhookSecret: provider === 'stripe' ? webhookSecret.trim() || null : null,
      },
      {
        onSuccess: () => {
          setSecretKey('');
          setWebhookSecret('');
          showToast({ kind: 'success', message: t('sales.provider.saved') });
        },
        onError: (error) => {
          const next = formErrorsFrom(error, FIELDS, t('forms.default_error'));
          setErrors(next);
          focusFirstError(next.fields);
        },
      },
    );
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="payment-provider"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('sales.provider.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('sales.provider.description')}</p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorBlock
          kind={errorKindOf(settings.error)}
          asPage={false}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <Form onSubmit={submit} noValidate className="flex flex-col gap-4">
          {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-800">{t('sales.provider.choose')}</legend>
            <div className="flex flex-col gap-2" data-field="provider">
              {(['test', 'stripe'] as const).map((option) => (
                <label key={option} className="flex items-start gap-3">
                  <input
                    type="radio"
                    name="provider"
                    value={option}
                    className="mt-1 size-4 accent-primary"
                    checked={provider === option}
                    onChange={() => {
                      setProvider(option);
                      setErrors(NO_ERRORS);
                    }}
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{t(`sales.provider.${option}`)}</span>
                    <span className="block text-sm text-slate-600">{t(`sales.provider.${option}_hint`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {provider === 'stripe' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                {...fieldProps(errors, 'secretKey', secretKey, setSecretKey)}
                type="password"
                label={t('sales.provider.secret_key')}
                hint={
                  stored?.secretKeyHint
                    ? t('sales.provider.stored', { hint: stored.secretKeyHint })
                    : t('sales.provider.secret_key_hint')
                }
                autoComplete="off"
                maxLength={300}
              />
              <TextField
                {...fieldProps(errors, 'webhookSecret', webhookSecret, setWebhookSecret)}
                type="password"
                label={t('sales.provider.webhook_secret')}
                hint={
                  stored?.webhookSecretHint
                    ? t('sales.provider.stored', { hint: stored.webhookSecretHint })
                    : t('sales.provider.webhook_secret_hint')
                }
                autoComplete="off"
                maxLength={300}
              />
              <p className="text-sm text-slate-700 sm:col-span-2">
                {t('sales.provider.webhook_url')}{' '}
                <code
                  className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900"
                  data-testid="webhook-url"
                >
                  {stored?.webhookUrl}
                </code>
              </p>
            </div>
          )}
          <div className="flex justify-end">
            <Button type="submit" loading={save.isPending} data-testid="save-provider">
              {t('sales.provider.save')}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}
