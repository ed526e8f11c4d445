/**
 * /admin/certifications: the portal's certifications (name and description per language, required
 * courses, validity, recertification window, due date), whom they are assigned to, and who holds
 * them — with revocation, for a reason, of a certificate.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import {
  focusFirstError,
  formErrorsFrom,
  NO_ERRORS,
  type FormErrors,
} from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { accountSearchQuery } from '../../../lib/resources/accounts';
import { courseTitlesQuery } from '../../../lib/resources/courses';
import {
  assignmentsQuery,
  certificatePdfUrl,
  certificatesQuery,
  certificationsQuery,
  type Certification,
  useAssignCertification,
  useRevokeCertificate,
  useSaveCertification,
} from '../../../lib/resources/certifications';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { CheckboxField, NumberField, SelectField } from '../../../components/form/controls';
import { CertificateStatusBadge, formatDay } from '../components/certificate-status';
import { Form } from '../../../components/form/form';

const LOCALES = ['en', 'nl', 'ro'] as const;

/** '' → null; anything else as typed, so that the server names a fraction. */
const numberFrom = (text: string) => (text.trim() === '' ? null : Number(text));

export function AdminCertificationsPage() {
  useNamespace('certifications');
  const { t } = useTranslation();
  usePageTitle(t('certifications.admin.title'));
  const certifications = useQuery(certificationsQuery);
  const [creating, setCreating] = useState(false);

  return (
    <div data-page="admin_certifications" className="max-w-5xl">
      <PageHeader
        title={t('certifications.admin.title')}
        description={t('certifications.admin.description')}
        actions={
          !creating && (
            <Button onClick={() => setCreating(true)} data-testid="new-certification">
              {t('certifications.admin.new')}
            </Button>
          )
        }
      />
      {creating && (
        <section
          className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          aria-labelledby="new-certification-title"
        >
          <h2 id="new-certification-title" className="mb-4 text-lg font-semibold">
            {t('certifications.admin.new')}
          </h2>
          <CertificationForm certification={null} onDone={() => setCreating(false)} />
        </section>
      )}
      {certifications.isPending ? (
        <Loading />
      ) : certifications.isError ? (
        <ErrorBlock
          kind={errorKindOf(certifications.error)}
          asPage={false}
          onRetry={() => void certifications.refetch()}
        />
      ) : certifications.data.length === 0 ? (
        <EmptyState
          title={t('certifications.admin.empty')}
          description={t('certifications.admin.empty_description')}
        />
      ) : (
        <ul className="flex flex-col gap-4" data-testid="certification-list">
          {certifications.data.map((certification) => (
            <li key={certification.id}>
              <CertificationCard certification={certification} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

type Panel = 'edit' | 'assign' | 'holders' | null;

function CertificationCard({ certification }: { certification: Certification }) {
  const { t, i18n } = useTranslation();
  const courses = useQuery(courseTitlesQuery);
  const [panel, setPanel] = useState<Panel>(null);
  const headingId = useId();
  const titles = new Map((courses.data ?? []).map((course) => [course.id, course.title]));
  const toggle = (next: Panel) => setPanel((current) => (current === next ? null : next));
  return (
    <article
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={headingId}
      data-testid="certification-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {certification.translations[i18n.language]?.name || certification.name}
          </h2>
          {certification.description && (
            <p className="mt-1 text-sm text-slate-700">{certification.description}</p>
          )}
        </div>
        <p className="text-sm text-slate-700" data-testid="holders-count">
          {t('certifications.admin.holders_count', { count: certification.holdersCount })}
        </p>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium text-slate-800">{t('certifications.fields.courses')}: </dt>
          <dd className="inline text-slate-700">
            {(certification.courses ?? [])
              .map((course) => titles.get(course.id) ?? `#${course.id}`)
              .join(', ') || t('certifications.admin.no_courses')}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium text-slate-800">{t('certifications.fields.validity')}: </dt>
          <dd className="inline text-slate-700">
            {certification.validityMonths === null
              ? t('certifications.admin.no_expiry')
              : t('certifications.admin.months', { count: certification.validityMonths })}
            {certification.recertificationWindowDays !== null &&
              ` · ${t('certifications.admin.window', { count: certification.recertificationWindowDays })}`}
          </dd>
        </div>
        {certification.dueDate && (
          <div>
            <dt className="inline font-medium text-slate-800">{t('certifications.fields.due_date')}: </dt>
            <dd className="inline text-slate-700">{formatDay(certification.dueDate, i18n.language)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-expanded={panel === 'edit'} onClick={() => toggle('edit')}>
          {t('certifications.admin.edit')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={panel === 'assign'}
          onClick={() => toggle('assign')}
        >
          {t('certifications.admin.assign')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={panel === 'holders'}
          onClick={() => toggle('holders')}
          data-testid="show-holders"
        >
          {t('certifications.admin.holders')}
        </Button>
      </div>
      {panel === 'edit' && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <CertificationForm certification={certification} onDone={() => setPanel(null)} />
        </div>
      )}
      {panel === 'assign' && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <AssignForm certification={certification} onDone={() => setPanel(null)} />
        </div>
      )}
      {panel === 'holders' && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <Holders certification={certification} />
        </div>
      )}
    </article>
  );
}

const FORM_FIELDS = [
  'name',
  'description',
  'courses',
  'validityMonths',
  'recertificationWindowDays',
  'dueDate',
  'translations',
];

function CertificationForm({
  certification,
  onDone,
}: {
  certification: Certification | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const courses = useQuery(courseTitlesQuery);
  const save = useSaveCertification(certification?.id ?? null);
  const [name, setName] = useState(certification?.name ?? '');
  const [description, setDescription] = useState(certification?.description ?? '');
  const [translations, setTranslations] = useState(() =>
    Object.fromEntries(
      LOCALES.map((locale) => [
        locale,
        {
          name: certification?.translations[locale]?.name ?? '',
          description: certification?.translations[locale]?.description ?? '',
        },
      ]),
    ),
  );
  const [courseIds, setCourseIds] = useState<string[]>(
    (certification?.courses ?? []).map((course) => course.id),
  );
  const [validity, setValidity] = useState(certification?.validityMonths?.toString() ?? '');
  const [window, setWindow] = useState(certification?.recertificationWindowDays?.toString() ?? '');
  const [dueDate, setDueDate] = useState(certification?.dueDate ?? '');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const dueId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    if (!name.trim()) {
      const fields = { name: t('certifications.admin.name_required') };
      setErrors({ fields, general: [] });
      focusFirstError(fields);
      return;
    }
    try {
      await save.mutateAsync({
        name: name.trim(),
        description: description.trim() || null,
        translations: Object.fromEntries(
          Object.entries(translations)
            .filter(([, value]) => value.name.trim() || value.description.trim())
            .map(([locale, value]) => [
              locale,
              { name: value.name.trim() || undefined, description: value.description.trim() || null },
            ]),
        ),
        courseIds,
        validityMonths: numberFrom(validity),
        recertificationWindowDays: numberFrom(window),
        dueDate: dueDate || null,
      });
      showToast({ kind: 'success', message: t('certifications.admin.saved', { name: name.trim() }) });
      onDone();
    } catch (error) {
      const next = formErrorsFrom(error, FORM_FIELDS, t('certifications.admin.save_failed'));
      setErrors(next);
      focusFirstError(next.fields);
    }
  };

  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="certification-form">
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      <TextField
        {...fieldProps(errors, 'name', name, setName)}
        label={t('certifications.fields.name')}
        maxLength={200}
        required
      />
      <TextAreaField
        {...fieldProps(errors, 'description', description, setDescription)}
        label={t('certifications.fields.description')}
        maxLength={5000}
      />
      <details className="rounded-xl border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">
          {t('certifications.fields.translations')}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {LOCALES.map((locale) => (
            <TextField
              key={locale}
              name={`translation-${locale}`}
              label={t('certifications.fields.name_in', {
                language: t(`certifications.languages.${locale}`),
              })}
              value={translations[locale]?.name ?? ''}
              onValueChange={(value) =>
                setTranslations((current) => ({ ...current, [locale]: { ...current[locale]!, name: value } }))
              }
              maxLength={200}
            />
          ))}
        </div>
      </details>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {t('certifications.fields.courses')}
        </legend>
        <div
          className="grid max-h-56 gap-2 overflow-y-auto rounded-xl border border-slate-200 p-3 sm:grid-cols-2"
          data-field="courses"
          tabIndex={-1}
        >
          {(courses.data ?? []).map((course) => (
            <CheckboxField
              key={course.id}
              label={course.title}
              checked={courseIds.includes(course.id)}
              onCheckedChange={(checked) =>
                setCourseIds((current) =>
                  checked ? [...current, course.id] : current.filter((id) => id !== course.id),
                )
              }
            />
          ))}
        </div>
        {errors.fields.courses && <p className="text-sm text-red-700">{errors.fields.courses}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField
          {...fieldProps(errors, 'validityMonths', validity, setValidity)}
          field="validityMonths"
          label={t('certifications.fields.validity_months')}
          hint={t('certifications.fields.validity_hint')}
          min={1}
          step="any"
        />
        <NumberField
          {...fieldProps(errors, 'recertificationWindowDays', window, setWindow)}
          field="recertificationWindowDays"
          label={t('certifications.fields.window_days')}
          hint={t('certifications.fields.window_hint')}
          min={1}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={dueId} className="text-sm font-medium text-slate-800">
            {t('certifications.fields.due_date')}
          </label>
          <input
            id={dueId}
            name="dueDate"
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-3"
          />
          {errors.fields.dueDate && <p className="text-sm text-red-700">{errors.fields.dueDate}</p>}
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('certifications.admin.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="save-certification">
          {t('certifications.admin.save')}
        </Button>
      </div>
    </Form>
  );
}

function AssignForm({ certification, onDone }: { certification: Certification; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const courses = useQuery(courseTitlesQuery);
  const assignments = useQuery(assignmentsQuery(certification.id));
  const assign = useAssignCertification(certification.id);
  const [search, setSearch] = useState('');
  const found = useQuery(accountSearchQuery(search));
  const [people, setPeople] = useState<Array<{ id: string; fullName: string }>>([]);
  const [courseId, setCourseId] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const dueId = useId();
  const titles = new Map((courses.data ?? []).map((course) => [course.id, course.title]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    try {
      await assign.mutateAsync({
        accountIds: people.map((person) => person.id),
        courseId: courseId || null,
        dueDate: dueDate || null,
      });
      showToast({ kind: 'success', message: t('certifications.assign.done') });
      onDone();
    } catch (error) {
      setErrors(
        formErrorsFrom(error, ['accounts', 'course', 'dueDate'], t('certifications.admin.save_failed')),
      );
    }
  };

  return (
    <Form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="assign-form">
      {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
      {(assignments.data ?? []).length > 0 && (
        <div>
          <h3 className="text-sm font-medium text-slate-800">{t('certifications.assign.current')}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
            {(assignments.data ?? []).map((assignment) => (
              <li key={assignment.id}>
                {assignment.course
                  ? t('certifications.assign.everyone_in', { course: titles.get(assignment.course.id) ?? '' })
                  : t('certifications.assign.account', { id: assignment.account?.id ?? '' })}
                {assignment.dueDate &&
                  ` · ${t('certifications.assign.due', { date: formatDay(assignment.dueDate, i18n.language) })}`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <TextField
        {...fieldProps(errors, 'accounts', search, setSearch)}
        type="search"
        label={t('certifications.assign.search')}
        hint={t('certifications.assign.search_hint')}
      />
      {(found.data ?? []).length > 0 && (
        <ul className="flex flex-col gap-1" aria-label={t('certifications.assign.results')}>
          {(found.data ?? []).map((account) => (
            <li key={account.id}>
              <CheckboxField
                label={account.fullName}
                checked={people.some((person) => person.id === account.id)}
                onCheckedChange={(checked) =>
                  setPeople((current) =>
                    checked
                      ? [...current, { id: account.id, fullName: account.fullName }]
                      : current.filter((person) => person.id !== account.id),
                  )
                }
              />
            </li>
          ))}
        </ul>
      )}
      {people.length > 0 && (
        <p className="text-sm text-slate-700">
          {t('certifications.assign.chosen', { names: people.map((person) => person.fullName).join(', ') })}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('certifications.assign.course')}
          value={courseId}
          onValueChange={setCourseId}
          error={errors.fields.course}
          options={[
            { value: '', label: t('certifications.assign.no_course') },
            ...(courses.data ?? []).map((course) => ({ value: course.id, label: course.title })),
          ]}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={dueId} className="text-sm font-medium text-slate-800">
            {t('certifications.fields.due_date')}
          </label>
          <input
            id={dueId}
            type="date"
            value={dueDate}
            onChange={(event) => setDueDate(event.target.value)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-3"
          />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('certifications.admin.cancel')}
        </Button>
        <Button type="submit" disabled={assign.isPending}>
          {t('certifications.assign.submit')}
        </Button>
      </div>
    </Form>
  );
}

function Holders({ certification }: { certification: Certification }) {
  const { t, i18n } = useTranslation();
  const holders = useQuery(certificatesQuery({ certification: certification.id }));
  if (holders.isPending) return <Loading />;
  if (holders.isError)
    return (
      <ErrorBlock kind={errorKindOf(holders.error)} asPage={false} onRetry={() => void holders.refetch()} />
    );
  if (holders.data.items.length === 0)
    return <p className="text-sm text-slate-700">{t('certifications.holders.empty')}</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-200" data-testid="holder-list">
      {holders.data.items.map((certificate) => (
        <li key={certificate.id} className="flex flex-col gap-2 py-3" data-testid="holder-row">
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-medium text-slate-900">{certificate.holderName}</span>
            <CertificateStatusBadge status={certificate.status} />
            <span className="text-sm text-slate-700">
              {t('certifications.issued_on', { date: formatDay(certificate.issuedAt, i18n.language) })}
              {certificate.expiresAt &&
                ` · ${t('certifications.valid_until', { date: formatDay(certificate.expiresAt, i18n.language) })}`}
            </span>
            <span className="font-mono text-xs text-slate-600">{certificate.code}</span>
            <a
              className="text-sm text-primary underline"
              href={certificatePdfUrl(certificate.id)}
              target="_blank"
              rel="noreferrer"
            >
              {t('certifications.open_pdf')}
            </a>
          </div>
          {certificate.status === 'revoked' ? (
            <p className="text-sm text-slate-700">
              {t('certifications.holders.revoked_because', { reason: certificate.revocationReason ?? '' })}
            </p>
          ) : (
            <RevokeForm certificateId={certificate.id} holder={certificate.holderName} />
          )}
        </li>
      ))}
    </ul>
  );
}

function RevokeForm({ certificateId, holder }: { certificateId: string; holder: string }) {
  const { t } = useTranslation();
  const revoke = useRevokeCertificate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  if (!open)
    return (
      <div>
        <Button variant="danger" size="sm" onClick={() => setOpen(true)} data-testid="revoke">
          {t('certifications.holders.revoke')}
        </Button>
      </div>
    );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('certifications.holders.reason_required'));
      return;
    }
    try {
      await revoke.mutateAsync({ id: certificateId, reason: reason.trim() });
      showToast({ kind: 'success', message: t('certifications.holders.revoked', { name: holder }) });
    } catch (failure) {
      setError(
        formErrorsFrom(failure, ['reason'], t('certifications.admin.save_failed')).fields.reason ??
          t('certifications.admin.save_failed'),
      );
    }
  };
  return (
    <Form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2" data-testid="revoke-form">
      <TextField
        name="reason"
        label={t('certifications.holders.reason')}
        value={reason}
        onValueChange={setReason}
        error={error}
        maxLength={1000}
        className="min-w-64 flex-1"
      />
      <Button type="submit" variant="danger" size="sm" disabled={revoke.isPending}>
        {t('certifications.holders.confirm_revoke')}
      </Button>
      <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
        {t('certifications.admin.cancel')}
      </Button>
    </Form>
  );
}
