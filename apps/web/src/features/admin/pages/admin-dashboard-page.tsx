/**
 * /admin/dashboard: how the academy is doing over a chosen period (4, 12, 26 or 52 weeks) — active
 * learners, enrolments and completions, sign-ups, open content issues and tickets, and revenue per
 * month for staff who see orders. Each chart has its table and a CSV download (ChartFigure).
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChartFigure } from '../../../components/chart';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { controlClasses, FieldShell } from '../../../components/form/fields';
import { Greeting } from '../../../components/greeting';
import { Loading } from '../../../components/loading';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import {
  ADMIN_OVERVIEW_PERIODS,
  adminOverviewQuery,
  type AdminOverview,
} from '../../../lib/resources/admin-overview';
import { useSession } from '../../../lib/session/use-session';
import { useMayOpen } from '../../../lib/use-may-open';
import { usePageTitle } from '../../../lib/use-page-title';

const DEFAULT_WEEKS = 12;

export function AdminDashboardPage() {
  useNamespace('admin_dashboard');
  const { t } = useTranslation();
  const { me, portal } = useSession();
  usePageTitle(t('admin_dashboard.title'));
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('weeks'));
  const weeks = (ADMIN_OVERVIEW_PERIODS as readonly number[]).includes(requested) ? requested : DEFAULT_WEEKS;
  const overview = useQuery(adminOverviewQuery(weeks));
  const periodId = useId();

  return (
    <div data-testid="admin-dashboard" className="flex flex-col gap-6">
      <Greeting
        name={me?.account.fullName}
        intro={t('admin_dashboard.description', { portal: portal?.name ?? '' })}
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-lg font-semibold text-slate-900">{t('admin_dashboard.figures_title')}</h2>
        <div className="w-56">
          <FieldShell id={periodId} label={t('admin_dashboard.period')}>
            <select
              id={periodId}
              value={String(weeks)}
              data-testid="dashboard-period"
              className={`${controlClasses} h-11 border-slate-300`}
              onChange={(event) => {
                const value = event.target.value;
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (Number(value) === DEFAULT_WEEKS) next.delete('weeks');
                    else next.set('weeks', value);
                    return next;
                  },
                  { replace: true },
                );
              }}
            >
              {ADMIN_OVERVIEW_PERIODS.map((value) => (
                <option key={value} value={String(value)}>
                  {t('admin_dashboard.weeks', { count: value })}
                </option>
              ))}
            </select>
          </FieldShell>
        </div>
      </div>
      {overview.isPending ? (
        <Loading />
      ) : overview.isError ? (
        <ErrorBlock
          kind={errorKindOf(overview.error)}
          asPage={false}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Figures overview={overview.data} />
      )}
    </div>
  );
}

function Figures({ overview }: { overview: AdminOverview }) {
  const { t, i18n } = useTranslation();
  const mayOpen = useMayOpen();
  const weekLabels = overview.weekStarts.map((week) =>
    new Date(`${week}T00:00:00Z`).toLocaleDateString(i18n.language, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    }),
  );
  const weekHeading = t('admin_dashboard.week');
  const suffix = `${overview.weeks}-weeks`;
  const issuesPath = '/admin/courses/content-issues';
  const issuesLink = mayOpen(issuesPath);
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2" data-testid="dashboard-counts">
        <Count
          label={t('admin_dashboard.open_content_issues')}
          value={overview.openContentIssues.total}
          detail={t('admin_dashboard.issues_detail', {
            open: overview.openContentIssues.open,
            in_progress: overview.openContentIssues.inProgress,
          })}
          to={issuesLink ? issuesPath : undefined}
          linkLabel={t('admin_dashboard.open_issues_link')}
        />
        {overview.openTickets && (
          <Count
            label={t('admin_dashboard.open_tickets')}
            value={overview.openTickets.total}
            detail={t('admin_dashboard.tickets_detail', {
              open: overview.openTickets.open,
              answered: overview.openTickets.answered,
            })}
          />
        )}
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartFigure
          title={t('admin_dashboard.active_learners')}
          description={t('admin_dashboard.active_learners_hint')}
          labels={weekLabels}
          series={[{ label: t('admin_dashboard.learners'), values: overview.activeLearners }]}
          kind="line"
          csvName={`active-learners-${suffix}`}
          labelHeading={weekHeading}
        />
        <ChartFigure
          title={t('admin_dashboard.enrolments_completions')}
          labels={weekLabels}
          series={[
            { label: t('admin_dashboard.enrolments'), values: overview.enrolments },
            { label: t('admin_dashboard.completions'), values: overview.completions },
          ]}
          csvName={`enrolments-and-completions-${suffix}`}
          labelHeading={weekHeading}
        />
        <ChartFigure
          title={t('admin_dashboard.sign_ups')}
          labels={weekLabels}
          series={[{ label: t('admin_dashboard.new_accounts'), values: overview.signUps }]}
          csvName={`sign-ups-${suffix}`}
          labelHeading={weekHeading}
        />
        {overview.revenue && <Revenue revenue={overview.revenue} suffix={suffix} />}
      </div>
    </>
  );
}

function Revenue({ revenue, suffix }: { revenue: NonNullable<AdminOverview['revenue']>; suffix: string }) {
  const { t, i18n } = useTranslation();
  const labels = revenue.months.map((month) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(i18n.language, {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
  );
  const currencies =
    revenue.currencies.length > 0 ? revenue.currencies : [{ currency: 'EUR', cents: [], orders: [] }];
  return (
    <ChartFigure
      title={t('admin_dashboard.revenue')}
      description={t('admin_dashboard.revenue_hint')}
      labels={labels}
      series={currencies.map((currency) => ({
        label: t('admin_dashboard.revenue_in', { currency: currency.currency }),
        values: revenue.months.map((_, index) => (currency.cents[index] ?? 0) / 100),
      }))}
      csvName={`revenue-${suffix}`}
      labelHeading={t('admin_dashboard.month')}
    />
  );
}

function Count({
  label,
  value,
  detail,
  to,
  linkLabel,
}: {
  label: string;
  value: number;
  detail: string;
  to?: string;
  linkLabel?: string;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-semibold tabular-nums text-slate-900">{value}</dd>
      <dd className="mt-1 text-sm text-slate-600">{detail}</dd>
      {to && linkLabel && (
        <dd className="mt-2 text-sm">
          <Link to={to} className="font-medium text-primary-text underline">
            {linkLabel}
          </Link>
        </dd>
      )}
    </div>
  );
}
