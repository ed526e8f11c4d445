import { useTranslation } from '../../../lib/i18n/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage, TextField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { activeLocale } from '../../../lib/i18n/language';
import { register } from '../../../lib/resources/me';
import { authErrorMessage } from '../error-messages';
import { AuthCard, AuthFooterLinks, authLinkClasses } from '../components/auth-layout';

export const PASSWORD_RULES = 'required|min:8|max:200';

export function RegisterPage() {
  const { t } = useTranslation();
  const { portal } = useSession();
  usePageTitle(t('auth.register.title'));

  const form = useForm({
    initialValues: { fullName: '', email: '', password: '' },
    rules: { fullName: 'required|max:120', email: 'required|is_email', password: PASSWORD_RULES },
    // The language the visitor reads in becomes the new account's language.
    onSubmit: (values) =>
      register({
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        password: values.password,
        locale: activeLocale(portal, null),
      }),
    errorMessage: (error) => authErrorMessage(error, t),
  });

  return (
    <AuthCard
      title={t('auth.register.title')}
      intro={t('auth.register.intro', { portal: portal?.name ?? 'Leerpad' })}
    >
      {form.status === 'saved' ? (
        <FormMessage kind="success">
          {t('auth.register.sent', { email: form.values.email.trim() })}
        </FormMessage>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit}>
          {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
          <TextField
            name="fullName"
            autoComplete="name"
            label={t('auth.fields.full_name')}
            {...form.field('fullName')}
            required
          />
          <TextField
            name="email"
            type="email"
            autoComplete="email"
            label={t('auth.fields.email')}
            {...form.field('email')}
            required
          />
          <TextField
            name="password"
            type="password"
            autoComplete="new-password"
            label={t('auth.fields.password')}
            hint={t('auth.fields.password_hint')}
            {...form.field('password')}
            required
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('auth.register.submit')}
          </Button>
        </form>
      )}
      <AuthFooterLinks>
        <p className="text-slate-600">
          {t('auth.register.have_account')}{' '}
          <Link to="/auth" className={authLinkClasses}>
            {t('auth.register.sign_in')}
          </Link>
        </p>
      </AuthFooterLinks>
    </AuthCard>
  );
}
