/** /academy/marketing: the portal's mailing list: opt-in text, default consent and the list as CSV. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextAreaField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  MAILING_LIST_EXPORT_URL,
  mailingListSettingsQuery,
  useSaveMailingListSettings,
  type MailingListSettings,
} from '../../../lib/resources/mailing-list';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { Form } from '../../../components/form/form';

export function MarketingPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.marketing.title'));
  const settings = useQuery(mailingListSettingsQuery);
  return (
    <div className="mx-auto max-w-3xl" data-page="academy-marketing">
      <PageHeader title={t('settings.marketing.title')} description={t('settings.marketing.description')} />
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorBlock
          kind={errorKindOf(settings.error)}
          asPage={false}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <MailingListForm settings={settings.data} />
      )}
    </div>
  );
}

function MailingListForm({ settings }: { settings: MailingListSettings }) {
  const { t } = useTranslation();
  const save = useSaveMailingListSettings();
  const [optInText, setOptInText] = useState(settings.optInText);
  const [defaultConsent, setDefaultConsent] = useState(settings.defaultConsent);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const consentId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    save.mutate(
      { optInText, defaultConsent },
      {
        onSuccess: () => showToast({ kind: 'success', message: t('settings.marketing.saved') }),
        onError: (failure) =>
          setErrors(formErrorsFrom(failure, ['optInText', 'defaultConsent'], t('forms.default_error'))),
      },
    );
  };

  return (
    <div className="grid gap-6">
      <Form
        onSubmit={submit}
        className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5"
        noValidate
        data-testid="mailing-list-form"
      >
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <TextAreaField
          {...fieldProps(errors, 'optInText', optInText, setOptInText)}
          label={t('settings.marketing.opt_in_text')}
          hint={t('settings.marketing.opt_in_hint')}
          rows={3}
        />
        <div className="rounded-lg bg-slate-50 p-3" aria-live="polite">
          <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {t('settings.marketing.preview')}
          </p>
          <p className="mt-2 flex items-start gap-2 text-sm text-slate-800" data-testid="opt-in-preview">
            <span
              aria-hidden="true"
              className={`mt-0.5 inline-flex size-4 shrink-0 items-center justify-center rounded border border-slate-500 text-xs ${defaultConsent ? 'bg-slate-800 text-white' : 'bg-white'}`}
            >
              {defaultConsent ? '✓' : ''}
            </span>
            <span>{optInText || t('settings.marketing.no_text')}</span>
          </p>
        </div>
        <div className="flex items-start gap-2">
          <input
            id={consentId}
            type="checkbox"
            checked={defaultConsent}
            onChange={(event) => setDefaultConsent(event.target.checked)}
            className="mt-1 size-4 rounded border-slate-400"
          />
          <label htmlFor={consentId} className="text-sm text-slate-800">
            {t('settings.marketing.default_consent')}
            <span className="block text-slate-600">{t('settings.marketing.default_consent_hint')}</span>
          </label>
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} data-testid="save-mailing-list">
            {t('settings.marketing.save')}
          </Button>
        </div>
      </Form>
      <section
        aria-labelledby="mailing-list-export"
        className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5"
      >
        <div>
          <h2 id="mailing-list-export" className="font-semibold text-slate-900">
            {t('settings.marketing.export_title')}
          </h2>
          <p className="text-sm text-slate-600" data-testid="consenting-count">
            {t('settings.marketing.consenting', { count: settings.consentingAccounts })}
          </p>
        </div>
        <a href={MAILING_LIST_EXPORT_URL} className={buttonClasses('secondary')} download>
          {t('settings.marketing.export')}
        </a>
      </section>
    </div>
  );
}
