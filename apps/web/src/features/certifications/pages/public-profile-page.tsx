/**
 * /profiles/{handle} (guests): a student's public profile, public portfolio items and certificates
 * with their verify links. `noindex` unless the student opted in; private or unknown is a 404 page.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Avatar } from '../../../components/avatar';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { GuestFiles } from '../components/guest-files';
import { HtmlContent } from '../../../components/html-content';
import { Loading } from '../../../components/loading';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { publicProfileQuery } from '../../../lib/resources/portfolio';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatDay } from '../components/certificate-status';

/** `<meta name="robots" content="noindex">` while the page is shown, unless indexing is allowed. */
function useRobots(noindex: boolean) {
  useEffect(() => {
    if (!noindex) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, [noindex]);
}

export function PublicProfilePage() {
  useNamespace('portfolio');
  useNamespace('certifications');
  const { t, i18n } = useTranslation();
  const { handle = '' } = useParams();
  const profile = useQuery(publicProfileQuery(handle));
  usePageTitle(profile.data?.fullName ?? t('portfolio.public.title'));
  useRobots(!profile.data?.indexable);
  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    const kind = errorKindOf(profile.error);
    return kind === 'not_found' ? (
      <ErrorBlock
        kind="not_found"
        title={t('portfolio.public.unknown_title')}
        description={t('portfolio.public.unknown_description')}
      />
    ) : (
      <ErrorBlock kind={kind} onRetry={() => void profile.refetch()} />
    );
  }
  const data = profile.data;
  return (
    <div className="mx-auto max-w-3xl" data-testid="public-profile-page">
      <header className="mb-6 flex items-center gap-4">
        <Avatar name={data.fullName} url={data.avatarUrl} size="large" />
        <div>
          <h1 className="text-2xl font-semibold text-slate-900" data-testid="profile-name">
            {data.fullName}
          </h1>
          {data.headline && <p className="text-slate-700">{data.headline}</p>}
        </div>
      </header>
      {data.biography && <p className="mb-6 whitespace-pre-line text-slate-800">{data.biography}</p>}
      <section aria-labelledby="public-items" className="mb-8">
        <h2 id="public-items" className="mb-3 text-lg font-semibold text-slate-900">
          {t('portfolio.public.items')}
        </h2>
        {data.items.length === 0 ? (
          <p className="text-slate-600">{t('portfolio.public.no_items')}</p>
        ) : (
          <ul className="flex flex-col gap-4" data-testid="public-items">
            {data.items.map((item) => (
              <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-5">
                <p className="text-xs font-semibold tracking-wide text-primary-text uppercase">
                  {t(`portfolio.kind.${item.kind}`)}
                </p>
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="text-sm text-slate-600">{formatDay(item.createdAt, i18n.language)}</p>
                <HtmlContent html={item.body} className="mt-2" />
                {item.url && (
                  <p className="mt-2">
                    <a
                      href={item.url}
                      rel="noopener noreferrer nofollow"
                      className="text-primary-text underline"
                    >
                      {item.url}
                    </a>
                  </p>
                )}
                <GuestFiles files={item.files} testId="public-item-files" />
                {item.competencies.length > 0 && (
                  <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('portfolio.items.competencies')}>
                    {item.competencies.map((tag) => (
                      <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-xs text-slate-800">
                        {tag}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="public-certificates">
        <h2 id="public-certificates" className="mb-3 text-lg font-semibold text-slate-900">
          {t('portfolio.public.certificates')}
        </h2>
        {data.certificates.length === 0 ? (
          <p className="text-slate-600">{t('portfolio.public.no_certificates')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {data.certificates.map((certificate) => (
              <li key={certificate.code} className="rounded-2xl border border-slate-200 bg-white p-4">
                <p className="font-semibold text-slate-900">{certificate.name}</p>
                <p className="text-sm text-slate-600">
                  {t('portfolio.public.issued', { date: formatDay(certificate.issuedAt, i18n.language) })}
                </p>
                <a
                  href={certificate.verifyUrl}
                  className="mt-2 inline-block text-sm text-primary-text underline"
                  aria-label={t('portfolio.public.verify_label', { name: certificate.name })}
                >
                  {t('portfolio.public.verify')}
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
