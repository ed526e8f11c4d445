/**
 * Learning object progress: the signed-in student's state per object, and "I am here" or
 * "completed". A write puts the answer into the cached course at once and refreshes the lists that
 * show progress.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { courseKeys } from './course-keys';
import type { CourseOverview, ObjectProgress } from './courses';
import { fetchData } from './document';
import { invalidateProgressLists } from './enrollments';

/** Puts a progress answer (with its enrolment) into the cached course, so the outline updates at once. */
export function applyProgress(queryClient: QueryClient, courseId: string, progress: ObjectProgress) {
  queryClient.setQueryData<CourseOverview>(courseKeys.overview(courseId), (overview) => {
    const objectId = progress.learningObject?.id;
    if (!overview || !objectId) return overview;
    const enrollment = progress.enrollment;
    return {
      ...overview,
      course:
        enrollment && overview.course.enrollment
          ? { ...overview.course, enrollment: { ...overview.course.enrollment, ...enrollment } }
          : overview.course,
      progress: { ...overview.progress, [objectId]: progress },
    };
  });
}

export interface ProgressInput {
  learningObjectId: string;
  completed?: boolean;
  lastPosition?: number | null;
}

/** Records progress: an empty body says "I am here"; `completed` ticks a page, video or file. */
export function useRecordProgress(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ learningObjectId, ...body }: ProgressInput) =>
      fetchData<ObjectProgress>(`/v1/learning_objects/${learningObjectId}/progress`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (progress) => {
      applyProgress(queryClient, courseId, progress);
      invalidateProgressLists(queryClient);
    },
  });
}
