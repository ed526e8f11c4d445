/**
 * The header (SPEC §2): menu toggle, logo, support palette button, chat widget button, notifications
 * button (given by the route file: another feature), avatar with the account submenu.
 */
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link } from 'react-router';
import { ENVIRONMENT_HOMES, can, type Environment } from '@leerpad/core';
import { iconButtonClasses } from '../../../components/button';
import { CloseIcon } from '../../../components/icons';
import { CommandIcon, MenuIcon } from '../../../components/icons-ui';
import { Logo } from '../../../components/logo';
import type { Me, Portal } from '../../../lib/session/types';
import { AccountMenu } from './account-menu';
import { ChatWidgetButton } from './chat-widget-button';
import { MAIN_MENU_ID } from './navigation-menu';
import { OnboardingTour } from './onboarding-tour';

export interface HeaderProps {
  me: Me;
  portal: Portal | null;
  environment: Environment;
  menuOpen: boolean;
  onToggleMenu: () => void;
  notificationsButton: ReactNode;
  onOpenSupportPalette?: () => void;
  /** The portal switch, for accounts that may manage several portals (given by the route file). */
  portalSwitch?: ReactNode;
  onSignOut: () => void;
  locale: string;
}

const MenuToggle = forwardRef<HTMLButtonElement, { open: boolean; onClick: () => void }>(function MenuToggle(
  { open, onClick },
  ref,
) {
  const { t } = useTranslation();
  return (
    <button
      ref={ref}
      type="button"
      className={iconButtonClasses}
      aria-expanded={open}
      aria-controls={open ? MAIN_MENU_ID : undefined}
      aria-label={open ? t('header.close_menu') : t('header.open_menu')}
      onClick={onClick}
      data-testid="menu-toggle"
    >
      {open ? <CloseIcon /> : <MenuIcon />}
    </button>
  );
});

export const Header = forwardRef<HTMLButtonElement, HeaderProps>(function Header(
  {
    me,
    portal,
    environment,
    menuOpen,
    onToggleMenu,
    notificationsButton,
    onOpenSupportPalette,
    portalSwitch,
    onSignOut,
    locale,
  },
  toggleRef,
) {
  const { t } = useTranslation();
  const portalName = portal?.name ?? me.portal?.name ?? 'Leerpad';
  const chatId = portal?.information?.zendeskChatId ?? me.portal?.information?.zendeskChatId;
  const home = ENVIRONMENT_HOMES[environment === 'guest' ? 'guest' : environment];

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white">
      <div className="flex h-full items-center gap-2 px-3 sm:px-4">
        <OnboardingTour accountId={me.account.id} environment={environment}>
          <MenuToggle ref={toggleRef} open={menuOpen} onClick={onToggleMenu} />
        </OnboardingTour>
        <Link
          to={environment === 'guest' ? '/' : home}
          className="min-w-0 rounded-lg px-1"
          aria-label={t('header.home_link', { portal: portalName })}
        >
          <Logo logoUrl={portal?.theme?.logoUrl ?? me.theme?.logoUrl} portalName={portalName} />
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {portalSwitch}
          {onOpenSupportPalette && (
            <button
              type="button"
              className={`${iconButtonClasses} sm:w-auto sm:gap-2 sm:rounded-lg sm:border sm:border-slate-300 sm:px-3`}
              onClick={onOpenSupportPalette}
              aria-keyshortcuts="Control+K"
              data-testid="support-palette-button"
            >
              {/* Named by what it shows ("Support Ctrl K"), then what it does, so that the name a
                  voice user reads off the screen is the start of the button's name (WCAG 2.5.3). */}
              <CommandIcon size={18} />
              <span className="sr-only text-sm text-slate-600 sm:not-sr-only">
                {t('header.support_palette_short')}
              </span>{' '}
              <kbd className="hidden rounded border border-slate-300 px-1 text-[11px] text-slate-600 sm:inline">
                Ctrl K
              </kbd>
              <span className="sr-only">{t('header.support_palette_action')}</span>
            </button>
          )}
          {chatId && can({ roles: me.roles }, 'use:chat') && (
            <ChatWidgetButton
              chatId={chatId}
              locale={locale}
              fullName={me.account.fullName}
              accountId={me.account.id}
            />
          )}
          {notificationsButton}
          <AccountMenu me={me} onSignOut={onSignOut} />
        </div>
      </div>
    </header>
  );
});
