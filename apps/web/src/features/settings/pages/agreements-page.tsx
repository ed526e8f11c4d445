/** /admin/settings/agreements: publish versioned terms per language and read the acceptance log. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { ScrollRegion } from '../../../components/scroll-region';
import {
  controlClasses,
  describedByOf,
  FieldShell,
  FormMessage,
  TextField,
} from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  ACCEPTANCES_EXPORT_URL,
  acceptancesQuery,
  agreementsQuery,
  usePublishAgreement,
} from '../../../lib/resources/agreements';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { TableHead } from '../../../components/table';
import { Form } from '../../../components/form/form';

const FIELDS = ['title', 'body', 'language', 'newVersion'];

export function AgreementsPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.agreements.admin.title'));
  return (
    <div className="mx-auto max-w-5xl" data-page="admin-agreements">
      <PageHeader
        title={t('settings.agreements.admin.title')}
        description={t('settings.agreements.admin.description')}
      />
      <PublishForm />
      <Versions />
      <AcceptanceLog />
    </div>
  );
}

function PublishForm() {
  const { t } = useTranslation();
  const { portal } = useSession();
  const languages = (portal?.languages ?? []).map((language) => language.locale);
  const publish = usePublishAgreement();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [language, setLanguage] = useState(languages[0] ?? 'en');
  const [newVersion, setNewVersion] = useState(true);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const languageId = useId();
  const newVersionId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    publish.mutate(
      { title, body, language, newVersion },
      {
        onSuccess: (agreement) => {
          showToast({
            kind: 'success',
            message: t('settings.agreements.admin.published', { version: agreement.version }),
          });
          setTitle('');
          setBody('');
        },
        onError: (failure) => setErrors(formErrorsFrom(failure, FIELDS, t('forms.default_error'))),
      },
    );
  };

  return (
    <section aria-labelledby="publish-terms" className="mb-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="publish-terms" className="mb-4 text-lg font-semibold text-slate-900">
        {t('settings.agreements.admin.publish_title')}
      </h2>
      <Form onSubmit={submit} className="grid gap-4" noValidate data-testid="agreement-form">
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <TextField
          {...fieldProps(errors, 'title', title, setTitle)}
          label={t('settings.agreements.fields.title')}
          required
        />
        <RichTextEditor
          label={t('settings.agreements.fields.body')}
          value={body}
          onChange={setBody}
          error={errors.fields.body}
          field="body"
        />
        <FieldShell
          id={languageId}
          label={t('settings.agreements.fields.language')}
          error={errors.fields.language}
        >
          <select
            id={languageId}
            value={language}
            data-field="language"
            onChange={(event) => setLanguage(event.target.value)}
            aria-describedby={describedByOf(languageId, errors.fields.language)}
            className={`${controlClasses} h-11 border-slate-300`}
          >
            {(languages.length > 0 ? languages : ['en', 'nl', 'ro']).map((value) => (
              <option key={value} value={value}>
                {t(`language.names.${value}`)}
              </option>
            ))}
          </select>
        </FieldShell>
        <div className="flex items-start gap-2">
          <input
            id={newVersionId}
            type="checkbox"
            checked={newVersion}
            onChange={(event) => setNewVersion(event.target.checked)}
            className="mt-1 size-4 rounded border-slate-400"
          />
          <label htmlFor={newVersionId} className="text-sm text-slate-800">
            {t('settings.agreements.fields.new_version')}
            <span className="block text-slate-600">{t('settings.agreements.fields.new_version_hint')}</span>
          </label>
        </div>
        {errors.fields.newVersion && <FormMessage kind="error">{errors.fields.newVersion}</FormMessage>}
        <div className="flex justify-end">
          <Button type="submit" loading={publish.isPending} data-testid="publish-agreement">
            {t('settings.agreements.admin.publish')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function Versions() {
  const { t, i18n } = useTranslation();
  const versions = useQuery(agreementsQuery);
  return (
    <section aria-labelledby="terms-versions" className="mb-8">
      <h2 id="terms-versions" className="mb-3 text-lg font-semibold text-slate-900">
        {t('settings.agreements.admin.versions')}
      </h2>
      {versions.isPending ? (
        <Loading />
      ) : versions.isError ? (
        <ErrorBlock
          kind={errorKindOf(versions.error)}
          asPage={false}
          onRetry={() => void versions.refetch()}
        />
      ) : versions.data.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('settings.agreements.admin.no_versions_title')}
          description={t('settings.agreements.admin.no_versions')}
        />
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          data-testid="agreement-versions"
        >
          {versions.data.map((agreement) => (
            <li key={agreement.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <div>
                <p className="font-medium text-slate-900">{agreement.title}</p>
                <p className="text-sm text-slate-600">
                  {t('settings.agreements.version', { version: agreement.version })} ·{' '}
                  {t(`language.names.${agreement.language}`)} ·{' '}
                  {formatDateTime(agreement.publishedAt, i18n.language)}
                </p>
              </div>
              {agreement.current && (
                <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                  {t('settings.agreements.admin.current')}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AcceptanceLog() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const log = useQuery(acceptancesQuery(page, size));
  return (
    <section aria-labelledby="acceptance-log">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="acceptance-log" className="text-lg font-semibold text-slate-900">
          {t('settings.agreements.admin.log')}
        </h2>
        <a href={ACCEPTANCES_EXPORT_URL} className={buttonClasses('secondary')} download>
          {t('settings.agreements.admin.export')}
        </a>
      </div>
      {log.isPending ? (
        <Loading />
      ) : log.isError ? (
        <ErrorBlock kind={errorKindOf(log.error)} asPage={false} onRetry={() => void log.refetch()} />
      ) : (
        <>
          <ScrollRegion
            label={t('settings.agreements.admin.log')}
            className="rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full text-left text-sm" data-testid="acceptance-table">
              <TableHead
                className="border-b border-slate-200 bg-slate-50 text-slate-700"
                cellClassName="px-4 py-3 font-semibold"
                columns={[
                  t('settings.agreements.log.account'),
                  t('settings.agreements.log.version'),
                  t('settings.agreements.log.accepted_at'),
                ]}
              />
              <tbody className="divide-y divide-slate-200">
                {log.data.items.map((row) => (
                  <tr key={row.id}>
                    <td className="px-4 py-3">
                      <span className="font-medium text-slate-900">{row.fullName}</span>
                      <span className="block text-slate-600">{row.email}</span>
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {row.version} ({row.language})
                    </td>
                    <td className="px-4 py-3 text-slate-700">
                      {formatDateTime(row.acceptedAt, i18n.language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pagination
            total={log.data.total}
            page={page}
            size={size}
            onChange={(nextPage, nextSize) => {
              setPage(nextPage);
              setSize(nextSize);
            }}
          />
        </>
      )}
    </section>
  );
}
