/**
 * /coach/students and /coach/mentees: the coach's students as person rows, with search, filters
 * (course, mentees only, inactive N days, work waiting), sort and pins kept in the view settings.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isOnline } from '@leerpad/core';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { SelectField } from '../../../components/form/controls';
import { ListFilterPanel, ListResults, ListSearch, PersonList } from '../../../components/list-view';
import { PinnedList } from '../../../components/pinned-list';
import { UsersIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { PersonRow } from '../../../components/person-row';
import { formatRelativeDate } from '../../../lib/format';
import { useNamespace, useTranslation } from '../../../lib/i18n/i18n';
import { courseListQuery } from '../../../lib/resources/courses';
import { studentListQuery } from '../../../lib/resources/students';
import { useListView, type ListViewSettings } from '../../../lib/use-list-view';
import { usePageTitle } from '../../../lib/use-page-title';
import { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';

const SORTS = ['full_name', '-last_online', 'last_online', '-progress', 'progress'] as const;
export const INACTIVE_CHOICES = ['7', '14', '30', '60'] as const;

export const studentHref = (id: string) => `/coach/students/${id}`;

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
  view: ListViewSettings;
  change: (action: ViewAction) => void;
  mentees: boolean;
}) {
  const { t, i18n } = useTranslation();
  const list = useListView(view, change, mentees ? { fixedFilter: { mentees: 'true' } } : {});
  const { filter, page, size } = list;
  const sort = list.sort ?? 'full_name';
  const students = useQuery(studentListQuery({ filter, sort, page, size }));
  const courses = useQuery(courseListQuery({ filter: {}, page: 1, size: 100 }));

  return (
    <>
      <PinnedList
        headingId="pinned-students"
        heading={t('coaching.students.pinned')}
        pins={view.pins}
        unpinLabel={(pin) => t('coaching.students.unpin', { name: pin.title ?? pin.uri })}
        onUnpin={(pin) => change({ type: 'togglePin', pin })}
      />
      <ListFilterPanel>
        <ListSearch
          label={t('coaching.students.search')}
          list={list}
          placeholder={t('coaching.students.search_placeholder')}
          testId="student-search"
        />
        <SelectField
          label={t('coaching.students.course_label')}
          value={list.filterValue('course')}
          onValueChange={(value) => list.setFilter('course', value)}
          options={[
            { value: '', label: t('coaching.students.course_all') },
            ...(courses.data?.items ?? []).map((course) => ({ value: course.id, label: course.title })),
          ]}
          data-testid="filter-course"
        />
        <SelectField
          label={t('coaching.students.inactive_label')}
          value={list.filterValue('inactive_days')}
          onValueChange={(value) => list.setFilter('inactive_days', value)}
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
          onValueChange={list.setSort}
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
                checked={list.filterValue('mentees') === 'true'}
                onChange={(event) => list.setFilter('mentees', event.target.checked ? 'true' : '')}
                data-testid="filter-mentees"
              />
              {t('coaching.students.mentees_only')}
            </label>
          )}
          <label className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className="size-4"
              checked={list.filterValue('waiting') === 'true'}
              onChange={(event) => list.setFilter('waiting', event.target.checked ? 'true' : '')}
              data-testid="filter-waiting"
            />
            {t('coaching.students.waiting_only')}
          </label>
        </div>
        {list.hasFilters && (
          <div className="flex items-end">
            <Button variant="ghost" onClick={list.resetFilters}>
              {t('coaching.students.reset')}
            </Button>
          </div>
        )}
      </ListFilterPanel>

      <ListResults
        query={students}
        page={page}
        size={size}
        onPageChange={list.goTo}
        empty={
          <EmptyState
            title={t('coaching.students.empty')}
            description={t('coaching.students.empty_description')}
            icon={<UsersIcon size={24} />}
          />
        }
        count={(count) => t('coaching.students.count', { count })}
      >
        {(items) => (
          <PersonList
            label={t(mentees ? 'coaching.students.mentees_title' : 'coaching.students.title')}
            busy={students.isPlaceholderData}
            testId="student-list"
          >
            {items.map((student) => (
              <PersonRow
                key={student.id}
                name={student.fullName}
                avatarUrl={student.avatarUrl}
                online={isOnline(student.lastOnline)}
                href={studentHref(student.id)}
                pinned={list.isPinned(studentHref(student.id))}
                onTogglePin={() =>
                  list.togglePin(studentHref(student.id), student.fullName, student.avatarUrl)
                }
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
          </PersonList>
        )}
      </ListResults>
    </>
  );
}
