/**
 * /admin/courses: every course of the portal (all statuses) with search (350 ms debounce), filters,
 * sorting, pins and pagination. Filters, sorting, search and pins are the view settings of the
 * account (SPEC §3, §4), stored in the `view-settings` preference.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { COURSE_SORTS, COURSE_STATUSES, FEATURES, hasFeature } from '@leerpad/core';
import { Button, buttonClasses } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { BookIcon, CommandIcon as SearchIcon } from '../../../components/icons-ui';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n/i18n';
import { useSession } from '../../../lib/session/use-session';
import { usePageTitle } from '../../../lib/use-page-title';
import { catalogCategoriesQuery } from '../../../lib/resources/catalog-categories';
import { contentLabelsQuery } from '../../../lib/resources/content-labels';
import { type Course, courseListQuery } from '../../../lib/resources/courses';
import { PinnedList } from '../../../components/pinned-list';
import { PinIcon, PlusIcon } from '../../../components/authoring-icons';
import { SelectField } from '../../../components/form/controls';
import { CourseStatusBadge, LabelChip } from '../components/status-badge';
import { useListView, type ListViewSettings } from '../../../lib/use-list-view';
import { ListResults, ListSearch } from '../../../components/list-view';
import { TableHead } from '../../../components/table';
import { useViewSettings, type ViewAction } from '../../../lib/use-view-settings';

export const COURSES_VIEW = 'admin-courses';

export const courseHref = (id: string) => `/admin/courses/${id}`;

interface NamedRecord {
  id: string;
  name: string;
}

/** A filter's options: "all" first, then one per record. */
const recordOptions = (allLabel: string, records: NamedRecord[] = []) => [
  { value: '', label: allLabel },
  ...records.map((record) => ({ value: record.id, label: record.name })),
];

export function CourseListPage() {
  const { t } = useTranslation();
  usePageTitle(t('authoring.courses.title'));
  const { loaded, view, change } = useViewSettings(COURSES_VIEW);

  return (
    <div data-page="admin_courses">
      <PageHeader
        title={t('authoring.courses.title')}
        description={t('authoring.courses.description')}
        actions={
          <Link to="/admin/courses/create" className={buttonClasses('primary')} data-testid="new-course">
            <PlusIcon size={18} />
            {t('authoring.courses.new')}
          </Link>
        }
      />
      {loaded ? <CourseList view={view} change={change} /> : <Loading />}
    </div>
  );
}

function CourseList({ view, change }: { view: ListViewSettings; change: (action: ViewAction) => void }) {
  const { t, i18n } = useTranslation();
  const { portal, features } = useSession();
  const withCategories = hasFeature(features, FEATURES.catalogCategories);
  const categories = useQuery({ ...catalogCategoriesQuery, enabled: withCategories });
  const labels = useQuery(contentLabelsQuery);
  const list = useListView(view, change);
  const { page, size, changeAndRewind } = list;
  const filter = { ...list.filter };
  if (!withCategories) delete filter.category;
  const courses = useQuery(courseListQuery({ filter, sort: list.sort, page, size }));

  const statuses = list.filterValues('status');
  const selectedCategory = list.filterValue('category');
  const selectedLabel = list.filterValue('label');
  const selectedLanguage = list.filterValue('language');
  const sortValue = view.sorting[0]
    ? `${view.sorting[0].direction === 'desc' ? '-' : ''}${view.sorting[0].property}`
    : '-updated_at';
  const languages = (portal?.languages ?? []).map((language) => language.locale);
  const languageName = (locale: string) =>
    i18n.exists(`language.names.${locale}`) ? t(`language.names.${locale}`) : locale;

  const sortOptions = COURSE_SORTS.flatMap((property) =>
    ['asc', 'desc'].map((direction) => ({
      value: `${direction === 'desc' ? '-' : ''}${property}`,
      label: t(`authoring.courses.sort.${property}_${direction}`),
    })),
  );

  // Category and label filters keep the chosen name beside the id, to show it.
  const filterByRecord = (key: 'category' | 'label', value: string, records: NamedRecord[] = []) => {
    const name = records.find((record) => record.id === value)?.name;
    changeAndRewind({ type: 'setFilter', key, value, labels: name ? [name] : undefined });
  };

  const togglePin = (course: Course) =>
    list.togglePin(courseHref(course.id), course.title, course.coverImageUrl);
  const isPinned = (course: Course) => list.isPinned(courseHref(course.id));

  return (
    <>
      <PinnedList
        headingId="pinned-heading"
        heading={t('authoring.courses.pinned')}
        pins={view.pins}
        unpinLabel={(pin) => t('authoring.courses.unpin', { title: pin.title ?? pin.uri })}
        onUnpin={(pin) => change({ type: 'togglePin', pin })}
      />

      <div
        className="mb-4 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        role="search"
      >
        <ListSearch
          label={t('authoring.courses.search')}
          list={list}
          placeholder={t('authoring.courses.search_placeholder')}
          className=""
          inputClassName="h-11"
          testId="course-search"
        />
        <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-[1fr_1fr_1fr_1.4fr]">
          {withCategories && (
            <SelectField
              label={t('authoring.courses.filter_category')}
              value={selectedCategory}
              onValueChange={(value) => filterByRecord('category', value, categories.data)}
              options={recordOptions(t('authoring.courses.all_categories'), categories.data)}
            />
          )}
          <SelectField
            label={t('authoring.courses.filter_label')}
            value={selectedLabel}
            onValueChange={(value) => filterByRecord('label', value, labels.data)}
            options={recordOptions(t('authoring.courses.all_labels'), labels.data)}
          />
          <SelectField
            label={t('authoring.courses.filter_language')}
            value={selectedLanguage}
            onValueChange={(value) => changeAndRewind({ type: 'setFilter', key: 'language', value })}
            options={[
              { value: '', label: t('authoring.courses.all_languages') },
              ...languages.map((locale) => ({ value: locale, label: languageName(locale) })),
            ]}
          />
          <SelectField
            label={t('authoring.courses.sort_by')}
            value={sortValue}
            onValueChange={list.setSort}
            options={sortOptions}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-800" id="status-filter-label">
            {t('authoring.courses.filter_status')}
          </span>
          <div role="group" aria-labelledby="status-filter-label" className="flex flex-wrap gap-2">
            {COURSE_STATUSES.map((status) => {
              const active = statuses.includes(status);
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={active}
                  onClick={() => changeAndRewind({ type: 'toggleFilterValue', key: 'status', value: status })}
                  className={`rounded-full border px-3 py-1 text-sm font-medium transition-colors ${
                    active
                      ? 'border-primary bg-primary text-on-primary'
                      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                  }`}
                >
                  {t(`authoring.course_status.${status}`)}
                </button>
              );
            })}
          </div>
          {list.hasFilters && (
            <Button variant="ghost" size="sm" className="ml-auto" onClick={list.resetFilters}>
              {t('authoring.courses.reset_filters')}
            </Button>
          )}
        </div>
      </div>

      <ListResults
        query={courses}
        page={page}
        size={size}
        onPageChange={list.goTo}
        empty={
          list.hasFilters ? (
            <EmptyState
              title={t('authoring.courses.no_matches')}
              description={t('authoring.courses.no_matches_description')}
              icon={<SearchIcon size={24} />}
            />
          ) : (
            <EmptyState
              title={t('authoring.courses.empty')}
              description={t('authoring.courses.empty_description')}
              icon={<BookIcon size={24} />}
            >
              <Link to="/admin/courses/create" className={buttonClasses('primary')}>
                {t('authoring.courses.new')}
              </Link>
            </EmptyState>
          )
        }
      >
        {(items, total) => (
          <div
            className={`overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm transition-opacity ${
              courses.isPlaceholderData ? 'opacity-60' : ''
            }`}
            aria-busy={courses.isPlaceholderData || undefined}
          >
            <table className="w-full min-w-[48rem] text-left text-sm" data-testid="course-table">
              <caption className="sr-only">{t('authoring.courses.table_caption', { count: total })}</caption>
              <TableHead
                className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                cellClassName="px-4 py-3"
                columns={[
                  t('authoring.courses.columns.title'),
                  t('authoring.courses.columns.status'),
                  withCategories && t('authoring.courses.columns.category'),
                  t('authoring.courses.columns.labels'),
                  { label: t('authoring.courses.columns.objects'), className: 'text-right' },
                  t('authoring.courses.columns.updated'),
                  { label: t('authoring.courses.columns.pin'), hidden: true },
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {items.map((course) => (
                  <tr key={course.id} className="hover:bg-slate-50" data-testid="course-row">
                    <td className="max-w-sm px-4 py-3">
                      <Link
                        to={courseHref(course.id)}
                        className="font-medium text-slate-900 hover:text-primary-text hover:underline"
                      >
                        {course.title}
                      </Link>
                      {course.summary && (
                        <p className="mt-0.5 line-clamp-1 text-xs text-slate-600">{course.summary}</p>
                      )}
                    </td>
                    <td className="px-4 py-3">
                      <CourseStatusBadge status={course.status} />
                    </td>
                    {withCategories && (
                      <td className="px-4 py-3 text-slate-700">{course.catalogCategory?.name ?? '—'}</td>
                    )}
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap gap-1">
                        {(course.contentLabels ?? []).map((label) => (
                          <LabelChip key={label.id} name={label.name ?? ''} color={label.color} />
                        ))}
                      </div>
                    </td>
                    <td className="px-4 py-3 text-right text-slate-700 tabular-nums">
                      {course.learningObjectsCount ?? 0}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {course.updatedAt
                        ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                            new Date(course.updatedAt),
                          )
                        : ''}
                    </td>
                    <td className="px-2 py-3 text-right">
                      <button
                        type="button"
                        onClick={() => togglePin(course)}
                        aria-pressed={isPinned(course)}
                        aria-label={t('authoring.courses.pin', { title: course.title })}
                        title={t('authoring.courses.pin', { title: course.title })}
                        className={`inline-flex size-8 items-center justify-center rounded-full hover:bg-slate-100 ${
                          isPinned(course) ? 'text-primary-text' : 'text-slate-400 hover:text-slate-700'
                        }`}
                      >
                        <PinIcon size={16} fill={isPinned(course) ? 'currentColor' : 'none'} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListResults>
    </>
  );
}
