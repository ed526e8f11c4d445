/** The unread partial (SPEC §2): up to 5 unread notifications and a view-all link. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link } from 'react-router';
import { Loading } from '../../../components/loading';
import {
  unreadNotificationsQuery,
  useMarkNotificationRead,
  type Notification,
} from '../../../lib/resources/notifications';
import { NotificationList } from './notification-list';

export function NotificationsPartial({
  accountId,
  onNavigate,
}: {
  accountId: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const unread = useQuery(unreadNotificationsQuery(accountId));
  const markRead = useMarkNotificationRead(accountId);

  const open = (notification: Notification) => {
    if (!notification.readAt) markRead.mutate(notification.id);
    onNavigate?.();
  };

  return (
    <div className="flex max-h-[70vh] flex-col" data-testid="notifications-partial">
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{t('notifications.partial.title')}</h2>
        {unread.data && unread.data.total > 0 && (
          <span className="text-xs text-slate-600">
            {t('notifications.partial.count', { count: unread.data.total })}
          </span>
        )}
      </div>
      <div className="overflow-y-auto">
        {unread.isPending ? (
          <Loading />
        ) : unread.isError ? (
          <p className="px-4 py-6 text-center text-sm text-red-700">{t('notifications.load_error')}</p>
        ) : unread.data.items.length === 0 ? (
          <p
            className="px-4 py-8 text-center text-sm text-slate-600"
            data-testid="notifications-partial-empty"
          >
            {t('notifications.empty_unread')}
          </p>
        ) : (
          <NotificationList
            notifications={unread.data.items}
            onOpen={open}
            compact
            label={t('notifications.partial.title')}
          />
        )}
      </div>
      <div className="border-t border-slate-200 p-2">
        <Link
          to="/notifications"
          onClick={onNavigate}
          className="block rounded-lg px-3 py-2 text-center text-sm font-medium text-primary-text hover:bg-primary-soft"
          data-testid="notifications-view-all"
        >
          {t('notifications.view_all')}
        </Link>
      </div>
    </div>
  );
}
