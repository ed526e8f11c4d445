/**
 * /coach/students/:id: one student as their coach follows them: contact, enrolments with progress
 * per course, results (the scores of quizzes and SCORM packages alike), handed-in answers with
 * review links, and an activity timeline.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { can, isOnline } from '@leerpad/core';
import { Avatar } from '../../../components/avatar';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime, telHref } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { studentQuery, type Student } from '../../../lib/resources/students';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { FollowUpsSection } from '../components/follow-ups-section';

export function StudentDetailPage({ extra }: { extra?: (student: Student) => ReactNode }) {
  const { roles, features } = useSession();
  useNamespace('coaching');
  const { t } = useTranslation();
  const { studentId = '' } = useParams();
  const student = useQuery(studentQuery(studentId));
  usePageTitle(student.data?.fullName ?? t('coaching.students.title'));
  if (student.isPending) return <Loading />;
  if (student.isError)
    return <ErrorBlock kind={errorKindOf(student.error)} onRetry={() => void student.refetch()} />;
  return (
    <StudentDetail
      student={student.data}
      extra={(data) => (
        <>
          {can({ roles, features }, 'plan:follow-up') && <FollowUpsSection studentId={data.id} />}
          {extra?.(data)}
        </>
      )}
    />
  );
}

interface TimelineEvent {
  at: string;
  text: string;
}

function StudentDetail({
  student,
  extra,
}: {
  student: Student;
  extra?: ((student: Student) => ReactNode) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const enrollments = student.enrollments ?? [];
  const answers = student.answers ?? [];
  const results = student.results ?? [];
  const events: TimelineEvent[] = [];
  for (const enrollment of enrollments) {
    const title = enrollment.course?.title ?? '';
    events.push({ at: enrollment.enrolledAt, text: t('coaching.student.event_enrolled', { title }) });
    if (enrollment.completedAt)
      events.push({ at: enrollment.completedAt, text: t('coaching.student.event_completed', { title }) });
  }
  for (const answer of answers) {
    const title = answer.learningObject?.title ?? '';
    if (answer.submittedAt)
      events.push({ at: answer.submittedAt, text: t('coaching.student.event_submitted', { title }) });
    if (answer.reviewedAt)
      events.push({ at: answer.reviewedAt, text: t('coaching.student.event_reviewed', { title }) });
  }
  events.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));

  return (
    <div data-page="coach_student" className="max-w-5xl">
      <p className="mb-3 text-sm">
        <Link to="/coach/students" className="text-primary-text hover:underline">
          {t('coaching.student.back')}
        </Link>
      </p>
      <div className="mb-4 flex items-center gap-4">
        <span className="relative inline-flex">
          <Avatar name={student.fullName} url={student.avatarUrl} indicator={false} size="large" />
          {isOnline(student.lastOnline) && (
            <span
              className="absolute right-0 bottom-0 size-3.5 rounded-full bg-emerald-500 ring-2 ring-white"
              role="img"
              aria-label={t('avatar.online')}
            />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <PageHeader
            title={student.fullName}
            description={t('coaching.students.progress', { percent: student.progress })}
          />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <section aria-labelledby="student-enrollments" className={CARD}>
            <h2 id="student-enrollments" className={HEADING}>
              {t('coaching.student.enrollments')}
            </h2>
            {enrollments.length === 0 ? (
              <p className="text-sm text-slate-600">{t('coaching.student.no_enrollments')}</p>
            ) : (
              <ul className="flex flex-col gap-3" data-testid="student-enrollments">
                {enrollments.map((enrollment) => (
                  <li key={enrollment.id}>
                    <div className="flex items-baseline justify-between gap-2 text-sm">
                      <span className="font-medium text-slate-900">{enrollment.course?.title}</span>
                      <span className="text-slate-700">{enrollment.progress}%</span>
                    </div>
                    <div
                      className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
                      role="progressbar"
                      aria-valuenow={enrollment.progress}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-label={enrollment.course?.title ?? ''}
                    >
                      <div className="h-full bg-primary" style={{ width: `${enrollment.progress}%` }} />
                    </div>
                    <p className="mt-1 text-xs text-slate-600">
                      {t('coaching.student.course_progress', {
                        completed: enrollment.completedCount,
                        required: enrollment.requiredCount,
                      })}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="student-results" className={CARD}>
            <h2 id="student-results" className={HEADING}>
              {t('coaching.student.results')}
            </h2>
            {results.length === 0 ? (
              <p className="text-sm text-slate-600">{t('coaching.student.no_results')}</p>
            ) : (
              <ul className="divide-y divide-slate-200" data-testid="student-results">
                {results.map((result) => {
                  const kind = result.learningObject?.kind;
                  return (
                    <li
                      key={result.id}
                      className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                      data-testid="student-result"
                    >
                      <span className="min-w-0">
                        <span className="font-medium text-slate-900">{result.learningObject?.title}</span>
                        <span className="block text-slate-600">
                          {kind === 'quiz' || kind === 'scorm'
                            ? `${t(`coaching.student.result_kind.${kind}`)} · `
                            : ''}
                          {result.completed
                            ? t('coaching.student.result_completed')
                            : t('coaching.student.result_in_progress')}
                        </span>
                      </span>
                      <span className="font-semibold tabular-nums text-slate-900">
                        {t('coaching.student.result_score', { score: Math.round(result.score ?? 0) })}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>

          <section id="answers" aria-labelledby="student-answers" className={CARD}>
            <h2 id="student-answers" className={HEADING}>
              {t('coaching.student.answers')}
            </h2>
            {answers.length === 0 ? (
              <p className="text-sm text-slate-600">{t('coaching.student.no_answers')}</p>
            ) : (
              <ul className="divide-y divide-slate-200" data-testid="student-answers">
                {answers.map((answer) => (
                  <li
                    key={answer.id}
                    className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  >
                    <span className="min-w-0">
                      <span className="font-medium text-slate-900">{answer.learningObject?.title}</span>
                      <span className="block text-slate-600">
                        {t(`coaching.student.status.${answer.status}`)}
                        {answer.submittedAt && ` · ${formatDateTime(answer.submittedAt, i18n.language)}`}
                      </span>
                    </span>
                    <Link
                      to={`/coach/courses/answers/${answer.id}`}
                      className="font-medium text-primary-text hover:underline"
                    >
                      {answer.status === 'submitted'
                        ? t('coaching.student.review')
                        : t('coaching.student.open_answer')}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {extra?.(student)}
        </div>

        <div className="flex flex-col gap-6">
          <section aria-labelledby="student-contact" className={CARD}>
            <h2 id="student-contact" className={HEADING}>
              {t('coaching.student.contact')}
            </h2>
            <dl className="text-sm">
              {student.emailAddress && (
                <>
                  <dt className="text-slate-600">{t('coaching.student.email')}</dt>
                  <dd className="mb-2">
                    <a href={`mailto:${student.emailAddress}`} className="text-primary-text hover:underline">
                      {student.emailAddress}
                    </a>
                  </dd>
                </>
              )}
              {student.phoneNumber && (
                <>
                  <dt className="text-slate-600">{t('coaching.student.phone')}</dt>
                  <dd>
                    <a href={telHref(student.phoneNumber)} className="text-primary-text hover:underline">
                      {student.phoneNumber}
                    </a>
                  </dd>
                </>
              )}
            </dl>
          </section>
          <section aria-labelledby="student-timeline" className={CARD}>
            <h2 id="student-timeline" className={HEADING}>
              {t('coaching.student.timeline')}
            </h2>
            {events.length === 0 ? (
              <p className="text-sm text-slate-600">{t('coaching.student.no_activity')}</p>
            ) : (
              <ol
                className="flex flex-col gap-2 border-l-2 border-slate-200 pl-3 text-sm"
                data-testid="student-timeline"
              >
                {events.slice(0, 30).map((event, index) => (
                  <li key={`${event.at}-${index}`}>
                    <span className="block text-slate-900">{event.text}</span>
                    <time dateTime={event.at} className="text-xs text-slate-600">
                      {formatDateTime(event.at, i18n.language)}
                    </time>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';
const HEADING = 'mb-3 text-base font-semibold text-slate-900';
