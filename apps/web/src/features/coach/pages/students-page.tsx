/**
 * /coach/students and /coach/mentees: the coach's students as person rows, with search, filters
 * (course, mentees only, inactive N days, work waiting), sort and pins kept in the view settings.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, isOnline, type SortItem } from '@leerpad/core';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { SearchInput } from '../../../components/form/fields';
import { PinnedList } from '../../../components/pinned-list';
import { UsersIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { PersonRow } from '../../../components/person-row';
import { formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { courseListQuery } from '../../../lib/resources/courses';
import { studentListQuery } from '../../../lib/resources/students';
import type { Student } from '../../../lib/resources/students';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { listAddressFrom } from '../../../lib/use-list-address';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';
import { SelectField } from '../../../components/form/controls';

const SORTS = ['full_name', '-last_online', 'last_online', '-progress', 'progress'] as const;
export const INACTIVE_CHOICES = ['7', '14', '30', '60'] as const;

export const studentHref = (id: string) => `/coach/students/${id}`;

type View = ReturnType<typeof useViewSettings>['view'];

const filterValue = (view: View, key: string): string => {
  const entry = view.filtering.find((item) => item.key === key);
  if (!entry) return '';
  return Array.isArray(entry.value) ? (entry.value[0] ?? '') : entry.value;
};

export function StudentsPage({ mentees = false }: { mentees?: boolean }) {
  useNamespace('coaching');
  const { t } = useTranslation();
  const title = t(mentees ? 'coaching.students.mentees_title' : 'coaching.students.title');
  usePageTitle(title);
  const { loaded, view, change } = useViewSettings(mentees ? 'coach-mentees' : 'coach-students');
  return (
    <div data-page={mentees ? 'coach_mentees' : 'coach_students'} className="max-w-5xl">
      <PageHeader
        title={title}
        description={t(mentees ? 'coaching.students.mentees_description' : 'coaching.students.description')}
      />
      {loaded ? <StudentList view={view} change={change} mentees={mentees} /> : <Loading />}
    </div>
  );
}

function StudentList({
  view,
  change,
  mentees,
}: {
  view: View;
  change: (action: ViewAction) => void;
  mentees: boolean;
}) {
  const { t, i18n } = useTranslation();
  const searchId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, size } = listAddressFrom(searchParams);
  const [searchText, setSearchText] = useState(view.searchQuery ?? '');
  const settledSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);

  const filter: Record<string, string> = {
    ...view.api.filter,
    ...(mentees ? { mentees: 'true' } : {}),
    ...(view.searchQuery ? { search: view.searchQuery.trim() } : {}),
  };
  const sort = view.api.sort ?? 'full_name';
  const students = useQuery(studentListQuery({ filter, sort, page, size }));
  const courses = useQuery(courseListQuery({ filter: {}, page: 1, size: 100 }));

  const goTo = (nextPage: number, nextSize = size) => {
    const next = new URLSearchParams(searchParams);
    if (nextPage > 1) next.set('page', String(nextPage));
    else next.delete('page');
    if (nextSize !== DEFAULT_PAGE_SIZE) next.set('size', String(nextSize));
    else next.delete('size');
    setSearchParams(next, { replace: nextPage === page });
  };
  const changeAndRewind = (action: ViewAction) => {
    change(action);
    if (page !== 1) goTo(1);
  };
  const latest = useRef({ stored: view.searchQuery ?? '', changeAndRewind });
  latest.current = { stored: view.searchQuery ?? '', changeAndRewind };
  useEffect(() => {
    const { stored, changeAndRewind: apply } = latest.current;
    if (settledSearch.trim() !== stored.trim()) apply({ type: 'setSearch', query: settledSearch });
  }, [settledSearch]);

  const setFilter = (key: string, value: string) =>
    changeAndRewind(value ? { type: 'setFilter', key, value } : { type: 'removeFilter', key });
  const setSort = (value: string) => {
    const sorting: SortItem[] = value.startsWith('-')
      ? [{ property: value.slice(1), direction: 'desc' }]
      : [{ property: value, direction: 'asc' }];
    changeAndRewind({ type: 'setSort', sorting });
  };
  const isPinned = (student: Student) => view.pins.some((pin) => pin.uri === studentHref(student.id));
  const togglePin = (student: Student) =>
    change({ type: 'togglePin', pin: { uri: studentHref(student.id), title: student.fullName } });
  const hasFilters = view.filtering.length > 0 || Boolean(view.searchQuery);

  return (
    <>
      <PinnedList
        headingId="pinned-students"
        heading={t('coaching.students.pinned')}
        pins={view.pins}
        unpinLabel={(pin) => t('coaching.students.unpin', { name: pin.title ?? pin.uri })}
        onUnpin={(pin) => change({ type: 'togglePin', pin })}
      />
      <div className="mb-4 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-3">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-3">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
            {t('coaching.students.search')}
          </label>
          <SearchInput
            id={searchId}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            placeholder={t('coaching.students.search_placeholder')}
            data-testid="student-search"
          />
        </div>
        <SelectField
          label={t('coaching.students.course_label')}
          value={filterValue(view, 'course')}
          onValueChange={(value) => setFilter('course', value)}
          options={[
            { value: '', label: t('coaching.students.course_all') },
            ...(courses.data?.items ?? []).map((course) => ({ value: course.id, label: course.title })),
          ]}
          data-testid="filter-course"
        />
        <SelectField
          label={t('coaching.students.inactive_label')}
          value={filterValue(view, 'inactive_days')}
          onValueChange={(value) => setFilter('inactive_days', value)}
          options={[
            { value: '', label: t('coaching.students.inactive_any') },
            ...INACTIVE_CHOICES.map((days) => ({
              value: days,
              label: t('coaching.students.inactive_days', { count: Number(days) }),
            })),
          ]}
          data-testid="filter-inactive"
        />
        <SelectField
          label={t('coaching.students.sort_label')}
          value={sort}
          onValueChange={setSort}
          options={SORTS.map((value) => ({
            value,
            label: t(`coaching.students.sort.${value.replace('-', 'desc_')}`),
          }))}
          data-testid="student-sort"
        />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          {!mentees && (
            <label className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={filterValue(view, 'mentees') === 'true'}
                onChange={(event) => setFilter('mentees', event.target.checked ? 'true' : '')}
                data-testid="filter-mentees"
              />
              {t('coaching.students.mentees_only')}
            </label>
          )}
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={filterValue(view, 'waiting') === 'true'}
              onChange={(event) => setFilter('waiting', event.target.checked ? 'true' : '')}
              data-testid="filter-waiting"
            />
            {t('coaching.students.waiting_only')}
          </label>
        </div>
        {hasFilters && (
          <div className="flex items-end">
            <Button
              variant="ghost"
              onClick={() => {
                setSearchText('');
                change({ type: 'clearSearch' });
                changeAndRewind({ type: 'resetFilters' });
              }}
            >
              {t('coaching.students.reset')}
            </Button>
          </div>
        )}
      </div>

      {students.isPending ? (
        <Loading />
      ) : students.isError ? (
        <ErrorBlock
          kind={errorKindOf(students.error)}
          asPage={false}
          onRetry={() => void students.refetch()}
        />
      ) : students.data.items.length === 0 ? (
        <EmptyState
          title={t('coaching.students.empty')}
          description={t('coaching.students.empty_description')}
          icon={<UsersIcon size={24} />}
        />
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600" aria-live="polite">
            {t('coaching.students.count', { count: students.data.total })}
          </p>
          <ul
            className={`divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm ${
              students.isPlaceholderData ? 'opacity-60' : ''
            }`}
            aria-busy={students.isPlaceholderData || undefined}
            aria-label={t(mentees ? 'coaching.students.mentees_title' : 'coaching.students.title')}
            data-testid="student-list"
          >
            {students.data.items.map((student) => (
              <PersonRow
                key={student.id}
                name={student.fullName}
                avatarUrl={student.avatarUrl}
                online={isOnline(student.lastOnline)}
                href={studentHref(student.id)}
                pinned={isPinned(student)}
                onTogglePin={() => togglePin(student)}
                details={
                  <>
                    {t('coaching.students.progress', { percent: student.progress })}
                    {' · '}
                    {t('coaching.students.courses', { count: student.enrollmentsCount })}
                    {' · '}
                    {student.lastOnline
                      ? t('coaching.students.last_online', {
                          when: formatRelativeDate(student.lastOnline, i18n.language),
                        })
                      : t('coaching.students.never_online')}
                  </>
                }
                menu={
                  <span className="flex flex-wrap items-center gap-2">
                    {student.waitingAnswers > 0 && (
                      <Link
                        to={`${studentHref(student.id)}#answers`}
                        className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900 hover:underline"
                      >
                        {t('coaching.students.waiting', { count: student.waitingAnswers })}
                      </Link>
                    )}
                    {student.mentee && !mentees && (
                      <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-medium text-slate-800">
                        {t('coaching.students.mentee')}
                      </span>
                    )}
                  </span>
                }
              />
            ))}
          </ul>
        </>
      )}
      {students.data && <Pagination total={students.data.total} page={page} size={size} onChange={goTo} />}
    </>
  );
}
