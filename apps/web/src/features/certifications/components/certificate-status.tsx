import { useTranslation } from '../../../lib/i18n/i18n';
import type { CertificateStatus } from '../../../lib/resources/certifications';

const colours: Record<CertificateStatus, string> = {
  valid: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  expired: 'bg-amber-100 text-amber-900 ring-amber-200',
  revoked: 'bg-red-100 text-red-900 ring-red-200',
};

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours[status] ?? colours.valid}`}
      data-testid="certificate-status"
    >
      {t(`certifications.status.${status}`)}
    </span>
  );
}

/** A date without time, in the reader's language. */
export function formatDay(value: string | null | undefined, locale: string): string {
  if (!value) return '';
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
