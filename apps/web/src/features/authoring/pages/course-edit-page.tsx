/**
 * /admin/courses/{id}: a course's outline (sections and learning objects) and its details, with
 * publishing and deleting at hand.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCrumbLabel } from '../../../components/breadcrumbs';
import { Button } from '../../../components/button';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { PageHeader } from '../../../components/page-header';
import { firstErrorDetail, isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toasts/toasts';
import { usePagePin } from '../../../lib/page-pin';
import { usePageTitle } from '../../../lib/use-page-title';
import { type Course, courseQuery, useDeleteCourse, useSaveCourse } from '../../../lib/resources/courses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CourseForm } from '../components/course-form';
import { OutlineEditor } from '../components/outline-editor';
import { CourseStatusBadge } from '../components/status-badge';

const tabClasses =
  'rounded-lg px-4 py-2 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

export function CourseEditPage() {
  const { t } = useTranslation();
  const { courseId = '' } = useParams();
  const valid = /^\d+$/.test(courseId);
  const course = useQuery({ ...courseQuery(courseId), enabled: valid });
  usePageTitle(course.data?.title ?? t('authoring.course.edit_title'));
  usePagePin(course.data?.title, course.data?.coverImageUrl);
  useCrumbLabel(`/admin/courses/${courseId}`, course.isError ? courseId : (course.data?.title ?? null));

  if (!valid) return <ErrorBlock kind="not_found" />;
  if (course.isPending) return <Loading />;
  if (course.isError)
    return <ErrorBlock kind={errorKindOf(course.error)} onRetry={() => void course.refetch()} />;
  return <CourseEditor course={course.data} />;
}

function CourseEditor({ course }: { course: Course }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState('outline');
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const publish = useSaveCourse(course.id);
  const remove = useDeleteCourse();

  const changeStatus = (status: Course['status']) =>
    publish.mutate(
      { status },
      {
        onSuccess: () =>
          showToast({ kind: 'success', message: t(`authoring.course.status_changed.${status}`) }),
        onError: (error) =>
          showToast({ kind: 'error', message: firstErrorDetail(error) ?? t('forms.default_error') }),
      },
    );

  const confirmDelete = () =>
    remove.mutate(course.id, {
      onSuccess: () => {
        showToast({ kind: 'success', message: t('authoring.course.deleted', { title: course.title }) });
        navigate('/admin/courses');
      },
      onError: (error) =>
        setDeleteError(
          isApiError(error) && error.code === 'COURSE_HAS_ENROLLMENTS'
            ? t('authoring.course.has_enrollments')
            : (firstErrorDetail(error) ?? t('forms.default_error')),
        ),
    });

  return (
    <div data-testid="course-editor">
      <PageHeader
        title={course.title}
        description={
          <span className="flex flex-wrap items-center gap-2 text-sm">
            <CourseStatusBadge status={course.status} />
            {course.updatedAt && (
              <span>
                {t('authoring.course.updated', {
                  date: new Intl.DateTimeFormat(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }).format(new Date(course.updatedAt)),
                })}
              </span>
            )}
          </span>
        }
        actions={
          course.status === 'published' ? (
            <Button variant="secondary" loading={publish.isPending} onClick={() => changeStatus('draft')}>
              {t('authoring.course.unpublish')}
            </Button>
          ) : (
            <Button
              loading={publish.isPending}
              onClick={() => changeStatus('published')}
              data-testid="publish-course"
            >
              {t('authoring.course.publish')}
            </Button>
          )
        }
      />
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List
          className="mb-5 inline-flex gap-1 rounded-xl bg-slate-200/70 p-1"
          aria-label={t('authoring.course.sections')}
        >
          <Tabs.Trigger value="outline" className={tabClasses}>
            {t('authoring.course.tab_outline')}
          </Tabs.Trigger>
          <Tabs.Trigger value="details" className={tabClasses}>
            {t('authoring.course.tab_details')}
          </Tabs.Trigger>
        </Tabs.List>
        {/* Both panels stay mounted, so switching tabs never loses what was typed. */}
        <Tabs.Content value="outline" forceMount className="data-[state=inactive]:hidden">
          <OutlineEditor course={course} />
        </Tabs.Content>
        <Tabs.Content value="details" forceMount className="data-[state=inactive]:hidden">
          <div className="max-w-4xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 className="mb-4 text-xl font-semibold text-slate-900">{t('authoring.course.details')}</h2>
            <CourseForm course={course} onSaved={() => undefined} />
          </div>
          <div className="mt-6 max-w-4xl rounded-2xl border border-red-200 bg-white p-5">
            <h2 className="text-lg font-semibold text-slate-900">{t('authoring.course.delete_title')}</h2>
            <p className="mt-1 mb-3 text-sm text-slate-600">{t('authoring.course.delete_description')}</p>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {t('authoring.course.delete')}
            </Button>
          </div>
        </Tabs.Content>
      </Tabs.Root>
      {deleting && (
        <ConfirmDialog
          title={t('authoring.course.delete_title')}
          description={t('authoring.course.delete_confirm', { title: course.title })}
          confirmLabel={t('authoring.course.delete')}
          busy={remove.isPending}
          error={deleteError}
          onConfirm={confirmDelete}
          onClose={() => {
            setDeleting(false);
            setDeleteError(null);
          }}
        />
      )}
    </div>
  );
}
