import type { Notification } from '../../../lib/resources/notifications';
import { NotificationItem } from './notification-item';

export function NotificationList({
  notifications,
  onOpen,
  compact = false,
  label,
}: {
  notifications: Notification[];
  onOpen: (notification: Notification) => void;
  compact?: boolean;
  label: string;
}) {
  return (
    <ul className="divide-y divide-slate-200" aria-label={label} data-testid="notification-list">
      {notifications.map((notification) => (
        <li key={notification.id}>
          <NotificationItem notification={notification} onOpen={onOpen} compact={compact} />
        </li>
      ))}
    </ul>
  );
}
