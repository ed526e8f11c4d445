/**
 * The support palette (SPEC §4): ctrl+k or the header button. Tabs for commands, accounts and
 * portals; in the accounts and portals tabs a chip names the command. Backspace on an empty input
 * first focuses the chip, a second Backspace returns to the commands. Up/Down move the selection,
 * Enter activates it (the first result unless moved), Escape closes. Results ignore clicks for
 * their first 200 ms, so a click meant for what was there before does not hit them. Searches run
 * only on text that is not empty once trimmed.
 */
import { SEARCH_DEBOUNCE_MS, SUPPORT_CLICK_DELAY_MS, can, type Permission } from '@leerpad/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ModalFrame } from '../../../components/modal';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { openModal } from '../../../lib/modals/modals';
import { accountsPath, adminNavigation, visibleNavigation } from '../../../lib/navigation';
import { paletteAccountsQuery } from '../../../lib/resources/accounts';
import { palettePortalsQuery } from '../../../lib/resources/palette-search';
import { useSession } from '../../../lib/session/use-session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ActAsDialog } from './act-as-dialog';

type Tab = 'commands' | 'accounts' | 'portals';
/** What choosing an account does: open its page, or act as it. */
type AccountAction = 'open' | 'act-as';

interface PaletteOption {
  id: string;
  label: string;
  details?: ReactNode;
  avatar?: { name: string; url?: string | null; lastOnline?: string | null };
  activate: () => void;
}

export function SupportPaletteModal({ onClose }: { onClose: () => void }) {
  useNamespace('support');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { me, roles, features } = useSession();
  const holds = (permission: Permission) => can({ roles, features }, permission);
  const mayManagePortals = holds('manage:portal');
  const mayActAs = holds('act-as:account') && !me?.acting;

  const [tab, setTab] = useState<Tab>('commands');
  const [accountAction, setAccountAction] = useState<AccountAction>('open');
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const chipRef = useRef<HTMLButtonElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-results`;

  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const accounts = useQuery({
    ...paletteAccountsQuery(search),
    enabled: tab === 'accounts' && search !== '',
  });
  const portals = useQuery({
    ...palettePortalsQuery(search),
    enabled: tab === 'portals' && search !== '' && mayManagePortals,
  });

  const go = (path: string) => {
    onClose();
    void navigate(path);
  };
  const enter = (next: Tab, action: AccountAction = 'open') => {
    setTab(next);
    setAccountAction(action);
    setText('');
    setActiveIndex(0);
    inputRef.current?.focus();
  };
  const backToCommands = () => enter('commands');

  const commands = useMemo<PaletteOption[]>(() => {
    const context = { roles, features };
    const list: PaletteOption[] = [
      {
        id: 'open-account',
        label: t('support.palette.commands.open_account'),
        activate: () => enter('accounts', 'open'),
      },
    ];
    if (mayActAs)
      list.push({
        id: 'act-as',
        label: t('support.palette.commands.act_as'),
        activate: () => enter('accounts', 'act-as'),
      });
    if (mayManagePortals)
      list.push({
        id: 'go-to-portal',
        label: t('support.palette.commands.go_to_portal'),
        activate: () => enter('portals'),
      });
    if (holds('manage:account'))
      list.push({
        id: 'create-account',
        label: t('support.palette.commands.create_account'),
        activate: () => go(`${accountsPath(features)}?create=1`),
      });
    for (const group of visibleNavigation(adminNavigation(context), context)) {
      for (const item of group.items) {
        list.push({
          id: `route-${item.id}`,
          label: t('support.palette.commands.go_to', { page: t(item.labelKey) }),
          details: item.path,
          activate: () => go(item.path),
        });
      }
    }
    return list;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roles, features, mayActAs, mayManagePortals, t]);

  const options: PaletteOption[] = useMemo(() => {
    if (tab === 'commands') {
      const needle = text.trim().toLowerCase();
      return needle ? commands.filter((command) => command.label.toLowerCase().includes(needle)) : commands;
    }
    if (search === '') return [];
    if (tab === 'accounts') {
      return (accounts.data ?? []).map((account) => ({
        id: `account-${account.id}`,
        label: account.fullName,
        details: account.emailAddress,
        avatar: { name: account.fullName, url: account.avatarUrl, lastOnline: account.lastOnline },
        activate: () => {
          if (accountAction === 'act-as') {
            onClose();
            openModal({
              id: 'act-as',
              priority: 1,
              render: (close) => (
                <ActAsDialog accountId={account.id} accountName={account.fullName} onClose={close} />
              ),
            });
          } else go(`/admin/accounts/${encodeURIComponent(account.id)}`);
        },
      }));
    }
    return (portals.data ?? []).map((portal) => ({
      id: `portal-${portal.id}`,
      label: portal.name,
      details: (portal.portalDomains ?? []).map((domain) => domain.domain).join(', '),
      activate: () => {
        // Another portal: the same page on its own address.
        if (!portal.baseUrl) return;
        const here = `${window.location.pathname}${window.location.search}`;
        window.location.assign(new URL(here, portal.baseUrl).toString());
      },
    }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, text, search, commands, accounts.data, portals.data, accountAction]);

  // Results take clicks only 200 ms after they appear.
  const shownAt = useRef(0);
  const resultsKey = options.map((option) => option.id).join('|');
  useEffect(() => {
    shownAt.current = performance.now();
    setActiveIndex(0);
  }, [resultsKey]);
  const click = (option: PaletteOption) => {
    if (performance.now() - shownAt.current < SUPPORT_CLICK_DELAY_MS) return;
    option.activate();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      options[Math.min(activeIndex, options.length - 1)]?.activate();
    } else if (event.key === 'Backspace' && text === '' && tab !== 'commands') {
      event.preventDefault();
      chipRef.current?.focus();
    }
  };
  const onChipKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      backToCommands();
    }
  };

  const chipLabel =
    tab === 'portals'
      ? t('support.palette.commands.go_to_portal')
      : accountAction === 'act-as'
        ? t('support.palette.commands.act_as')
        : t('support.palette.commands.open_account');
  const tabs: Tab[] = mayManagePortals ? ['commands', 'accounts', 'portals'] : ['commands', 'accounts'];
  const loading = (tab === 'accounts' && accounts.isFetching) || (tab === 'portals' && portals.isFetching);
  const active = options[Math.min(activeIndex, options.length - 1)];
  const emptyText =
    tab === 'commands'
      ? t('support.palette.no_commands')
      : search === ''
        ? t(
            tab === 'accounts'
              ? 'support.palette.type_to_search_accounts'
              : 'support.palette.type_to_search_portals',
          )
        : loading
          ? t('support.palette.searching')
          : t('support.palette.no_results');

  return (
    <ModalFrame title={t('support.palette.title')} onClose={onClose} size="md">
      <div className="flex flex-col gap-3" data-testid="support-palette">
        <div
          role="tablist"
          aria-label={t('support.palette.tabs_label')}
          className="flex gap-1 border-b border-slate-200"
        >
          {tabs.map((name) => (
            <button
              key={name}
              id={`${baseId}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={tab === name}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === name ? 0 : -1}
              className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
                tab === name
                  ? 'border-primary text-slate-900'
                  : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
              onClick={() => enter(name, name === 'accounts' ? accountAction : 'open')}
              data-testid={`palette-tab-${name}`}
            >
              {t(`support.palette.tabs.${name}`)}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-2 rounded-lg border border-slate-300 px-2 focus-within:outline-3 focus-within:outline-offset-2">
          {tab !== 'commands' && (
            <button
              ref={chipRef}
              type="button"
              className="shrink-0 rounded-full bg-primary-soft px-3 py-1 text-xs font-medium text-primary-text focus-visible:outline-3 focus-visible:outline-offset-1"
              onKeyDown={onChipKeyDown}
              onClick={backToCommands}
              aria-label={t('support.palette.chip_label', { command: chipLabel })}
              data-testid="palette-chip"
            >
              {chipLabel}
            </button>
          )}
          <input
            ref={inputRef}
            // The dialog opens with the search box focused.
            autoFocus
            type="text"
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active ? `${baseId}-${active.id}` : undefined}
            aria-label={
              tab === 'commands'
                ? t('support.palette.search_commands')
                : tab === 'accounts'
                  ? t('support.palette.search_accounts')
                  : t('support.palette.search_portals')
            }
            placeholder={t(`support.palette.placeholders.${tab}`)}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onInputKeyDown}
            className="h-11 min-w-0 flex-1 bg-transparent text-sm text-slate-900 outline-none placeholder:text-slate-500"
            data-testid="palette-input"
          />
        </div>
        <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${tab}`}>
          <ul
            id={listboxId}
            role="listbox"
            aria-label={t(`support.palette.tabs.${tab}`)}
            className="max-h-80 overflow-y-auto"
          >
            {options.map((option, index) => (
              <li
                key={option.id}
                id={`${baseId}-${option.id}`}
                role="option"
                aria-selected={option === active}
                className={`flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ${
                  option === active ? 'bg-primary-soft text-slate-900' : 'text-slate-800 hover:bg-slate-50'
                }`}
                onMouseMove={() => index !== activeIndex && setActiveIndex(index)}
                onClick={() => click(option)}
                data-testid="palette-option"
              >
                {option.avatar && (
                  <Avatar
                    name={option.avatar.name}
                    url={option.avatar.url}
                    lastOnline={option.avatar.lastOnline}
                  />
                )}
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">{option.label}</span>
                  {option.details && (
                    <span className="truncate text-xs text-slate-600">{option.details}</span>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {options.length === 0 && (
            <p role="status" className="px-3 py-4 text-sm text-slate-600">
              {emptyText}
            </p>
          )}
        </div>
      </div>
    </ModalFrame>
  );
}
