/**
 * The qualifications report (issue 16, decision 041), at /admin/certifications/report for staff and
 * /coach/qualifications for coaches: a matrix of students × certifications (the status as text and
 * colour in each cell), filters in the address (course, certification, status, coach), a chart per
 * certification with its table, and a CSV download of every matching row.
 */
import { can } from '@leerpad/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ChartFigure } from '../../../components/chart';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { ScrollRegion } from '../../../components/scroll-region';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { coachesQuery } from '../../../lib/resources/accounts';
import { courseTitlesQuery } from '../../../lib/resources/courses';
import {
  fetchQualificationsCsv,
  QUALIFICATION_STATUSES,
  qualificationColumnsQuery,
  qualificationsQuery,
  qualificationSummariesQuery,
  type QualificationCell,
  type QualificationFilter,
  type QualificationStatus,
} from '../../../lib/resources/qualifications';
import { useSession } from '../../../lib/session/use-session';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatDay } from '../components/certificate-status';
import { LabelledSelect } from '../components/labelled-select';

const FILTERS = ['course', 'certification', 'status', 'coach'] as const;
const DEFAULT_SIZE = 25;

/** Each status has its own colour, and always its word: colour is never the only sign. */
const TONES: Record<QualificationStatus | 'none', string> = {
  achieved: 'bg-emerald-50 text-emerald-900 border-l-emerald-600',
  in_progress: 'bg-sky-50 text-sky-900 border-l-sky-600',
  due: 'bg-amber-50 text-amber-900 border-l-amber-500',
  overdue: 'bg-red-50 text-red-900 border-l-red-600',
  expired: 'bg-slate-100 text-slate-800 border-l-slate-500',
  none: 'bg-white text-slate-600 border-l-transparent',
};

export function QualificationsReportPage() {
  useNamespace('qualifications');
  const { t } = useTranslation();
  usePageTitle(t('qualifications.title'));
  const { roles, features, me } = useSession();
  const staff = can({ roles, features }, 'search:account');
  const [params, setParams] = useSearchParams();
  const filter: QualificationFilter = Object.fromEntries(
    FILTERS.map((key) => [key, params.get(key) ?? '']).filter(([, value]) => value),
  );
  const page = Number(params.get('page') ?? 1) || 1;
  const size = Number(params.get('size') ?? DEFAULT_SIZE) || DEFAULT_SIZE;
  const setFilter = (key: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next, { replace: true });
  };

  const report = useQuery(qualificationsQuery(filter, page, size));
  const summaries = useQuery(qualificationSummariesQuery(filter));
  const columns = useQuery(qualificationColumnsQuery);
  const courses = useQuery(courseTitlesQuery);
  const coaches = useQuery({ ...coachesQuery, enabled: staff });
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchQualificationsCsv(filter);
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = 'qualifications.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      showToast({ kind: 'error', messageKey: 'qualifications.csv_failed' });
    } finally {
      setDownloading(false);
    }
  };

  const statusWord = (status: QualificationStatus) => t(`qualifications.status.${status}`);
  const any = { value: '', label: t('qualifications.filters.any') };
  const coachOptions = staff
    ? (coaches.data ?? []).map((coach) => ({ value: coach.id, label: coach.fullName }))
    : me
      ? [{ value: String(me.account.id), label: t('qualifications.filters.my_mentees') }]
      : [];

  return (
    <div data-page="qualifications_report" className="max-w-7xl">
      <PageHeader
        title={t('qualifications.title')}
        description={t(staff ? 'qualifications.description_staff' : 'qualifications.description_coach')}
        actions={
          <Button
            variant="secondary"
            onClick={() => void download()}
            disabled={downloading}
            data-testid="qualifications-csv"
          >
            {downloading ? t('qualifications.downloading') : t('qualifications.download_csv')}
          </Button>
        }
      />
      <form
        className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t('qualifications.filters.label')}
        onSubmit={(event) => event.preventDefault()}
      >
        <LabelledSelect
          name="course"
          label={t('qualifications.filters.course')}
          value={filter.course ?? ''}
          onChange={(value) => setFilter('course', value)}
          options={[
            any,
            ...(courses.data ?? []).map((course) => ({ value: course.id, label: course.title })),
          ]}
        />
        <LabelledSelect
          name="certification"
          label={t('qualifications.filters.certification')}
          value={filter.certification ?? ''}
          onChange={(value) => setFilter('certification', value)}
          options={[any, ...(columns.data ?? []).map((column) => ({ value: column.id, label: column.name }))]}
        />
        <LabelledSelect
          name="status"
          label={t('qualifications.filters.status')}
          value={filter.status ?? ''}
          onChange={(value) => setFilter('status', value)}
          options={[
            any,
            ...QUALIFICATION_STATUSES.map((status) => ({ value: status, label: statusWord(status) })),
          ]}
        />
        <LabelledSelect
          name="coach"
          label={t('qualifications.filters.coach')}
          value={filter.coach ?? ''}
          onChange={(value) => setFilter('coach', value)}
          options={[
            staff ? any : { value: '', label: t('qualifications.filters.all_my_students') },
            ...coachOptions,
          ]}
        />
      </form>

      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <ErrorBlock kind={errorKindOf(report.error)} asPage={false} onRetry={() => void report.refetch()} />
      ) : report.data.columns.length === 0 ? (
        <EmptyState
          title={t('qualifications.no_certifications')}
          description={t('qualifications.no_certifications_description')}
        />
      ) : (
        <section aria-labelledby="qualifications-matrix" className="mb-8">
          <h2 id="qualifications-matrix" className="mb-1 text-lg font-semibold text-slate-900">
            {t('qualifications.matrix_title')}
          </h2>
          <p className="mb-3 text-sm text-slate-600" aria-live="polite" data-testid="qualifications-count">
            {t('qualifications.students_count', { count: report.data.total })}
          </p>
          {report.data.items.length === 0 ? (
            <EmptyState
              title={t('qualifications.no_students')}
              description={t('qualifications.no_students_description')}
            />
          ) : (
            <ScrollRegion
              label={t('qualifications.matrix_title')}
              className="max-h-[70vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
            >
              <table
                className="min-w-full border-separate border-spacing-0 text-left text-sm"
                data-testid="qualifications-matrix"
              >
                <caption className="sr-only">{t('qualifications.matrix_caption')}</caption>
                <thead>
                  <tr>
                    <th
                      scope="col"
                      className="sticky left-0 top-0 z-20 border-b border-r border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-900"
                    >
                      {t('qualifications.student')}
                    </th>
                    {report.data.columns.map((column) => (
                      <th
                        key={column.id}
                        scope="col"
                        className="sticky top-0 z-10 min-w-44 border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-900"
                      >
                        {column.name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.data.items.map((row) => {
                    const cells = new Map(row.cells.map((cell) => [cell.certificationId, cell]));
                    return (
                      <tr key={row.id} data-testid="qualifications-row">
                        <th
                          scope="row"
                          className="sticky left-0 z-10 border-b border-r border-slate-200 bg-white px-3 py-2 font-medium text-slate-900"
                        >
                          <span className="block">{row.fullName}</span>
                          <span className="block text-xs font-normal text-slate-600">{row.email}</span>
                        </th>
                        {report.data.columns.map((column) => (
                          <StatusCell key={column.id} cell={cells.get(column.id)} />
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          )}
          <Pagination
            total={report.data.total}
            page={page}
            size={size}
            onChange={(nextPage, nextSize) => {
              const next = new URLSearchParams(params);
              next.set('page', String(nextPage));
              next.set('size', String(nextSize));
              setParams(next, { replace: true });
            }}
          />
        </section>
      )}

      {summaries.data && summaries.data.length > 0 && (
        <section aria-labelledby="qualifications-charts">
          <h2 id="qualifications-charts" className="mb-3 text-lg font-semibold text-slate-900">
            {t('qualifications.charts_title')}
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            {summaries.data.map((summary) => (
              <ChartFigure
                key={summary.id}
                title={summary.name}
                description={t('qualifications.chart_description')}
                labels={QUALIFICATION_STATUSES.map(statusWord)}
                series={[
                  {
                    label: t('qualifications.students'),
                    values: QUALIFICATION_STATUSES.map((status) => summary.counts[status] ?? 0),
                  },
                ]}
                kind="bar"
                csvName={`qualifications-${summary.id}`}
                labelHeading={t('qualifications.status_heading')}
              />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

function StatusCell({ cell }: { cell: QualificationCell | undefined }) {
  const { t, i18n } = useTranslation();
  const day = (value: string | null) => formatDay(value, i18n.language);
  const tone = TONES[cell?.status ?? 'none'];
  let detail: string | null = null;
  if (cell) {
    if (cell.status === 'achieved')
      detail = cell.expiresAt
        ? t('qualifications.detail.until', { date: day(cell.expiresAt) })
        : t('qualifications.detail.no_expiry');
    else if (cell.status === 'expired' && cell.expiresAt)
      detail = t('qualifications.detail.on', { date: day(cell.expiresAt) });
    else if (cell.status === 'in_progress')
      detail = t('qualifications.detail.percent', { percent: cell.percent });
    else if ((cell.status === 'due' || cell.status === 'overdue') && cell.dueDate)
      detail = t('qualifications.detail.due', { date: day(cell.dueDate) });
  }
  return (
    <td className="border-b border-slate-200 p-1 align-top" data-status={cell?.status ?? 'none'}>
      <span className={`block rounded-md border-l-4 px-2 py-1 ${tone}`}>
        {cell ? (
          <span className="block font-semibold">{t(`qualifications.status.${cell.status}`)}</span>
        ) : (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t('qualifications.status.none')}</span>
          </>
        )}
        {detail && <span className="block text-xs">{detail}</span>}
      </span>
    </td>
  );
}
