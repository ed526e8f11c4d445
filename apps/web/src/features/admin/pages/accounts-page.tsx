/**
 * /admin/accounts (and /academy/accounts_support without the account-support feature): the
 * portal's accounts as person rows, with search, filters, sort and pins kept in the view settings,
 * a CSV export of the list as filtered, a "new account" dialog and the CSV import.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  ACCOUNT_ROLE_NAMES,
  DEFAULT_PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  isOnline,
  type SortItem,
} from '@leerpad/core';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { SearchInput } from '../../../components/form/fields';
import { PinnedList } from '../../../components/pinned-list';
import { UsersIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { PersonRow } from '../../../components/person-row';
import { formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { accountExportHref, accountListQuery, type ManagedAccount } from '../../../lib/resources/accounts';
import { showToast } from '../../../lib/toasts/toasts';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { listAddressFrom } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';
import { CreateAccountDialog } from '../components/create-account-dialog';
import { roleLabel } from '../../../lib/role-label';
import { SelectField } from '../../../components/form/controls';

const ACCOUNTS_VIEW = 'admin-accounts';
const SORTS = ['full_name', '-last_online', 'last_online', '-created_at', 'created_at'] as const;

export const accountHref = (id: string) => `/admin/accounts/${id}`;

export function AccountsPage() {
  useNamespace('accounts');
  const { t } = useTranslation();
  usePageTitle(t('accounts.list.title'));
  const { loaded, view, change } = useViewSettings(ACCOUNTS_VIEW);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <div data-page="admin_accounts" className="max-w-5xl">
      <PageHeader
        title={t('accounts.list.title')}
        description={t('accounts.list.description')}
        actions={
          <>
            <Link
              to="/admin/accounts/import"
              className={buttonClasses('secondary')}
              data-testid="import-accounts"
            >
              {t('accounts.list.import')}
            </Link>
            <Button onClick={() => setCreating(true)} data-testid="new-account">
              {t('accounts.list.new')}
            </Button>
          </>
        }
      />
      {loaded ? <AccountList view={view} change={change} /> : <Loading />}
      {creating && (
        <CreateAccountDialog
          onClose={() => setCreating(false)}
          onCreated={(account) => {
            setCreating(false);
            showToast({ kind: 'success', message: t('accounts.create.done', { name: account.fullName }) });
            void navigate(accountHref(account.id));
          }}
        />
      )}
    </div>
  );
}

type View = ReturnType<typeof useViewSettings>['view'];

const filterValue = (view: View, key: string): string => {
  const entry = view.filtering.find((item) => item.key === key);
  if (!entry) return '';
  return Array.isArray(entry.value) ? (entry.value[0] ?? '') : entry.value;
};

function AccountList({ view, change }: { view: View; change: (action: ViewAction) => void }) {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, size } = listAddressFrom(searchParams);
  const [searchText, setSearchText] = useState(view.searchQuery ?? '');
  const settledSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);

  const filter: Record<string, string> = {
    ...view.api.filter,
    ...(view.searchQuery ? { search: view.searchQuery.trim() } : {}),
  };
  const sort = view.api.sort ?? 'full_name';
  const accounts = useQuery(accountListQuery({ filter, sort, page, size }));

  const goTo = (nextPage: number, nextSize = size) => {
    const next = new URLSearchParams(searchParams);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    if (nextSize !== DEFAULT_PAGE_SIZE) next.set('size', String(nextSize));
    else next.delete('size');
    setSearchParams(next, { replace: nextPage === page });
  };
  const changeAndRewind = (action: ViewAction) => {
    change(action);
    if (page !== 1) goTo(1);
  };
  const latest = useRef({ stored: view.searchQuery ?? '', changeAndRewind });
  latest.current = { stored: view.searchQuery ?? '', changeAndRewind };
  useEffect(() => {
    const { stored, changeAndRewind: apply } = latest.current;
    if (settledSearch.trim() !== stored.trim()) apply({ type: 'setSearch', query: settledSearch });
  }, [settledSearch]);

  const setFilter = (key: string, value: string) =>
    changeAndRewind(value ? { type: 'setFilter', key, value } : { type: 'removeFilter', key });
  const setSort = (value: string) => {
    const sorting: SortItem[] = value.startsWith('-')
      ? [{ property: value.slice(1), direction: 'desc' }]
      : [{ property: value, direction: 'asc' }];
    changeAndRewind({ type: 'setSort', sorting });
  };
  const isPinned = (account: ManagedAccount) => view.pins.some((pin) => pin.uri === accountHref(account.id));
  const togglePin = (account: ManagedAccount) =>
    change({ type: 'togglePin', pin: { uri: accountHref(account.id), title: account.fullName } });
  const hasFilters = view.filtering.length > 0 || Boolean(view.searchQuery);

  const options = (key: string, values: readonly string[]) => [
    { value: '', label: t(`accounts.filters.${key}_all`) },
    ...values.map((value) => ({ value, label: t(`accounts.filters.${key}.${value}`) })),
  ];

  return (
    <>
      <PinnedList
        headingId="pinned-accounts"
        heading={t('accounts.list.pinned')}
        pins={view.pins}
        unpinLabel={(pin) => t('accounts.list.unpin', { name: pin.title ?? pin.uri })}
        onUnpin={(pin) => change({ type: 'togglePin', pin })}
      />
      <div className="mb-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            {t('accounts.list.search')}
          </label>
          <SearchInput
            id={searchId}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('accounts.list.search_placeholder')}
            data-testid="account-search"
          />
        </div>
        <SelectField
          label={t('accounts.filters.role_label')}
          value={filterValue(view, 'role')}
          onValueChange={(value) => setFilter('role', value)}
          options={[
            { value: '', label: t('accounts.filters.role_all') },
            ...ACCOUNT_ROLE_NAMES.map((role) => ({ value: role, label: roleLabel(t, role) })),
          ]}
          data-testid="filter-role"
        />
        <SelectField
          label={t('accounts.filters.status_label')}
          value={filterValue(view, 'status')}
          onValueChange={(value) => setFilter('status', value)}
          options={options('status', ['active', 'deactivated'])}
          data-testid="filter-status"
        />
        <SelectField
          label={t('accounts.filters.subscription_label')}
          value={filterValue(view, 'subscription')}
          onValueChange={(value) => setFilter('subscription', value)}
          options={options('subscription', ['active', 'none'])}
        />
        <SelectField
          label={t('accounts.filters.last_online_label')}
          value={filterValue(view, 'last_online')}
          onValueChange={(value) => setFilter('last_online', value)}
          options={options('last_online', ['week', 'month', 'older', 'never'])}
        />
        <SelectField
          label={t('accounts.list.sort_label')}
          value={sort}
          onValueChange={setSort}
          options={SORTS.map((value) => ({
            value,
            label: t(`accounts.list.sort.${value.replace('-', 'desc_')}`),
          }))}
        />
        <div className="flex items-end gap-2">
          <a
            href={accountExportHref(filter, sort)}
            download="accounts.csv"
            className={buttonClasses('secondary')}
            data-testid="export-accounts"
          >
            {t('accounts.list.export')}
          </a>
          {hasFilters && (
            <Button
              variant="ghost"
              onClick={() => {
                setSearchText('');
                change({ type: 'clearSearch' });
                changeAndRewind({ type: 'resetFilters' });
              }}
            >
              {t('accounts.list.reset')}
            </Button>
          )}
        </div>
      </div>

      {accounts.isPending ? (
        <Loading />
      ) : accounts.isError ? (
        <ErrorBlock
          kind={errorKindOf(accounts.error)}
          asPage={false}
          onRetry={() => void accounts.refetch()}
        />
      ) : accounts.data.items.length === 0 ? (
        <EmptyState
          title={t('accounts.list.empty')}
          description={t('accounts.list.empty_description')}
          icon={<UsersIcon size={24} />}
        />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {t('accounts.list.count', { count: accounts.data.total })}
          </p>
          <ul
            className={`divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm ${
              accounts.isPlaceholderData ? 'opacity-60' : ''
            }`}
            aria-busy={accounts.isPlaceholderData || undefined}
            aria-label={t('accounts.list.title')}
            data-testid="account-list"
          >
            {accounts.data.items.map((account) => (
              <PersonRow
                key={account.id}
                name={account.fullName}
                avatarUrl={account.avatarUrl ?? null}
                online={isOnline(account.lastOnline)}
                href={accountHref(account.id)}
                pinned={isPinned(account)}
                onTogglePin={() => togglePin(account)}
                details={
                  <>
                    {account.emailAddress}
                    {(account.roles ?? []).length > 0 &&
                      ` · ${(account.roles ?? []).map((role) => roleLabel(t, role)).join(', ')}`}
                    {' · '}
                    {account.lastOnline
                      ? t('accounts.list.last_online', {
                          when: formatRelativeDate(account.lastOnline, i18n.language),
                        })
                      : t('accounts.list.never_online')}
                  </>
                }
                menu={
                  account.active === false ? (
                    <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-800">
                      {t('accounts.status.deactivated')}
                    </span>
                  ) : undefined
                }
              />
            ))}
          </ul>
        </>
      )}
      {accounts.data && <Pagination total={accounts.data.total} page={page} size={size} onChange={goTo} />}
    </>
  );
}
