/**
 * The signed-in frame: header, navigation menu, breadcrumbs and the page. The menu stays open on
 * wide screens (remembered); on narrow screens it closes on route change, locks scrolling, and
 * Escape closes it everywhere (SPEC §4 "Navigation menu").
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { useLocation } from 'react-router';
import { can } from '@leerpad/core';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { shellEnvironment } from '../../../lib/environment-access';
import { useSessionActions } from '../../../lib/session/session-actions';
import { useEnvironment, useSession } from '../../../lib/session/use-session';
import { useNarrowScreen } from '../../../lib/use-media-query';
import { usePageFocus } from '../../../lib/page-focus';
import { Header } from './header';
import { NavigationMenu } from './navigation-menu';

const MENU_OPEN_KEY = 'leerpad.menu-open';

function storedMenuOpen(): boolean {
  return window.localStorage.getItem(MENU_OPEN_KEY) !== 'false';
}

export interface ShellLayoutProps {
  children: ReactNode;
  notificationsButton: ReactNode;
  /** Opens the support palette; the button and Ctrl+K exist only for those allowed to use it. */
  openSupportPalette: () => void;
  portalSwitch?: ReactNode;
}

export function ShellLayout({
  children,
  notificationsButton,
  openSupportPalette,
  portalSwitch,
}: ShellLayoutProps) {
  // Page titles and intros (pages.*) are read by pages of every environment, not only placeholders.
  useNamespace('pages');
  const { t, i18n } = useTranslation();
  const { me, portal, features, roles } = useSession();
  const { environment: pageEnvironment } = useEnvironment();
  const environment = shellEnvironment(pageEnvironment, roles);
  const { pathname, search } = useLocation();
  const { signOut } = useSessionActions();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(() => !narrow && storedMenuOpen());
  const toggleRef = useRef<HTMLButtonElement>(null);
  const mainRef = useRef<HTMLElement>(null);
  const supportAllowed = can({ roles, features }, 'use:support-palette');

  // Crossing the breakpoint: narrow starts closed, wide restores the remembered state.
  useEffect(() => {
    setOpen(!narrow && storedMenuOpen());
  }, [narrow]);

  useEffect(() => {
    if (narrow) setOpen(false);
  }, [pathname, narrow]);

  // A new page: the focus moves to its title (decision 061).
  usePageFocus(mainRef);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('scroll-locked', narrow && open);
    return () => root.classList.remove('scroll-locked');
  }, [narrow, open]);

  const close = useCallback(() => {
    setOpen(false);
    if (!narrow) window.localStorage.setItem(MENU_OPEN_KEY, 'false');
  }, [narrow]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && open && !event.defaultPrevented) {
        close();
        toggleRef.current?.focus();
      }
      if (supportAllowed && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openSupportPalette();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close, supportAllowed, openSupportPalette]);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (!narrow) window.localStorage.setItem(MENU_OPEN_KEY, String(next));
  };

  if (!me) return null;

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('header.skip_to_content')}
      </a>
      <Header
        ref={toggleRef}
        me={me}
        portal={portal}
        environment={environment}
        menuOpen={open}
        onToggleMenu={toggle}
        notificationsButton={notificationsButton}
        onOpenSupportPalette={supportAllowed ? openSupportPalette : undefined}
        portalSwitch={portalSwitch}
        onSignOut={() => void signOut().catch(() => undefined)}
        locale={i18n.language}
      />
      <NavigationMenu
        open={open}
        narrow={narrow}
        onClose={close}
        environment={environment}
        me={me}
        features={features}
      />
      <main
        ref={mainRef}
        id="main"
        tabIndex={-1}
        // The path of the page on screen, set when it is shown (a page still loading keeps the last).
        data-path={pathname}
        className={`px-4 pt-20 pb-12 focus:outline-none sm:px-6 lg:px-10 ${open && !narrow ? 'pl-76 sm:pl-78 lg:pl-82' : ''}`}
      >
        <div className="mx-auto max-w-6xl">
          <Breadcrumbs pathname={pathname} search={search} environment={environment} />
          {children}
        </div>
      </main>
    </div>
  );
}
