/** The frame for visitors who are not signed in: logo, language, sign-in button. */
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../components/button';
import { LanguageSelect } from '../components/language-select';
import { Logo } from '../components/logo';
import { portalLocales, rememberLanguage } from '../lib/i18n/language';
import { usePageFocus } from '../lib/page-focus';
import { useSession } from '../lib/session/use-session';
import { SkipLink } from './skip-link';

export function GuestLayout({ children, centered = false }: { children: ReactNode; centered?: boolean }) {
  const { t, i18n } = useTranslation();
  const { portal } = useSession();
  const { pathname, search } = useLocation();
  const portalName = portal?.name ?? 'Leerpad';
  const onSignIn = pathname === '/auth';
  const mainRef = useRef<HTMLElement>(null);
  usePageFocus(mainRef);
  const returnTo = pathname.startsWith('/auth') ? '' : `?returnTo=${encodeURIComponent(pathname + search)}`;

  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-primary-soft to-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200/70 bg-white/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link
            to="/auth"
            className="min-w-0 rounded-lg"
            aria-label={t('header.home_link', { portal: portalName })}
          >
            <Logo logoUrl={portal?.theme?.logoUrl} portalName={portalName} />
          </Link>
          <div className="flex items-center gap-3">
            <LanguageSelect
              locales={portalLocales(portal)}
              value={i18n.language}
              onChange={(locale) => rememberLanguage(locale)}
            />
            {!onSignIn && (
              <Link
                to={`/auth${returnTo}`}
                className={buttonClasses('primary', 'sm')}
                data-testid="header-sign-in"
              >
                {t('header.sign_in')}
              </Link>
            )}
          </div>
        </div>
      </header>
      <main
        ref={mainRef}
        id="main"
        tabIndex={-1}
        className={`flex-1 px-4 py-10 focus:outline-none ${centered ? 'flex items-start justify-center sm:items-center' : ''}`}
      >
        {children}
      </main>
      <footer className="py-6 text-center text-xs text-slate-600">
        {t('footer.powered_by', { portal: portalName })}
      </footer>
    </div>
  );
}
