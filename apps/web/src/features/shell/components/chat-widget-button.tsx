/** The chat widget button (SPEC §2, §4): open state kept in session storage, unread count badge. */
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/i18n';
import { badgeText } from '@leerpad/core';
import { iconButtonClasses } from '../../../components/button';
import { ChatIcon } from '../../../components/icons-ui';
import { chatAdapter } from '../../../lib/chat/chat-adapter';

const OPEN_KEY = 'leerpad.chat-open';

export function ChatWidgetButton({
  chatId,
  locale,
  fullName,
  accountId,
}: {
  chatId: string;
  locale: string;
  fullName?: string | null;
  accountId?: string | null;
}) {
  const { t } = useTranslation();
  const adapter = chatAdapter(chatId);
  const [open, setOpen] = useState(() => window.sessionStorage.getItem(OPEN_KEY) === 'true');
  const [unread, setUnread] = useState(0);

  useEffect(() => {
    let stopUnread = () => {};
    let stopClose = () => {};
    adapter
      .load({ locale, fullName, accountId })
      .then(() => {
        stopUnread = adapter.onUnreadChange(setUnread);
        stopClose = adapter.onClose(() => setOpen(false));
      })
      .catch(() => {
        // The vendor is unreachable: the button stays, the widget does not open.
      });
    return () => {
      stopUnread();
      stopClose();
    };
  }, [adapter, locale, fullName, accountId]);

  useEffect(() => {
    window.sessionStorage.setItem(OPEN_KEY, String(open));
    if (open) adapter.open();
    else adapter.close();
  }, [adapter, open]);

  const badge = badgeText(unread);
  return (
    <button
      type="button"
      className={iconButtonClasses}
      aria-pressed={open}
      aria-label={badge ? t('header.chat_unread', { count: unread }) : t('header.chat')}
      title={t('header.chat')}
      onClick={() => setOpen((current) => !current)}
      data-testid="chat-button"
    >
      <ChatIcon />
      {badge && (
        <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[11px] leading-5 font-semibold text-white">
          {badge}
        </span>
      )}
    </button>
  );
}
