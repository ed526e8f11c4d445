import { useTranslation } from '../../../lib/i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage, TextField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { useSessionActions } from '../../../lib/session/session-actions';
import { usePageTitle } from '../../../lib/use-page-title';
import { resetPassword } from '../../../lib/resources/me';
import { authErrorMessage } from '../error-messages';
import { AuthCard, AuthFooterLinks, authLinkClasses } from '../components/auth-layout';
import { PASSWORD_RULES } from './register-page';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { signedIn } = useSessionActions();
  const token = searchParams.get('token') ?? '';
  usePageTitle(t('auth.reset.title'));

  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    rules: { password: PASSWORD_RULES, passwordConfirmation: 'required|equals:password' },
    onSubmit: (values) => resetPassword({ token, password: values.password }),
    errorMessage: (error) => authErrorMessage(error, t),
    // The sign-in area sends a signed-in user on to ?returnTo or their environment home.
    onSuccess: (me) => signedIn(me),
  });

  return (
    <AuthCard title={t('auth.reset.title')} intro={t('auth.reset.intro')}>
      {token === '' ? (
        <FormMessage kind="error">{t('auth.errors.invalid_token')}</FormMessage>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit}>
          {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
          <TextField
            name="password"
            type="password"
            autoComplete="new-password"
            label={t('auth.fields.new_password')}
            hint={t('auth.fields.password_hint')}
            {...form.field('password')}
            required
          />
          <TextField
            name="passwordConfirmation"
            type="password"
            autoComplete="new-password"
            label={t('auth.fields.password_confirmation')}
            value={form.values.passwordConfirmation}
            onValueChange={(value) => form.setValue('passwordConfirmation', value)}
            error={
              form.errors.passwordConfirmation && form.values.passwordConfirmation !== ''
                ? t('auth.errors.passwords_differ')
                : form.errors.passwordConfirmation
            }
            required
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('auth.reset.submit')}
          </Button>
        </form>
      )}
      <AuthFooterLinks>
        <Link to="/auth/password/forgot" className={authLinkClasses}>
          {t('auth.reset.request_new')}
        </Link>
        <Link to="/auth" className={authLinkClasses}>
          {t('auth.back_to_sign_in')}
        </Link>
      </AuthFooterLinks>
    </AuthCard>
  );
}
