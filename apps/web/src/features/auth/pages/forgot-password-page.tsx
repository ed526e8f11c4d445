import { useTranslation } from '../../../lib/i18n/i18n';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage, TextField } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { usePageTitle } from '../../../lib/use-page-title';
import { requestPasswordReset } from '../../../lib/resources/me';
import { authErrorMessage } from '../error-messages';
import { AuthCard, AuthFooterLinks, authLinkClasses } from '../components/auth-layout';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgot.title'));
  const form = useForm({
    initialValues: { email: '' },
    rules: { email: 'required|is_email' },
    onSubmit: (values) => requestPasswordReset({ email: values.email.trim() }),
    errorMessage: (error) => authErrorMessage(error, t),
  });

  return (
    <AuthCard title={t('auth.forgot.title')} intro={t('auth.forgot.intro')}>
      {form.status === 'saved' ? (
        <FormMessage kind="success">{t('auth.forgot.sent', { email: form.values.email.trim() })}</FormMessage>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit}>
          {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
          <TextField
            name="email"
            type="email"
            autoComplete="email"
            label={t('auth.fields.email')}
            {...form.field('email')}
            required
          />
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <AuthFooterLinks>
        <Link to="/auth" className={authLinkClasses}>
          {t('auth.back_to_sign_in')}
        </Link>
      </AuthFooterLinks>
    </AuthCard>
  );
}
