/** The header's notifications button: badge with the unread count (99+ above 99), unread partial. */
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { badgeText } from '@leerpad/core';
import { iconButtonClasses } from '../../../components/button';
import { usePainted } from '../../../lib/after-paint';
import { BellIcon } from '../../../components/icons-ui';
import { unreadNotificationsQuery } from '../../../lib/resources/notifications';
import { NotificationsPartial } from './notifications-partial';

export function NotificationsButton({
  accountId,
  initialUnread,
}: {
  accountId: string;
  initialUnread: number;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The count /me brought until the page is painted; then the unread list (decision 082).
  const unread = useQuery({ ...unreadNotificationsQuery(accountId), enabled: usePainted() });
  const count = unread.data ? unread.data.unread || unread.data.total : initialUnread;
  const badge = badgeText(count);

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className={`${iconButtonClasses} data-[state=open]:bg-slate-100`}
        aria-label={count > 0 ? t('header.notifications_unread', { count }) : t('header.notifications')}
        data-testid="notifications-button"
      >
        <BellIcon />
        {badge && (
          <span
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-semibold text-white"
            data-testid="notifications-badge"
            aria-hidden="true"
          >
            {badge}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl animate-fade-in"
          aria-label={t('notifications.partial.title')}
        >
          <NotificationsPartial accountId={accountId} onNavigate={() => setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
