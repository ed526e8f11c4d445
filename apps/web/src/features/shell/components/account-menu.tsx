/**
 * The account submenu behind the avatar (SPEC §2 "Header"): notifications, subscription, help,
 * give feedback (admin and coach roles), language, sign out.
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useNavigate } from 'react-router';
import { can, type Locale } from '@leerpad/core';
import { Avatar } from '../../../components/avatar';
import { CardIcon, CheckIcon, GlobeIcon } from '../../../components/icons';
import {
  BellIcon,
  ExternalIcon,
  HelpIcon,
  LogoutIcon,
  MegaphoneIcon,
  UserIcon,
} from '../../../components/icons-ui';
import { portalLocales } from '../../../lib/i18n/language';
import type { Me } from '../../../lib/session/types';
import { sessionFeatures } from '../../../lib/session/use-session';
import { useSaveLocale } from '../api';

const itemClasses =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-primary-soft data-[highlighted]:text-slate-900 data-[disabled]:opacity-50';

export interface AccountMenuProps {
  me: Me;
  onSignOut: () => void;
}

export function AccountMenu({ me, onSignOut }: AccountMenuProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const saveLocale = useSaveLocale(me.account.id);
  const account = me.account;
  const locales = portalLocales(me.portal);
  const knowledgeBaseUrl = me.portal?.information?.knowledgeBaseUrl;
  const features = sessionFeatures(me, me.portal);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="rounded-full p-0.5 hover:ring-2 hover:ring-primary-muted data-[state=open]:ring-2 data-[state=open]:ring-primary"
        aria-label={t('account_menu.open', { name: account.fullName })}
        data-testid="account-menu-trigger"
      >
        <Avatar
          name={account.fullName}
          url={account.avatarUrl}
          size="small"
          indicator={false}
          fallbackName={account.fullName}
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-72 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl animate-fade-in"
          data-testid="account-menu"
        >
          <div className="flex items-center gap-3 px-3 py-3">
            <Avatar name={account.fullName} url={account.avatarUrl} size="medium" indicator={false} />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">{account.fullName}</p>
              {account.emailAddress && (
                <p className="truncate text-xs text-slate-600">{account.emailAddress}</p>
              )}
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/notifications')}>
            <BellIcon size={18} /> {t('account_menu.notifications')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/account/orders')}>
            <CardIcon size={18} /> {t('account_menu.subscription')}
          </DropdownMenu.Item>
          {can({ roles: me.roles, features }, 'ask:ticket') && (
            <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/account/tickets')}>
              <MegaphoneIcon size={18} /> {t('account_menu.tickets')}
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className={itemClasses} onSelect={() => navigate('/account/details')}>
            <UserIcon size={18} /> {t('account_menu.details')}
          </DropdownMenu.Item>
          {knowledgeBaseUrl && (
            <DropdownMenu.Item className={itemClasses} asChild>
              <a href={knowledgeBaseUrl} target="_blank" rel="noreferrer noopener">
                <HelpIcon size={18} /> {t('account_menu.help')}
                <ExternalIcon size={14} className="ml-auto text-slate-500" />
                <span className="sr-only">{t('common.opens_in_new_tab')}</span>
              </a>
            </DropdownMenu.Item>
          )}
          {can({ roles: me.roles }, 'give:feedback') && (
            <DropdownMenu.Item className={itemClasses} onSelect={() => navigate({ hash: 'give-feedback' })}>
              <MegaphoneIcon size={18} /> {t('account_menu.feedback')}
            </DropdownMenu.Item>
          )}
          {locales.length > 1 && (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Label
                className="flex items-center gap-2 px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                data-testid="language-menu"
              >
                <GlobeIcon size={14} /> {t('language.label')}
              </DropdownMenu.Label>
              <DropdownMenu.RadioGroup
                value={i18n.language}
                onValueChange={(value) => saveLocale.mutate(value as Locale)}
                aria-label={t('language.label')}
              >
                {locales.map((locale) => (
                  <DropdownMenu.RadioItem
                    key={locale}
                    value={locale}
                    className={itemClasses}
                    lang={locale}
                    onSelect={(event) => event.preventDefault()}
                  >
                    <span className="flex size-[18px] items-center justify-center">
                      <DropdownMenu.ItemIndicator>
                        <CheckIcon size={16} />
                      </DropdownMenu.ItemIndicator>
                    </span>
                    {t(`language.names.${locale}`)}
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClasses} onSelect={onSignOut} data-testid="sign-out">
            <LogoutIcon size={18} /> {t('account_menu.sign_out')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
