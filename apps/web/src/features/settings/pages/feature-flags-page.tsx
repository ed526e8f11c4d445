/** /admin/settings/feature-flags: every feature of the product, switched on or off for this portal. */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n/i18n';
import { featureFlagsQuery, useSetFeatureFlag, type FeatureFlag } from '../../../lib/resources/feature-flags';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { Switch } from '../components/switch';

export function FeatureFlagsPage() {
  const { t } = useTranslation();
  usePageTitle(t('settings.feature_flags.title'));
  const { portal } = useSession();
  const portalId = portal?.id ?? '';
  const flags = useQuery({ ...featureFlagsQuery(portalId), enabled: Boolean(portalId) });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t('settings.feature_flags.title')}
        description={t('settings.feature_flags.description', { portal: portal?.name ?? '' })}
      />
      {flags.isPending ? (
        <Loading />
      ) : flags.isError ? (
        <ErrorBlock kind={errorKindOf(flags.error)} asPage={false} onRetry={() => void flags.refetch()} />
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
          data-testid="feature-flag-list"
        >
          {flags.data.map((flag) => (
            <FeatureFlagRow key={flag.id} flag={flag} portalId={portalId} />
          ))}
        </ul>
      )}
    </div>
  );
}

function FeatureFlagRow({ flag, portalId }: { flag: FeatureFlag; portalId: string }) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const setFlag = useSetFeatureFlag(portalId);
  const key = flag.name.replace(/-/g, '_');
  const label = t(`settings.feature_flags.names.${key}`);
  const toggle = (enabled: boolean) =>
    setFlag.mutate(
      { name: flag.name, enabled },
      {
        onSuccess: () =>
          showToast({
            kind: 'success',
            message: t(enabled ? 'settings.feature_flags.turned_on' : 'settings.feature_flags.turned_off', {
              name: label,
            }),
          }),
      },
    );
  return (
    <li className="flex items-start justify-between gap-4 p-4" data-testid={`feature-flag-${flag.name}`}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{label}</p>
        <p id={descriptionId} className="mt-1 text-sm text-slate-600">
          {t(`settings.feature_flags.descriptions.${key}`)}
        </p>
        <p className="mt-1 font-mono text-xs text-slate-500">{flag.name}</p>
      </div>
      <Switch
        label={label}
        describedBy={descriptionId}
        checked={flag.enabled}
        busy={setFlag.isPending}
        onCheckedChange={toggle}
      />
    </li>
  );
}
