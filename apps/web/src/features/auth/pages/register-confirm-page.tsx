import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form/fields';
import { useForm } from '../../../components/form/use-form';
import { useSessionActions } from '../../../lib/session/session-actions';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { confirmRegistration } from '../../../lib/resources/me';
import { AuthCard, AuthFooterLinks, authLinkClasses } from '../components/auth-layout';

/**
 * The link from the sign-up e-mail. Finishing takes a click, not just opening the page, so a mail
 * scanner that opens links does not use it up.
 */
export function RegisterConfirmPage() {
  const { t } = useTranslation();
  const { portal } = useSession();
  const [searchParams] = useSearchParams();
  const { signedIn } = useSessionActions();
  const token = searchParams.get('token') ?? '';
  const [refused, setRefused] = useState(token === '');
  usePageTitle(t('auth.register_confirm.title'));

  const form = useForm({
    initialValues: {},
    onSubmit: () => confirmRegistration({ token }),
    errorMessage: (error) => {
      if (error.code !== 'INVALID_TOKEN') return undefined;
      setRefused(true);
      return t('auth.register_confirm.invalid');
    },
    // The sign-in area sends a signed-in user on to their environment home.
    onSuccess: (me) => signedIn(me),
  });

  return (
    <AuthCard
      title={t('auth.register_confirm.title')}
      intro={t('auth.register_confirm.intro', { portal: portal?.name ?? 'Leerpad' })}
    >
      {refused ? (
        <FormMessage kind="error">{t('auth.register_confirm.invalid')}</FormMessage>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={form.handleSubmit}>
          {form.formError && <FormMessage kind="error">{form.formError}</FormMessage>}
          <Button type="submit" size="lg" loading={form.submitting}>
            {t('auth.register_confirm.submit')}
          </Button>
        </form>
      )}
      <AuthFooterLinks>
        <Link to="/auth/login/register" className={authLinkClasses}>
          {t('auth.register_confirm.again')}
        </Link>
        <Link to="/auth" className={authLinkClasses}>
          {t('auth.back_to_sign_in')}
        </Link>
      </AuthFooterLinks>
    </AuthCard>
  );
}
