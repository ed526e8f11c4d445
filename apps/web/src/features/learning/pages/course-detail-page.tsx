/** /catalog/:courseId: one course of the catalog with its outline and Enrol (or Continue). */
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useCrumbLabel } from '../../../components/breadcrumbs';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { useRefusalToast } from '../../../lib/toasts/refusal-toast';
import { courseOverviewQuery } from '../../../lib/resources/courses';
import { CourseDetail } from '../components/course-detail';

export function CourseDetailPage() {
  const { courseId = '' } = useParams();
  const valid = /^\d+$/.test(courseId);
  const overview = useQuery({ ...courseOverviewQuery(courseId), enabled: valid });
  useCrumbLabel(
    `/catalog/${courseId}`,
    !valid || overview.isError ? courseId : (overview.data?.course.title ?? null),
  );
  useRefusalToast(overview.error);

  if (!valid) return <ErrorBlock kind="not_found" />;
  if (overview.isPending) return <Loading />;
  if (overview.isError)
    return <ErrorBlock kind={errorKindOf(overview.error)} onRetry={() => void overview.refetch()} />;
  return <CourseDetail overview={overview.data} />;
}
