/**
 * One person in a list: avatar with the online dot, the name as a link, a details line, and room
 * for a menu and a pin. Every list of people uses it, so they look and behave alike.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n/i18n';
import { Avatar } from './avatar';
import { Icon, type IconProps } from './icons';

const PinIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 17v5M9 3h6l-1 7 4 3v2H6v-2l4-3z" />
  </Icon>
);

export function PersonRow(props: {
  name: string;
  avatarUrl?: string | null;
  online?: boolean;
  details?: ReactNode;
  href: string;
  menu?: ReactNode;
  pinned?: boolean;
  onTogglePin?: () => void;
}) {
  const { t } = useTranslation();
  const { name, avatarUrl, online, details, href, menu, pinned, onTogglePin } = props;
  return (
    <li className="flex items-center gap-3 px-4 py-3" data-testid="person-row">
      <span className="relative inline-flex">
        <Avatar name={name} url={avatarUrl ?? null} indicator={false} size="medium" />
        {online && (
          <span
            className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-white"
            role="img"
            aria-label={t('avatar.online')}
          />
        )}
      </span>
      <div className="min-w-0 flex-1">
        <Link to={href} className="font-medium text-slate-900 hover:text-primary-text hover:underline">
          {name}
        </Link>
        {details && <div className="truncate text-sm text-slate-600">{details}</div>}
      </div>
      {onTogglePin && (
        <button
          type="button"
          onClick={onTogglePin}
          aria-pressed={pinned ?? false}
          aria-label={t(pinned ? 'person_row.unpin' : 'person_row.pin', { name })}
          className={`inline-flex size-9 items-center justify-center rounded-full hover:bg-slate-100 ${
            pinned ? 'text-primary-text' : 'text-slate-500'
          }`}
        >
          <PinIcon size={16} />
        </button>
      )}
      {menu}
    </li>
  );
}
