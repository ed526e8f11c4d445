/**
 * /admin/accounts/{id}: one account for staff — profile, roles and coach, active or deactivated,
 * subscription, enrolments with progress, staff notes, sign-in history and the audit trail.
 */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { ACCOUNT_ROLE_NAMES, canGrantRole } from '@leerpad/core';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { FormMessage, TextAreaField, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, NO_ERRORS, type FormErrors } from '../../../components/form/server-errors';
import { Loading } from '../../../components/loading';
import { ModalFrame } from '../../../components/modal';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import {
  accountIdentifier,
  accountListQuery,
  accountNotesQuery,
  managedAccountQuery,
  signInsQuery,
  useAddAccountNote,
  useUpdateManagedAccount,
  type ManagedAccount,
} from '../../../lib/resources/accounts';
import { auditEventsQuery } from '../../../lib/resources/audit-events';
import { accountEnrollmentsQuery } from '../../../lib/resources/enrollments';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePagePin } from '../../../lib/page-pin';
import { usePageTitle } from '../../../lib/use-page-title';
import { AuditTable } from '../components/audit-table';
import { roleLabel } from '../../../lib/role-label';
import { SelectField } from '../../../components/form/controls';
import { Form } from '../../../components/form/form';

export function AdminAccountPage({
  actions,
}: {
  /** What other features offer on the page (the route file composes them: acting as the account). */
  actions?: (account: { id: string; fullName: string }) => ReactNode;
} = {}) {
  useNamespace('accounts');
  const { t } = useTranslation();
  const { accountId = '' } = useParams();
  const valid = /^\d+$/.test(accountId);
  const account = useQuery({ ...managedAccountQuery(accountId), enabled: valid });
  usePageTitle(account.data?.fullName ?? t('pages.admin_account.title'));
  usePagePin(account.data?.fullName, account.data?.avatarUrl);

  if (!valid) return <ErrorBlock kind="not_found" />;
  if (account.isPending) return <Loading />;
  if (account.isError) return <ErrorBlock kind={errorKindOf(account.error)} />;
  return <AccountDetail account={account.data} actions={actions?.(account.data)} />;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `section-${testId ?? title}`;
  return (
    <section aria-labelledby={id} className="mb-6" data-testid={testId}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function AccountDetail({ account, actions }: { account: ManagedAccount; actions?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const manage = account.meta?.abilities?.manage ?? false;
  const active = account.active !== false;
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateManagedAccount(account.id);
  const { me } = useSession();
  const isSelf = me?.account.id === account.id;

  const setActive = (next: boolean) =>
    update.mutate(
      { active: next },
      {
        onSuccess: () => {
          setConfirming(false);
          showToast({
            kind: 'success',
            message: t(next ? 'accounts.detail.reactivated' : 'accounts.detail.deactivated', {
              name: account.fullName,
            }),
          });
        },
        onError: (failure) =>
          showToast({
            kind: 'error',
            message: formErrorsFrom(failure, [], t('forms.default_error')).general.join('\n'),
          }),
      },
    );

  return (
    <div data-page="admin_account" className="max-w-5xl">
      <PageHeader
        title={account.fullName}
        description={t('pages.admin_account.description')}
        actions={
          manage && !isSelf ? (
            active ? (
              <Button variant="danger" onClick={() => setConfirming(true)} data-testid="deactivate-account">
                {t('accounts.detail.deactivate')}
              </Button>
            ) : (
              <Button
                onClick={() => setActive(true)}
                loading={update.isPending}
                data-testid="reactivate-account"
              >
                {t('accounts.detail.reactivate')}
              </Button>
            )
          ) : undefined
        }
      />
      {actions}
      <div className="mb-6 flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <Avatar
          name={account.fullName}
          url={account.avatarUrl}
          lastOnline={account.lastOnline}
          size="large"
        />
        <dl className="grid gap-1 text-sm">
          {account.emailAddress && (
            <div className="flex gap-2">
              <dt className="text-slate-600">{t('accounts.fields.email')}</dt>
              <dd className="text-slate-900">{account.emailAddress}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt className="text-slate-600">{t('accounts.fields.status')}</dt>
            <dd className="text-slate-900" data-testid="account-status">
              {active
                ? t('accounts.status.active')
                : `${t('accounts.status.deactivated')} (${formatDateTime(account.deactivatedAt, i18n.language)})`}
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">{t('accounts.fields.subscription')}</dt>
            <dd className="text-slate-900">
              {account.subscriptionActive
                ? t('accounts.subscription.active')
                : t('accounts.subscription.none')}
            </dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">{t('accounts.fields.last_online')}</dt>
            <dd className="text-slate-900">
              {account.lastOnline
                ? formatDateTime(account.lastOnline, i18n.language)
                : t('accounts.list.never_online')}
            </dd>
          </div>
          {account.createdAt && (
            <div className="flex gap-2">
              <dt className="text-slate-600">{t('accounts.fields.created_at')}</dt>
              <dd className="text-slate-900">{formatDateTime(account.createdAt, i18n.language)}</dd>
            </div>
          )}
        </dl>
      </div>

      {manage ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileForm account={account} />
          <RolesForm account={account} />
        </div>
      ) : null}
      <Enrollments accountId={account.id} />
      {manage && (
        <>
          <Notes accountId={account.id} />
          <SignIns accountId={account.id} />
          <AuditTrail accountId={account.id} />
        </>
      )}
      {confirming && (
        <ModalFrame
          title={t('accounts.detail.deactivate_title', { name: account.fullName })}
          description={t('accounts.detail.deactivate_description')}
          onClose={() => setConfirming(false)}
          size="sm"
        >
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('accounts.actions.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => setActive(false)}
              loading={update.isPending}
              data-testid="confirm-deactivate"
            >
              {t('accounts.detail.deactivate')}
            </Button>
          </div>
        </ModalFrame>
      )}
    </div>
  );
}

function ProfileForm({ account }: { account: ManagedAccount }) {
  const { t } = useTranslation();
  const { portal } = useSession();
  const update = useUpdateManagedAccount(account.id);
  const [fullName, setFullName] = useState(account.fullName);
  const [phone, setPhone] = useState(account.phoneNumber ?? '');
  const [locale, setLocale] = useState(account.locale ?? '');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const languages = (portal?.languages ?? []).map((language) => language.locale);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    update.mutate(
      { fullName, phoneNumber: phone || null, locale: locale || null },
      {
        onSuccess: () => showToast({ kind: 'success', message: t('accounts.detail.saved') }),
        onError: (failure) =>
          setErrors(formErrorsFrom(failure, ['fullName', 'phoneNumber', 'locale'], t('forms.default_error'))),
      },
    );
  };
  return (
    <Section title={t('accounts.detail.profile')} testId="profile">
      <Form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <TextField
          {...fieldProps(errors, 'fullName', fullName, setFullName)}
          label={t('accounts.fields.full_name')}
        />
        <TextField
          {...fieldProps(errors, 'phoneNumber', phone, setPhone)}
          label={t('accounts.fields.phone')}
        />
        <SelectField
          label={t('accounts.fields.locale')}
          value={locale}
          onValueChange={setLocale}
          error={errors.fields.locale}
          options={[
            { value: '', label: t('accounts.create.portal_language') },
            ...languages.map((value) => ({ value, label: t(`language.names.${value}`) })),
          ]}
        />
        <div>
          <Button type="submit" loading={update.isPending}>
            {t('accounts.actions.save')}
          </Button>
        </div>
      </Form>
    </Section>
  );
}

function RolesForm({ account }: { account: ManagedAccount }) {
  const { t } = useTranslation();
  const { roles: myRoles } = useSession();
  const update = useUpdateManagedAccount(account.id);
  const coaches = useQuery(
    accountListQuery({ filter: { role: 'coach', status: 'active' }, page: 1, size: 100 }),
  );
  const [roles, setRoles] = useState<string[]>(account.roles ?? []);
  const [coach, setCoach] = useState(account.primaryCoach?.id ?? '');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const toggle = (role: string) =>
    setRoles((current) =>
      current.includes(role) ? current.filter((item) => item !== role) : [...current, role],
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    update.mutate(
      { roles, primaryCoach: coach ? accountIdentifier(coach) : null },
      {
        onSuccess: () => showToast({ kind: 'success', message: t('accounts.detail.saved') }),
        onError: (failure) =>
          setErrors(formErrorsFrom(failure, ['roles', 'primaryCoach'], t('forms.default_error'))),
      },
    );
  };
  return (
    <Section title={t('accounts.detail.roles')} testId="roles">
      <Form
        onSubmit={submit}
        noValidate
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <fieldset data-field="roles">
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('accounts.fields.roles')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {ACCOUNT_ROLE_NAMES.map((role) => {
              const grantable = canGrantRole(myRoles, role);
              return (
                <label
                  key={role}
                  className={`inline-flex items-center gap-2 text-sm ${grantable ? 'text-slate-800' : 'text-slate-500'}`}
                >
                  <input
                    type="checkbox"
                    checked={roles.includes(role)}
                    disabled={!grantable}
                    onChange={() => toggle(role)}
                    className="size-4 rounded border-slate-400"
                  />
                  {roleLabel(t, role)}
                </label>
              );
            })}
          </div>
          {errors.fields.roles && <p className="mt-1 text-sm text-red-700">{errors.fields.roles}</p>}
        </fieldset>
        <SelectField
          label={t('accounts.fields.primary_coach')}
          value={coach}
          onValueChange={setCoach}
          error={errors.fields.primaryCoach}
          options={[
            { value: '', label: t('accounts.create.no_coach') },
            ...(coaches.data?.items ?? [])
              .filter((item) => item.id !== account.id)
              .map((item) => ({ value: item.id, label: item.fullName })),
          ]}
        />
        <div>
          <Button type="submit" loading={update.isPending}>
            {t('accounts.actions.save')}
          </Button>
        </div>
      </Form>
    </Section>
  );
}

function Enrollments({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const enrollments = useQuery(accountEnrollmentsQuery(accountId));
  return (
    <Section title={t('accounts.detail.enrollments')} testId="enrollments">
      {enrollments.isPending ? (
        <Loading />
      ) : enrollments.isError ? (
        <ErrorBlock kind={errorKindOf(enrollments.error)} asPage={false} />
      ) : enrollments.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{t('accounts.detail.no_enrollments')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {enrollments.data.items.map((enrollment) => (
            <li key={enrollment.id} className="flex items-center gap-4 px-4 py-3">
              <span className="min-w-0 flex-1 font-medium text-slate-900">
                {enrollment.course?.title ?? t('accounts.detail.unknown_course')}
              </span>
              <progress
                className="h-2 w-32 accent-primary"
                value={enrollment.progress}
                max={100}
                aria-label={t('accounts.detail.progress_of', { title: enrollment.course?.title ?? '' })}
              />
              <span className="w-12 text-right text-sm tabular-nums text-slate-700">
                {enrollment.progress}%
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Notes({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const notes = useQuery(accountNotesQuery(accountId));
  const add = useAddAccountNote(accountId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    add.mutate(body, {
      onSuccess: () => setBody(''),
      onError: (failure) => {
        const errors = formErrorsFrom(failure, ['body'], t('forms.default_error'));
        setError(errors.fields.body ?? errors.general.join('\n'));
      },
    });
  };
  return (
    <Section title={t('accounts.detail.notes')} testId="notes">
      <Form onSubmit={submit} noValidate className="mb-3 grid gap-2">
        <TextAreaField
          name="body"
          label={t('accounts.detail.new_note')}
          value={body}
          onValueChange={setBody}
          error={error}
          rows={3}
        />
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            {t('accounts.detail.add_note')}
          </Button>
        </div>
      </Form>
      {notes.data && notes.data.length > 0 ? (
        <ul className="grid gap-2">
          {notes.data.map((note) => (
            <li key={note.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm">
              <p className="whitespace-pre-line text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600">
                {note.authorName ?? t('accounts.audit.system')} ·{' '}
                {formatDateTime(note.createdAt, i18n.language)}
              </p>
            </li>
          ))}
        </ul>
      ) : notes.isSuccess ? (
        <p className="text-sm text-slate-600">{t('accounts.detail.no_notes')}</p>
      ) : null}
    </Section>
  );
}

function SignIns({ accountId }: { accountId: string }) {
  const { t, i18n } = useTranslation();
  const signIns = useQuery(signInsQuery(accountId));
  return (
    <Section title={t('accounts.detail.sign_ins')} testId="sign-ins">
      {signIns.data && signIns.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white text-sm shadow-sm">
          {signIns.data.map((signIn) => (
            <li key={signIn.id} className="flex flex-wrap gap-x-4 px-4 py-2">
              <span className="text-slate-900">{formatDateTime(signIn.createdAt, i18n.language)}</span>
              <span className="text-slate-700">{signIn.ip ?? ''}</span>
              <span className="min-w-0 flex-1 truncate text-slate-600">{signIn.userAgent ?? ''}</span>
            </li>
          ))}
        </ul>
      ) : signIns.isSuccess ? (
        <p className="text-sm text-slate-600">{t('accounts.detail.no_sign_ins')}</p>
      ) : null}
    </Section>
  );
}

function AuditTrail({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const events = useQuery(
    auditEventsQuery({ filter: { entity_type: 'account', entity_id: accountId }, page: 1, size: 50 }),
  );
  return (
    <Section title={t('accounts.detail.audit')} testId="account-audit">
      {events.data && events.data.items.length > 0 ? (
        <AuditTable events={events.data.items} caption={t('accounts.detail.audit')} />
      ) : events.isSuccess ? (
        <EmptyState title={t('accounts.audit.empty')} />
      ) : null}
    </Section>
  );
}
