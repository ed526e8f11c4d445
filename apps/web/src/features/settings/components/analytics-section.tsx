/** The portal's switch for counting page views, on /admin/settings/integrations (decision 072). */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { useTranslation } from '../../../lib/i18n/i18n';
import { analyticsSettingsQuery, useSaveAnalyticsSettings } from '../../../lib/resources/analytics';
import { showToast } from '../../../lib/toasts/toasts';
import { Switch } from './switch';

const sectionClasses = 'flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';

export function AnalyticsSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const descriptionId = useId();
  const settings = useQuery(analyticsSettingsQuery);
  const save = useSaveAnalyticsSettings();
  const label = t('settings.integrations.analytics_switch');
  return (
    <section aria-labelledby={headingId} className={sectionClasses} data-testid="analytics-settings">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('settings.integrations.analytics_title')}
      </h2>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <ErrorBlock
          kind={errorKindOf(settings.error)}
          asPage={false}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 p-4">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{label}</p>
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
              {t('settings.integrations.analytics_description')}
            </p>
          </div>
          <Switch
            label={label}
            describedBy={descriptionId}
            checked={settings.data.enabled}
            busy={save.isPending}
            onCheckedChange={(on) =>
              save.mutate(
                { enabled: on },
                {
                  onSuccess: () =>
                    showToast({
                      kind: 'success',
                      message: t(
                        on ? 'settings.integrations.analytics_on' : 'settings.integrations.analytics_off',
                      ),
                    }),
                },
              )
            }
          />
        </div>
      )}
    </section>
  );
}
