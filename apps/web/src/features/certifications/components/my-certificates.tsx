/** The signed-in student's certificates, with the PDF, the Open Badge and the public verify link of each. */
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { useTranslation } from '../../../lib/i18n/i18n';
import {
  certificateCredentialUrl,
  certificatePdfUrl,
  certificatesQuery,
} from '../../../lib/resources/certifications';
import { CertificateStatusBadge, formatDay } from './certificate-status';

export function MyCertificates() {
  const { t, i18n } = useTranslation();
  const certificates = useQuery({ ...certificatesQuery({ mine: true }), refetchInterval: 5_000 });
  return (
    <section aria-labelledby="my-certificates" className="mb-8">
      <h2 id="my-certificates" className="mb-3 text-lg font-semibold text-slate-900">
        {t('certifications.mine.title')}
      </h2>
      {certificates.isPending ? (
        <Loading />
      ) : certificates.isError ? (
        <ErrorBlock
          kind={errorKindOf(certificates.error)}
          asPage={false}
          onRetry={() => void certificates.refetch()}
        />
      ) : certificates.data.items.length === 0 ? (
        <EmptyState
          headingLevel={3}
          title={t('certifications.mine.empty')}
          description={t('certifications.mine.empty_description')}
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="my-certificates">
          {certificates.data.items.map((certificate) => (
            <li
              key={certificate.id}
              className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="my-certificate"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{certificate.certificationName}</h3>
                <CertificateStatusBadge status={certificate.status} />
              </div>
              <p className="text-sm text-slate-700">
                {t('certifications.issued_on', { date: formatDay(certificate.issuedAt, i18n.language) })}
                {certificate.expiresAt &&
                  ` · ${t('certifications.valid_until', { date: formatDay(certificate.expiresAt, i18n.language) })}`}
              </p>
              <p className="font-mono text-xs text-slate-600">{certificate.code}</p>
              <div className="flex flex-wrap gap-3 text-sm">
                <a
                  className="font-medium text-primary underline"
                  href={certificatePdfUrl(certificate.id)}
                  target="_blank"
                  rel="noreferrer"
                >
                  {t('certifications.open_pdf')}
                </a>
                {certificate.status !== 'revoked' && (
                  <a
                    className="font-medium text-primary underline"
                    href={certificateCredentialUrl(certificate.id)}
                    download={`certificate-${certificate.code}.jwt`}
                    title={t('certifications.open_badge_hint')}
                    data-testid="open-badge-download"
                  >
                    {t('certifications.open_badge')}
                  </a>
                )}
                <a className="font-medium text-primary underline" href={`/verify/${certificate.code}`}>
                  {t('certifications.verify_link')}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
