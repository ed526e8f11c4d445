/**
 * /coach/dashboard: the coach's own work ordered by urgency (overdue follow-ups, answers waiting
 * oldest first, follow-ups due today, inactive students, recent completions), each linking to where
 * it is handled, and two charts. New notifications refresh it live (useLiveNotifications).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ChartFigure } from '../../../components/chart';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Greeting } from '../../../components/greeting';
import { Loading } from '../../../components/loading';
import { formatDateTime, formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { coachOverviewQuery, type CoachOverview } from '../../../lib/resources/coach-overview';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewSettings } from '../../../lib/use-view-settings';
import { SelectField } from '../../../components/form/controls';
import { INACTIVE_CHOICES } from './students-page';

const DEFAULT_INACTIVE_DAYS = '14';

interface WorkItem {
  key: string;
  href: string;
  label: string;
  detail: string;
  tone: 'urgent' | 'normal' | 'info';
}

export function CoachDashboardPage() {
  useNamespace('coaching');
  const { t } = useTranslation();
  const { me } = useSession();
  usePageTitle(t('pages.coach_dashboard.title'));
  const { loaded, view, change } = useViewSettings('coach-dashboard');
  const stored = view.filtering.find((item) => item.key === 'inactive_days')?.value;
  const inactiveDays = Number((Array.isArray(stored) ? stored[0] : stored) ?? DEFAULT_INACTIVE_DAYS) || 14;
  const overview = useQuery({ ...coachOverviewQuery(inactiveDays), enabled: loaded });
  return (
    <div data-page="coach_dashboard" className="max-w-6xl">
      <Greeting name={me?.account.fullName} intro={t('pages.coach_dashboard.description')} />
      <div className="mb-4 max-w-xs">
        <SelectField
          label={t('coaching.dashboard.inactive_label')}
          value={String(inactiveDays)}
          onValueChange={(value) => change({ type: 'setFilter', key: 'inactive_days', value })}
          options={INACTIVE_CHOICES.map((days) => ({
            value: days,
            label: t('coaching.students.inactive_days', { count: Number(days) }),
          }))}
          data-testid="dashboard-inactive-days"
        />
      </div>
      {!loaded || overview.isPending ? (
        <Loading />
      ) : overview.isError ? (
        <ErrorBlock
          kind={errorKindOf(overview.error)}
          asPage={false}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <Dashboard overview={overview.data} />
      )}
    </div>
  );
}

function Dashboard({ overview }: { overview: CoachOverview }) {
  const { t, i18n } = useTranslation();
  const student = (id: string) => `/coach/students/${id}`;
  const overdue = overview.followUpsDue.filter((f) => f.overdue);
  const dueToday = overview.followUpsDue.filter((f) => !f.overdue);
  const followUpItem = (f: CoachOverview['followUpsDue'][number], tone: WorkItem['tone']): WorkItem => ({
    key: `follow-up-${f.followUpId}`,
    href: `${student(f.studentId)}#follow-ups`,
    label: t(`coaching.dashboard.follow_up_${f.overdue ? 'overdue' : 'due'}`, {
      kind: t(`coaching.follow_ups.kind.${f.kind}`),
      name: f.studentName,
    }),
    detail: formatDateTime(f.dueAt, i18n.language),
    tone,
  });
  const items: WorkItem[] = [
    ...overdue.map((f) => followUpItem(f, 'urgent')),
    ...overview.waitingAnswers.map((w) => ({
      key: `answer-${w.answerId}`,
      href: `/coach/courses/answers/${w.answerId}`,
      label: t('coaching.dashboard.answer_waiting', { name: w.studentName, title: w.title }),
      detail: t('coaching.dashboard.age_days', { count: w.ageDays }),
      tone: (w.ageDays >= 7 ? 'urgent' : 'normal') as WorkItem['tone'],
    })),
    ...(overview.openTickets ?? []).map((ticket) => ({
      key: `ticket-${ticket.ticketId}`,
      href: `/coach/tickets/${ticket.ticketId}`,
      label: t('coaching.dashboard.ticket_open', { name: ticket.studentName, subject: ticket.subject }),
      detail: t('coaching.dashboard.age_days', { count: ticket.ageDays }),
      tone: 'normal' as const,
    })),
    ...dueToday.map((f) => followUpItem(f, 'normal')),
    ...overview.inactiveStudents.map((s) => ({
      key: `inactive-${s.studentId}`,
      href: student(s.studentId),
      label: t('coaching.dashboard.inactive', { name: s.studentName }),
      detail: s.lastOnline
        ? t('coaching.students.last_online', { when: formatRelativeDate(s.lastOnline, i18n.language) })
        : t('coaching.students.never_online'),
      tone: 'info' as const,
    })),
    ...overview.recentCompletions.map((c) => ({
      key: `completed-${c.studentId}-${c.courseId}`,
      href: student(c.studentId),
      label: t('coaching.dashboard.completed', { name: c.studentName, title: c.title }),
      detail: formatDateTime(c.completedAt, i18n.language),
      tone: 'info' as const,
    })),
  ];
  const tones = {
    urgent: 'border-l-red-600',
    normal: 'border-l-amber-500',
    info: 'border-l-slate-300',
  };
  const weekLabels = overview.weekly.weeks.map((week) =>
    new Date(`${week}T00:00:00Z`).toLocaleDateString(i18n.language, { day: 'numeric', month: 'short' }),
  );
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="coach-work" className="lg:col-span-2">
        <h2 id="coach-work" className="mb-3 text-lg font-semibold text-slate-900">
          {t('coaching.dashboard.work_title')}
        </h2>
        {items.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-600">
            {t('coaching.dashboard.no_work')}
          </p>
        ) : (
          <ol className="flex flex-col gap-2" data-testid="coach-work-list">
            {items.map((item) => (
              <li
                key={item.key}
                className={`rounded-xl border border-l-4 border-slate-200 bg-white px-4 py-3 shadow-sm ${tones[item.tone]}`}
                data-testid="coach-work-item"
                data-tone={item.tone}
              >
                <Link
                  to={item.href}
                  className="font-medium text-slate-900 hover:text-primary-text hover:underline"
                >
                  {item.label}
                </Link>
                <span className="block text-sm text-slate-600">{item.detail}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ChartFigure
        title={t('coaching.dashboard.weekly_title')}
        labels={weekLabels}
        series={[
          { label: t('coaching.dashboard.submissions'), values: overview.weekly.submissions },
          { label: t('coaching.dashboard.reviews'), values: overview.weekly.reviews },
        ]}
        kind="bar"
        csvName="submissions-and-reviews"
        labelHeading={t('coaching.dashboard.week')}
      />
      <ChartFigure
        title={t('coaching.dashboard.progress_title')}
        labels={overview.menteeProgress.buckets.map((bucket) => `${bucket}%`)}
        series={[{ label: t('coaching.dashboard.mentees'), values: overview.menteeProgress.counts }]}
        kind="bar"
        csvName="mentee-progress"
        labelHeading={t('coaching.dashboard.progress')}
      />
    </div>
  );
}
