import type { Translate } from '../../lib/i18n/i18n';

/** "45 min" or "1 h 30 min". */
export function formatDuration(minutes: number | null | undefined, t: Translate): string | null {
  if (!minutes || minutes <= 0) return null;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('learning.duration.minutes', { count: rest });
  if (rest === 0) return t('learning.duration.hours', { count: hours });
  return t('learning.duration.hours_minutes', { hours, minutes: rest });
}
