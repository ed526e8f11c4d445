/**
 * The course of a route's :courseId with the student's progress: its breadcrumb label, a refusal
 * toast (SPEC §8) and the not-found, loading and error states, so each page only shows the course.
 */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useCrumbLabel } from '../../../components/breadcrumbs';
import { ErrorBlock, errorKindOf } from '../../../components/error-block';
import { Loading } from '../../../components/loading';
import { courseOverviewQuery, type CourseOverview } from '../../../lib/resources/courses';
import { useRefusalToast } from '../../../lib/toasts/refusal-toast';

export function CourseOverviewRoute({
  basePath,
  children,
}: {
  /** The address the course sits under ('/catalog', '/courses'), for its breadcrumb. */
  basePath: string;
  children: (overview: CourseOverview) => ReactNode;
}) {
  const { courseId = '' } = useParams();
  const valid = /^\d+$/.test(courseId);
  const overview = useQuery({ ...courseOverviewQuery(courseId), enabled: valid });
  useCrumbLabel(
    `${basePath}/${courseId}`,
    !valid || overview.isError ? courseId : (overview.data?.course.title ?? null),
  );
  useRefusalToast(overview.error);
  // The course first renders as a deferred update: React renders it in slices, so a slow phone
  // stays responsive while it comes in (docs/decisions/077). Until then it shows as loading.
  const firstShown = useDeferredValue(overview.data !== undefined);

  if (!valid) return <ErrorBlock kind="not_found" />;
  if (overview.isPending || (!overview.isError && !firstShown)) return <Loading />;
  if (overview.isError)
    return <ErrorBlock kind={errorKindOf(overview.error)} onRetry={() => void overview.refetch()} />;
  return children(overview.data);
}
