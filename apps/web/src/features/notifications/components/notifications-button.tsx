/** The header's notifications button: badge with the unread count (99+ above 99), unread partial. */
import * as Popover from '@radix-ui/react-popover';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/i18n';
import { badgeText } from '@leerpad/core';
import { PlainTrigger, useArmedLater } from '../../../components/armed-later';
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
  // The count /me brought until the page is painted; then the unread list (decision 082).
  const unread = useQuery({ ...unreadNotificationsQuery(accountId), enabled: usePainted() });
  const count = unread.data ? unread.data.unread || unread.data.total : initialUnread;
  const badge = badgeText(count);
  const later = useArmedLater();
  const trigger = {
    className: `${iconButtonClasses} data-[state=open]:bg-slate-100`,
    'aria-label': count > 0 ? t('header.notifications_unread', { count }) : t('header.notifications'),
    'data-testid': 'notifications-button',
    children: (
      <>
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
      </>
    ),
  };

  if (!later.armed) return <PlainTrigger popup="dialog" {...trigger} {...later.plain} />;
  return (
    <Popover.Root open={later.open} onOpenChange={later.setOpen}>
      <Popover.Trigger ref={later.triggerRef} {...trigger} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-[min(24rem,calc(100vw-1rem))] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl animate-fade-in"
          aria-label={t('notifications.partial.title')}
        >
          <NotificationsPartial accountId={accountId} onNavigate={() => later.setOpen(false)} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
