/**
 * One notification (SPEC §2 "Notification item", §4): a click marks it read and follows its link
 * (an absolute address reduced to path plus query); when its page does not open for the reader it is
 * disabled and not a link (decision 062).
 */
import { useTranslation } from '../../../lib/i18n/i18n';
import { Link } from 'react-router';
import { notificationPath } from '@leerpad/core';
import { LockIcon } from '../../../components/icons';
import { formatDateTime, formatRelativeDate } from '../../../lib/format';
import type { Notification } from '../../../lib/resources/notifications';
import { useMayOpen } from '../../../lib/use-may-open';

export interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
  compact?: boolean;
}

export function NotificationItem({ notification, onOpen, compact = false }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const unread = !notification.readAt;
  const mayOpen = useMayOpen();
  const path = notificationPath(notification.link);
  // The server's answer, and the page map's for a notification that arrived live without one.
  const canOpen = notification.meta?.abilities?.open !== false && (path === null || mayOpen(path));

  const body = (
    <>
      <span
        className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? 'bg-primary' : 'bg-transparent'}`}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
          {notification.message}
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
          <time
            dateTime={notification.receivedAt ?? undefined}
            title={formatDateTime(notification.receivedAt, i18n.language)}
          >
            {formatRelativeDate(notification.receivedAt, i18n.language)}
          </time>
          {unread && <span className="sr-only">{t('notifications.unread')}</span>}
          {!canOpen && (
            <span className="inline-flex items-center gap-1">
              <LockIcon size={12} /> {t('notifications.no_access')}
            </span>
          )}
        </span>
      </span>
    </>
  );

  const classes = `flex w-full items-start gap-3 text-left ${compact ? 'px-4 py-3' : 'px-4 py-4 sm:px-5'}`;

  if (!canOpen) {
    return (
      <div
        className={`${classes} cursor-not-allowed opacity-70`}
        aria-disabled="true"
        data-testid="notification-item"
      >
        {body}
      </div>
    );
  }
  if (path) {
    return (
      <Link
        to={path}
        className={`${classes} hover:bg-slate-50 focus-visible:bg-slate-50`}
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
        data-unread={unread || undefined}
      >
        {body}
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={`${classes} hover:bg-slate-50`}
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-unread={unread || undefined}
    >
      {body}
    </button>
  );
}
