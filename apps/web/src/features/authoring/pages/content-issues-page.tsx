/**
 * /admin/courses/content-issues: reports about course content, by status (with counts), category
 * and age. Staff move an issue from open to in progress to resolved and leave a note; resolving
 * notifies the reporter.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CONTENT_ISSUE_CATEGORIES, CONTENT_ISSUE_STATUSES, type ContentIssueStatus } from '@leerpad/core';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { controlClasses, FormMessage } from '../../../components/form/fields';
import { CheckIcon } from '../../../components/icons';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { formatRelativeDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toasts/toasts';
import { useListAddress } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import { type ContentIssue, contentIssuesQuery, useUpdateIssue } from '../../../lib/resources/content-issues';
import { SelectField } from '../../../components/form/controls';
import { IssueStatusBadge } from '../components/status-badge';
import { formErrorsFrom } from '../../../components/form/server-errors';
import { courseHref } from './course-list-page';
import { Form } from '../../../components/form/form';

const TABS = ['open', 'in_progress', 'resolved', 'all'] as const;
type Tab = (typeof TABS)[number];
const SORTS = ['-created_at', 'created_at', '-updated_at'] as const;

export function ContentIssuesPage() {
  const { t } = useTranslation();
  usePageTitle(t('authoring.issues.title'));
  const { searchParams, page, size, update, changePage } = useListAddress();
  const tab = (TABS as readonly string[]).includes(searchParams.get('status') ?? '')
    ? (searchParams.get('status') as Tab)
    : 'open';
  const category = searchParams.get('category') ?? '';
  const sort = (SORTS as readonly string[]).includes(searchParams.get('sort') ?? '')
    ? (searchParams.get('sort') as string)
    : '-created_at';

  const issues = useQuery(
    contentIssuesQuery({
      status: tab === 'all' ? undefined : tab,
      category: category || undefined,
      sort,
      page,
      size,
    }),
  );

  const counts = issues.data?.statusCounts;
  const count = (status: Tab) =>
    counts ? (status === 'all' ? counts.open + counts.in_progress + counts.resolved : counts[status]) : null;

  return (
    <div data-page="admin_content_issues" className="max-w-5xl">
      <PageHeader title={t('authoring.issues.title')} description={t('authoring.issues.description')} />
      <nav aria-label={t('authoring.issues.tabs')} className="mb-4 overflow-x-auto">
        <ul className="inline-flex gap-1 rounded-xl bg-slate-200/70 p-1">
          {TABS.map((status) => (
            <li key={status}>
              <button
                type="button"
                aria-current={tab === status ? 'page' : undefined}
                onClick={() => update({ status: status === 'open' ? null : status, page: null })}
                className={`inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium whitespace-nowrap ${
                  tab === status ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'
                }`}
                data-testid={`issue-tab-${status}`}
              >
                {t(`authoring.issues.tab.${status}`)}
                {count(status) !== null && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-700">
                    {count(status)}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField
          label={t('authoring.issues.filter_category')}
          value={category}
          onValueChange={(value) => update({ category: value, page: null })}
          options={[
            { value: '', label: t('authoring.issues.all_categories') },
            ...CONTENT_ISSUE_CATEGORIES.map((value) => ({
              value,
              label: t(`authoring.issues.category.${value}`),
            })),
          ]}
        />
        <SelectField
          label={t('authoring.issues.sort_by')}
          value={sort}
          onValueChange={(value) => update({ sort: value === '-created_at' ? null : value, page: null })}
          options={SORTS.map((value) => ({
            value,
            label: t(`authoring.issues.sort.${value.replace('-', 'desc_')}`),
          }))}
        />
      </div>

      {issues.isPending ? (
        <Loading />
      ) : issues.isError ? (
        <ErrorBlock kind={errorKindOf(issues.error)} asPage={false} onRetry={() => void issues.refetch()} />
      ) : issues.data.items.length === 0 ? (
        <EmptyState
          title={t('authoring.issues.empty')}
          description={t('authoring.issues.empty_description')}
          icon={<CheckIcon size={24} />}
        />
      ) : (
        <ul
          className={`flex flex-col gap-4 transition-opacity ${issues.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={issues.isPlaceholderData || undefined}
          data-testid="issue-list"
        >
          {issues.data.items.map((issue) => (
            <li key={issue.id}>
              <IssueCard issue={issue} />
            </li>
          ))}
        </ul>
      )}
      {issues.data && <Pagination total={issues.data.total} page={page} size={size} onChange={changePage} />}
    </div>
  );
}

function IssueCard({ issue }: { issue: ContentIssue }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const save = useUpdateIssue();
  const [status, setStatus] = useState<ContentIssueStatus>(issue.status);
  const [note, setNote] = useState(issue.staffNote ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = status !== issue.status || note !== (issue.staffNote ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { id: issue.id, status, staffNote: note },
      {
        onSuccess: () => {
          setSaved(true);
          showToast({ kind: 'success', message: t('authoring.issues.saved') });
        },
        onError: (failure) =>
          setError(formErrorsFrom(failure, [], t('forms.default_error')).general.join('\n')),
      },
    );
  };

  return (
    <article
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="content-issue"
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <IssueStatusBadge status={issue.status} />
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-800">
          {t(`authoring.issues.category.${issue.category}`)}
        </span>
        <span>{formatRelativeDate(issue.createdAt, i18n.language)}</span>
      </div>
      <h2 id={`${id}-title`} className="mt-2 text-base font-semibold text-slate-900">
        {issue.course ? (
          <Link to={courseHref(issue.course.id)} className="hover:text-primary-text hover:underline">
            {issue.course.title}
          </Link>
        ) : (
          t('authoring.issues.unknown_course')
        )}
        {issue.learningObject?.title && (
          <span className="font-normal text-slate-600"> · {issue.learningObject.title}</span>
        )}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('authoring.issues.reported_by', {
          name: issue.reporter?.fullName ?? t('authoring.issues.unknown_reporter'),
        })}
      </p>
      <blockquote className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-4 py-2 text-sm whitespace-pre-line text-slate-800">
        {issue.description}
      </blockquote>
      <Form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
        <SelectField
          label={t('authoring.issues.status_label')}
          value={status}
          onValueChange={(value) => {
            setStatus(value as ContentIssueStatus);
            setSaved(false);
          }}
          options={CONTENT_ISSUE_STATUSES.map((value) => ({
            value,
            label: t(`authoring.issues.status.${value}`),
          }))}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-note`} className="text-sm font-medium text-slate-800">
            {t('authoring.issues.staff_note')}
          </label>
          <textarea
            id={`${id}-note`}
            value={note}
            rows={1}
            onChange={(event) => {
              setNote(event.target.value);
              setSaved(false);
            }}
            className={`${controlClasses} min-h-11 border-slate-300 text-sm`}
          />
        </div>
        <Button type="submit" loading={save.isPending} disabled={!changed} className="h-11">
          {t('actions.save')}
        </Button>
      </Form>
      <div aria-live="polite" className="mt-2 text-sm">
        {saved && !changed && <p className="text-emerald-700">{t('authoring.issues.saved')}</p>}
      </div>
      {error && (
        <div className="mt-2">
          <FormMessage kind="error">{error}</FormMessage>
        </div>
      )}
    </article>
  );
}
