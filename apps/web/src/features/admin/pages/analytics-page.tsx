/**
 * /admin/analytics: page views per day (a chart with its table and CSV) and per route, counted on
 * our own host (decision 072). When the portal does not count them, the page says where to turn it on.
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChartFigure } from '../../../components/chart';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { controlClasses, FieldShell } from '../../../components/form/fields';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { TableHead } from '../../../components/table';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import {
  ANALYTICS_PERIODS,
  analyticsReportQuery,
  analyticsSettingsQuery,
  type AnalyticsReport,
} from '../../../lib/resources/analytics';
import { useSession } from '../../../lib/session/use-session';
import { useMayOpen } from '../../../lib/use-may-open';
import { usePageTitle } from '../../../lib/use-page-title';

const DEFAULT_DAYS = 30;
/** Routes drawn as their own line beside the total. */
const CHART_ROUTES = 3;

export function AnalyticsPage() {
  useNamespace('analytics');
  const { t } = useTranslation();
  const { portal } = useSession();
  usePageTitle(t('analytics.title'));
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('days'));
  const days = (ANALYTICS_PERIODS as readonly number[]).includes(requested) ? requested : DEFAULT_DAYS;
  const report = useQuery(analyticsReportQuery(days));
  const mayOpen = useMayOpen();
  const settingsPath = '/admin/settings/integrations';
  const settings = useQuery({ ...analyticsSettingsQuery, enabled: mayOpen(settingsPath) });
  const periodId = useId();

  return (
    <div data-testid="analytics-page" className="flex flex-col gap-6">
      <PageHeader
        title={t('analytics.title')}
        description={t('analytics.description', { portal: portal?.name ?? '' })}
      />
      {settings.data && !settings.data.enabled && (
        <p
          role="status"
          data-testid="analytics-off"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          {t('analytics.off')}{' '}
          <Link to={settingsPath} className="font-medium underline">
            {t('analytics.settings_link')}
          </Link>
        </p>
      )}
      <div className="w-56">
        <FieldShell id={periodId} label={t('analytics.period')}>
          <select
            id={periodId}
            value={String(days)}
            data-testid="analytics-period"
            className={`${controlClasses} h-11 border-slate-300`}
            onChange={(event) => {
              const value = event.target.value;
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (Number(value) === DEFAULT_DAYS) next.delete('days');
                  else next.set('days', value);
                  return next;
                },
                { replace: true },
              );
            }}
          >
            {ANALYTICS_PERIODS.map((value) => (
              <option key={value} value={String(value)}>
                {t('analytics.days', { count: value })}
              </option>
            ))}
          </select>
        </FieldShell>
      </div>
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorBlock kind={errorKindOf(report.error)} asPage={false} onRetry={() => void report.refetch()} />
      ) : (
        <Report report={report.data} />
      )}
    </div>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const labels = report.days.map((day) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(i18n.language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
  );
  const perDay = report.days.map((_, index) =>
    report.routes.reduce((sum, route) => sum + (route.perDay[index] ?? 0), 0),
  );
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <>
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 className="text-sm font-normal text-slate-600">{t('analytics.total')}</h2>
        <p className="text-3xl font-semibold text-slate-900" data-testid="analytics-total">
          {number.format(report.total)}
        </p>
      </div>
      <ChartFigure
        title={t('analytics.chart_title')}
        description={t('analytics.chart_description')}
        labels={labels}
        series={[
          { label: t('analytics.all_pages'), values: perDay },
          ...report.routes
            .slice(0, CHART_ROUTES)
            .map((route) => ({ label: route.route, values: route.perDay })),
        ]}
        kind="line"
        csvName={`page-views-${report.days.length}-days`}
        labelHeading={t('analytics.day')}
      />
      <section
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
          {t('analytics.routes')}
        </h2>
        {report.routes.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="analytics-empty">
            {t('analytics.empty')}
          </p>
        ) : (
          <table className="w-full text-left text-sm" data-testid="analytics-routes">
            <TableHead columns={[t('analytics.route'), t('analytics.views')]} />
            <tbody>
              {report.routes.map((route) => (
                <tr key={route.route} className="border-t border-slate-100">
                  <td className="px-4 py-2 font-mono text-slate-800">{route.route}</td>
                  <td className="px-4 py-2 tabular-nums text-slate-900">{number.format(route.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
