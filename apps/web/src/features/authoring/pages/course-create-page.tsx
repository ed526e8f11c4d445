/** /admin/courses/create: the details of a new course; the outline follows on the course page. */
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toasts/toasts';
import { usePageTitle } from '../../../lib/use-page-title';
import { CourseForm } from '../components/course-form';
import { courseHref } from './course-list-page';

export function CourseCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('authoring.course.new_title'));
  return (
    <div data-page="admin_course_create" className="max-w-4xl">
      <PageHeader
        title={t('authoring.course.new_title')}
        description={t('authoring.course.new_description')}
      />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <CourseForm
          onSaved={(course) => {
            showToast({ kind: 'success', message: t('authoring.course.created', { title: course.title }) });
            navigate(courseHref(course.id));
          }}
        />
      </div>
    </div>
  );
}
