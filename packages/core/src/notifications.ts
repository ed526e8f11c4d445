/** Notification badge and link rules (SPEC §2 "Header", "Notification item"). */
import { NOTIFICATION_BADGE_CAP } from './constants';

/** Badge text: nothing at zero, the count, or '99+' above the cap. */
export function badgeText(count: number | null | undefined): string {
  if (!count || count <= 0) return '';
  return count > NOTIFICATION_BADGE_CAP ? `${NOTIFICATION_BADGE_CAP}+` : String(count);
}

const HTTP_URL = /^(?:https?:)?\/\/[^/?#\s]+(\/[^?#]*)?(\?[^#]*)?/i;
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * The in-app path a notification links to. Absolute web addresses are reduced to path plus query,
 * so links made on another domain of the portal still open here. Relative links are kept; empty
 * links and other schemes (mailto:, javascript:) give null: the item is then not a link.
 */
export function notificationPath(link: string | null | undefined): string | null {
  const trimmed = link?.trim() ?? '';
  if (trimmed === '') return null;
  const absolute = HTTP_URL.exec(trimmed);
  if (absolute) return `${absolute[1] ?? '/'}${absolute[2] ?? ''}`;
  if (trimmed.startsWith('//') || HAS_SCHEME.test(trimmed)) return null;
  return trimmed;
}
