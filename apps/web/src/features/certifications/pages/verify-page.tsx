/**
 * /verify/{code} (guests): whether a certificate holds — valid, expired or revoked — with the
 * holder's name, the certification, its dates and the issuing portal; nothing else.
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { verificationQuery } from '../../../lib/resources/certifications';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatDay } from '../components/certificate-status';

const tone = {
  valid: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  expired: 'border-amber-300 bg-amber-50 text-amber-900',
  revoked: 'border-red-300 bg-red-50 text-red-900',
} as const;

export function VerifyPage() {
  useNamespace('certifications');
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  usePageTitle(t('certifications.verify.title'));
  const verification = useQuery(verificationQuery(code));
  if (verification.isPending) return <Loading />;
  if (verification.isError) {
    const kind = errorKindOf(verification.error);
    return kind === 'not_found' ? (
      <ErrorBlock
        kind="not_found"
        title={t('certifications.verify.unknown_title')}
        description={t('certifications.verify.unknown_description', { code })}
      />
    ) : (
      <ErrorBlock kind={kind} onRetry={() => void verification.refetch()} />
    );
  }
  const result = verification.data;
  return (
    <div data-testid="verify-page" className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-2xl font-semibold text-slate-900">{t('certifications.verify.title')}</h1>
      <div
        className={`rounded-2xl border-2 p-5 ${tone[result.status]}`}
        role="status"
        data-testid="verify-status"
        data-status={result.status}
      >
        <p className="text-xl font-semibold">{t(`certifications.verify.status.${result.status}`)}</p>
      </div>
      <dl className="mt-6 grid gap-3 rounded-2xl border border-slate-200 bg-white p-5 text-slate-800 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t('certifications.verify.holder')}</dt>
        <dd data-testid="verify-holder">{result.holderName}</dd>
        <dt className="font-medium">{t('certifications.verify.certification')}</dt>
        <dd>{result.certificationName}</dd>
        <dt className="font-medium">{t('certifications.verify.issued')}</dt>
        <dd>{formatDay(result.issuedAt, i18n.language)}</dd>
        <dt className="font-medium">{t('certifications.verify.expires')}</dt>
        <dd>
          {result.expiresAt
            ? formatDay(result.expiresAt, i18n.language)
            : t('certifications.verify.no_expiry')}
        </dd>
        {result.revokedAt && (
          <>
            <dt className="font-medium">{t('certifications.verify.revoked_on')}</dt>
            <dd>{formatDay(result.revokedAt, i18n.language)}</dd>
          </>
        )}
        <dt className="font-medium">{t('certifications.verify.portal')}</dt>
        <dd>{result.portalName}</dd>
        <dt className="font-medium">{t('certifications.verify.code')}</dt>
        <dd className="font-mono">{result.id}</dd>
      </dl>
    </div>
  );
}
