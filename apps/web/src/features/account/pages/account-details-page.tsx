import { useTranslation } from '../../../lib/i18n/i18n';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/button';
import { FormMessage, TextField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/session/use-session';
import { roleLabel } from '../../../lib/role-label';
import { usePageTitle } from '../../../lib/use-page-title';
import { useSaveAccountDetails } from '../api';
import { Form } from '../../../components/form/form';

/** /account/details: the user box, with name and phone number editable. */
export function AccountDetailsPage() {
  const { t, i18n } = useTranslation();
  const { me } = useSession();
  usePageTitle(t('pages.account_details.title'));
  const save = useSaveAccountDetails(me?.account.id ?? '');
  const form = useForm({
    initialValues: { fullName: me?.account.fullName ?? '', phoneNumber: me?.account.phoneNumber ?? '' },
    rules: { fullName: 'required|max:120', phoneNumber: 'max:30|regex:/^[0-9+()\\s.-]*$/' },
    onSubmit: (values) =>
      save.mutateAsync({ fullName: values.fullName.trim(), phoneNumber: values.phoneNumber.trim() || null }),
  });
  if (!me) return null;
  const account = me.account;

  return (
    <div data-page="account_details">
      <PageHeader
        title={t('pages.account_details.title')}
        description={t('pages.account_details.description')}
      />
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <section
          aria-labelledby="user-box-title"
          className="flex flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm"
          data-testid="user-box"
        >
          <Avatar
            name={account.fullName}
            url={account.avatarUrl}
            lastOnline={account.lastOnline}
            size="large"
          />
          <h2 id="user-box-title" className="text-lg font-semibold text-slate-900">
            {account.fullName}
          </h2>
          <dl className="w-full divide-y divide-slate-100 text-left text-sm">
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-600">{t('account.fields.email')}</dt>
              <dd className="truncate text-slate-900">{account.emailAddress ?? '—'}</dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-600">{t('account.fields.phone')}</dt>
              <dd className="text-slate-900">{account.phoneNumber || '—'}</dd>
            </div>
            <div className="flex justify-between gap-3 py-2">
              <dt className="text-slate-600">{t('language.label')}</dt>
              <dd className="text-slate-900">{t(`language.names.${i18n.language}`)}</dd>
            </div>
            {me.roles.length > 0 && (
              <div className="flex justify-between gap-3 py-2">
                <dt className="text-slate-600">{t('account.fields.roles')}</dt>
                <dd className="text-right text-slate-900" data-testid="account-roles">
                  {me.roles.map((role) => roleLabel(t, role)).join(', ')}
                </dd>
              </div>
            )}
            {me.entity?.name && (
              <div className="flex justify-between gap-3 py-2">
                <dt className="text-slate-600">{t('account.fields.organisation')}</dt>
                <dd className="text-slate-900">{me.entity.name}</dd>
              </div>
            )}
          </dl>
        </section>
        <section
          aria-labelledby="edit-details-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="edit-details-title" className="mb-4 text-lg font-semibold text-slate-900">
            {t('account.edit_title')}
          </h2>
          <Form
            className="flex max-w-md flex-col gap-4"
            noValidate
            dirty={form.dirty}
            onSubmit={form.handleSubmit}
          >
            {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
            {form.status === 'saved' && <FormMessage kind="success">{t('account.saved')}</FormMessage>}
            <TextField
              name="fullName"
              autoComplete="name"
              label={t('account.fields.full_name')}
              {...form.field('fullName')}
              required
            />
            <TextField
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              label={t('account.fields.phone')}
              {...form.field('phoneNumber')}
            />
            <div>
              <Button type="submit" loading={form.submitting}>
                {t('actions.save')}
              </Button>
            </div>
          </Form>
        </section>
      </div>
    </div>
  );
}
