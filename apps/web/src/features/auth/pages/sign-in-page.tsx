import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage, TextField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { useSessionActions } from '../../../lib/session/session-actions';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { signIn } from '../../../lib/resources/me';
import { authErrorMessage } from '../error-messages';
import { AuthCard, AuthFooterLinks, authLinkClasses } from '../components/auth-layout';

export function SignInPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { portal } = useSession();
  const { signedIn } = useSessionActions();
  const loggedOut = searchParams.get('loggedOut') === 'true';
  usePageTitle(t('auth.sign_in.title'));

  useEffect(() => {
    if (loggedOut) showToast({ kind: 'success', messageKey: 'logout.successful' });
  }, [loggedOut]);

  const form = useForm({
    initialValues: { email: '', password: '' },
    rules: { email: 'required|is_email', password: 'required' },
    onSubmit: (values) => signIn({ email: values.email.trim(), password: values.password }),
    errorMessage: (error) => authErrorMessage(error, t),
    // The sign-in area sends a signed-in user on to ?returnTo or their environment home.
    onSuccess: (me) => signedIn(me),
  });

  return (
    <AuthCard
      title={t('auth.sign_in.title')}
      intro={t('auth.sign_in.intro', { portal: portal?.name ?? 'Leerpad' })}
    >
      <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit}>
        {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
        <TextField
          name="email"
          type="email"
          autoComplete="username"
          label={t('auth.fields.email')}
          {...form.field('email')}
          required
        />
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('auth.fields.password')}
          {...form.field('password')}
          required
        />
        <div className="-mt-1 text-right text-sm">
          <Link to="/auth/password/forgot" className={authLinkClasses}>
            {t('auth.sign_in.forgot_password')}
          </Link>
        </div>
        <Button type="submit" size="lg" loading={form.submitting}>
          {t('auth.sign_in.submit')}
        </Button>
      </form>
      <AuthFooterLinks>
        <p className="text-slate-600">
          {t('auth.sign_in.no_account')}{' '}
          <Link to="/auth/login/register" className={authLinkClasses}>
            {t('auth.sign_in.try_free')}
          </Link>
        </p>
      </AuthFooterLinks>
    </AuthCard>
  );
}
