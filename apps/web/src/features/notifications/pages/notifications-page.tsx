/**
 * /notifications (SPEC §2): title, mark-all-read while unread exist, the list, pagination above 25
 * (page and size kept in the address), both empty states and a link back home per environment.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link } from 'react-router';
import { notificationsHomeLink } from '@leerpad/core';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { BellIcon, ChevronLeftIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { useEnvironment, useSession } from '../../../lib/session/use-session';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  notificationsQuery,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  type Notification,
} from '../../../lib/resources/notifications';
import { NotificationList } from '../components/notification-list';

export function NotificationsPage() {
  const { t } = useTranslation();
  const { me } = useSession();
  const { environment } = useEnvironment();
  const { page, size, changePage } = useListAddress();
  const accountId = me?.account.id ?? '';
  usePageTitle(t('notifications.title'));

  const list = useQuery({ ...notificationsQuery(accountId, page, size), enabled: accountId !== '' });
  // The first list renders as a deferred update: React renders it in slices, so a slow phone stays
  // responsive while it comes in (docs/decisions/077). Until then it shows as loading.
  const firstShown = useDeferredValue(list.data !== undefined);
  const markRead = useMarkNotificationRead(accountId);
  const markAllRead = useMarkAllNotificationsRead(accountId);

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
  };

  const unread = list.data?.unread ?? 0;

  return (
    <div>
      <PageHeader
        title={t('notifications.title')}
        description={list.data && unread > 0 ? t('notifications.unread_count', { count: unread }) : undefined}
        actions={
          unread > 0 && (
            <Button
              variant="secondary"
              onClick={() => markAllRead.mutate()}
              loading={markAllRead.isPending}
              data-testid="mark-all-read"
            >
              {t('notifications.mark_all_read')}
            </Button>
          )
        }
      />
      {list.isPending || (!list.isError && !firstShown) ? (
        <Loading />
      ) : list.isError ? (
        <ErrorBlock kind={errorKindOf(list.error)} asPage={false} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('notifications.empty')} icon={<BellIcon size={24} />} />
      ) : (
        <div
          className={`overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-opacity ${
            list.isPlaceholderData ? 'opacity-60' : ''
          }`}
          aria-busy={list.isPlaceholderData || undefined}
        >
          <NotificationList notifications={list.data.items} onOpen={open} label={t('notifications.title')} />
        </div>
      )}
      {list.data && firstShown && (
        <Pagination total={list.data.total} page={page} size={size} onChange={changePage} />
      )}
      <p className="mt-8">
        <Link
          to={notificationsHomeLink(environment)}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-text hover:underline"
          data-testid="notifications-home-link"
        >
          <ChevronLeftIcon size={16} /> {t('notifications.back_home')}
        </Link>
      </p>
    </div>
  );
}
