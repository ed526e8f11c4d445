/** The "new account" dialog: name, e-mail, roles (only those the staff member may give), language, coach. */
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCOUNT_ROLE_NAMES, canGrantRole } from '@leerpad/core';
import { FieldError, FormMessage, TextField } from '../../../components/form/fields';
import { fieldProps } from '../../../components/form/field-props';
import { formErrorsFrom, type FormErrors, NO_ERRORS } from '../../../components/form/server-errors';
import { ModalFrame } from '../../../components/modal';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  accountIdentifier,
  accountListQuery,
  useCreateAccount,
  type ManagedAccount,
} from '../../../lib/resources/accounts';
import { useSession } from '../../../lib/session/use-session';
import { roleLabel } from '../../../lib/role-label';
import { SelectField } from '../../../components/form/controls';
import { FormActions } from '../../../components/form/form-actions';
import { Form } from '../../../components/form/form';

const FIELDS = ['fullName', 'emailAddress', 'roles', 'locale', 'primaryCoach'];

export function CreateAccountDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (account: ManagedAccount) => void;
}) {
  const { t } = useTranslation();
  const { roles: myRoles, portal } = useSession();
  const create = useCreateAccount();
  const coaches = useQuery(
    accountListQuery({ filter: { role: 'coach', status: 'active' }, page: 1, size: 100 }),
  );
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<string[]>(['student']);
  const [locale, setLocale] = useState('');
  const [coach, setCoach] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const grantable = ACCOUNT_ROLE_NAMES.filter((role) => canGrantRole(myRoles, role));
  const languages = (portal?.languages ?? []).map((language) => language.locale);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors(NO_ERRORS);
    create.mutate(
      {
        fullName,
        emailAddress: email,
        roles,
        locale: locale || null,
        primaryCoach: coach ? accountIdentifier(coach) : null,
      },
      {
        onSuccess: onCreated,
        onError: (failure) => setErrors(formErrorsFrom(failure, FIELDS, t('forms.default_error'))),
      },
    );
  };
  const toggleRole = (role: string) =>
    setRoles((current) =>
      current.includes(role) ? current.filter((item) => item !== role) : [...current, role],
    );

  return (
    <ModalFrame
      title={t('accounts.create.title')}
      description={t('accounts.create.description')}
      onClose={onClose}
    >
      <Form onSubmit={submit} className="grid gap-4" noValidate data-testid="create-account-form">
        {errors.general.length > 0 && <FormMessage kind="error">{errors.general.join('\n')}</FormMessage>}
        <TextField
          {...fieldProps(errors, 'fullName', fullName, setFullName)}
          label={t('accounts.fields.full_name')}
          required
          autoComplete="off"
        />
        <TextField
          {...fieldProps(errors, 'emailAddress', email, setEmail)}
          type="email"
          label={t('accounts.fields.email')}
          required
          autoComplete="off"
        />
        <fieldset
          data-field="roles"
          aria-describedby={errors.fields.roles ? 'create-roles-error' : undefined}
        >
          <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('accounts.fields.roles')}</legend>
          <div className="grid grid-cols-2 gap-2">
            {grantable.map((role) => (
              <label key={role} className="inline-flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={roles.includes(role)}
                  onChange={() => toggleRole(role)}
                  className="size-4 rounded border-slate-400"
                />
                {roleLabel(t, role)}
              </label>
            ))}
          </div>
          <FieldError id="create-roles-error">{errors.fields.roles}</FieldError>
        </fieldset>
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
        <SelectField
          label={t('accounts.fields.primary_coach')}
          value={coach}
          onValueChange={setCoach}
          error={errors.fields.primaryCoach}
          options={[
            { value: '', label: t('accounts.create.no_coach') },
            ...(coaches.data?.items ?? []).map((item) => ({ value: item.id, label: item.fullName })),
          ]}
        />
        <FormActions
          onCancel={onClose}
          cancelLabel={t('accounts.actions.cancel')}
          submitLabel={t('accounts.create.submit')}
          pending={create.isPending}
          submitTestId="create-account-submit"
        />
      </Form>
    </ModalFrame>
  );
}
