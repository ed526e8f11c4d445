/** Dates for the sales screens, in the reader's language. */
import { useTranslation } from '../../../lib/i18n/i18n';

/** A short date in the reader's language ("3 Nov 2026"). */
export function useShortDate() {
  const { i18n } = useTranslation();
  return (value: string | null | undefined) => {
    if (!value) return '';
    const date = new Date(value);
    return Number.isNaN(date.getTime())
      ? ''
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(date);
  };
}
