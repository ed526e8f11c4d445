/**
 * /admin/accounts (and /academy/accounts_support without the account-support feature): the
 * portal's accounts as person rows, with search, filters, sort and pins kept in the view settings,
 * a CSV export of the list as filtered, a "new account" dialog and the CSV import.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_ROLE_NAMES, isOnline } from '@leerpad/core';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { SelectField } from '../../../components/form/controls';
import { ListFilterPanel, ListResults, ListSearch, PersonList } from '../../../components/list-view';
import { PinnedList } from '../../../components/pinned-list';
import { UsersIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { PersonRow } from '../../../components/person-row';
import { formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { accountExportHref, accountListQuery } from '../../../lib/resources/accounts';
import { roleLabel } from '../../../lib/role-label';
import { showToast } from '../../../lib/toasts/toasts';
import { useListView, type ListViewSettings } from '../../../lib/use-list-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';
import { CreateAccountDialog } from '../components/create-account-dialog';

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

function AccountList({ view, change }: { view: ListViewSettings; change: (action: ViewAction) => void }) {
  const { t, i18n } = useTranslation();
  const list = useListView(view, change);
  const { filter, sort = 'full_name', page, size } = list;
  const accounts = useQuery(accountListQuery({ filter, sort, page, size }));
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
      <ListFilterPanel>
        <ListSearch
          label={t('accounts.list.search')}
          list={list}
          placeholder={t('accounts.list.search_placeholder')}
          testId="account-search"
        />
        <SelectField
          label={t('accounts.filters.role_label')}
          value={list.filterValue('role')}
          onValueChange={(value) => list.setFilter('role', value)}
          options={[
            { value: '', label: t('accounts.filters.role_all') },
            ...ACCOUNT_ROLE_NAMES.map((role) => ({ value: role, label: roleLabel(t, role) })),
          ]}
          data-testid="filter-role"
        />
        <SelectField
          label={t('accounts.filters.status_label')}
          value={list.filterValue('status')}
          onValueChange={(value) => list.setFilter('status', value)}
          options={options('status', ['active', 'deactivated'])}
          data-testid="filter-status"
        />
        <SelectField
          label={t('accounts.filters.subscription_label')}
          value={list.filterValue('subscription')}
          onValueChange={(value) => list.setFilter('subscription', value)}
          options={options('subscription', ['active', 'none'])}
        />
        <SelectField
          label={t('accounts.filters.last_online_label')}
          value={list.filterValue('last_online')}
          onValueChange={(value) => list.setFilter('last_online', value)}
          options={options('last_online', ['week', 'month', 'older', 'never'])}
        />
        <SelectField
          label={t('accounts.list.sort_label')}
          value={sort}
          onValueChange={list.setSort}
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
          {list.hasFilters && (
            <Button variant="ghost" onClick={list.resetFilters}>
              {t('accounts.list.reset')}
            </Button>
          )}
        </div>
      </ListFilterPanel>

      <ListResults
        query={accounts}
        page={page}
        size={size}
        onPageChange={list.goTo}
        empty={
          <EmptyState
            title={t('accounts.list.empty')}
            description={t('accounts.list.empty_description')}
            icon={<UsersIcon size={24} />}
          />
        }
        count={(count) => t('accounts.list.count', { count })}
      >
        {(items) => (
          <PersonList
            label={t('accounts.list.title')}
            busy={accounts.isPlaceholderData}
            testId="account-list"
          >
            {items.map((account) => (
              <PersonRow
                key={account.id}
                name={account.fullName}
                avatarUrl={account.avatarUrl ?? null}
                online={isOnline(account.lastOnline)}
                href={accountHref(account.id)}
                pinned={list.isPinned(accountHref(account.id))}
                onTogglePin={() =>
                  list.togglePin(accountHref(account.id), account.fullName, account.avatarUrl)
                }
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
          </PersonList>
        )}
      </ListResults>
    </>
  );
}
