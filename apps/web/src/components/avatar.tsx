/** Avatar (SPEC §3): image at width 150, else initials; sizes, outline, online indicator. */
import { useState } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { AVATAR_INITIALS_LENGTH, avatarImageUrl, avatarInitials, isOnline } from '@leerpad/core';

export type AvatarSize = 'small' | 'medium' | 'large';

export interface AvatarProps {
  name?: string | null;
  url?: string | null;
  lastOnline?: string | null;
  /** Initials fall back to this name (the current user's) when `name` is empty. */
  fallbackName?: string | null;
  initialsLength?: number;
  size?: AvatarSize;
  outline?: boolean;
  /** Muted colours, for dense lists. */
  quiet?: boolean;
  tooltip?: string | null;
  /** Show the online dot when the person was online in the last 15 minutes. */
  indicator?: boolean;
  className?: string;
}

const sizes: Record<AvatarSize, { box: string; text: string; dot: string }> = {
  small: { box: 'size-8', text: 'text-xs', dot: 'size-2.5' },
  medium: { box: 'size-10', text: 'text-sm', dot: 'size-3' },
  large: { box: 'size-16', text: 'text-xl', dot: 'size-4' },
};

export function Avatar({
  name,
  url,
  lastOnline,
  fallbackName,
  initialsLength = AVATAR_INITIALS_LENGTH,
  size = 'small',
  outline = false,
  quiet = false,
  tooltip,
  indicator = true,
  className = '',
}: AvatarProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const image = failed ? null : avatarImageUrl(url);
  const online = indicator && isOnline(lastOnline);
  const style = sizes[size];
  const label = tooltip ?? name ?? undefined;

  return (
    <span
      className={`relative inline-flex shrink-0 ${className}`}
      title={tooltip ?? undefined}
      data-avatar=""
    >
      <span
        className={`${style.box} inline-flex items-center justify-center overflow-hidden rounded-full font-semibold select-none ${
          quiet ? 'bg-slate-200 text-slate-700' : 'bg-primary-muted text-slate-900'
        } ${outline ? 'ring-2 ring-white ring-offset-2 ring-offset-primary' : ''}`}
      >
        {image ? (
          <img
            src={image}
            alt={label ?? ''}
            className="size-full object-cover"
            onError={() => setFailed(true)}
            loading="lazy"
          />
        ) : (
          <span className={style.text} aria-hidden={label ? 'true' : undefined}>
            {avatarInitials(name, fallbackName, initialsLength)}
          </span>
        )}
      </span>
      {!image && label && <span className="sr-only">{label}</span>}
      {online && (
        <span
          className={`${style.dot} absolute right-0 bottom-0 rounded-full bg-emerald-500 ring-2 ring-white`}
          data-testid="online-indicator"
        >
          <span className="sr-only">{t('avatar.online')}</span>
        </span>
      )}
    </span>
  );
}
