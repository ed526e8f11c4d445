/**
 * Learning object progress: the signed-in student's state per object, and "I am here" or
 * "completed". A write puts the answer into the cached course at once and refreshes the lists that
 * show progress.
 */
import { deserialize, type JsonApiDocument } from '@leerpad/core';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { courseKeys, type CourseOverview } from './courses';
import { fetchData } from './document';
import { enrollmentKeys, type Enrollment } from './enrollments';

export type ProgressStatus = 'not_started' | 'in_progress' | 'completed';

export interface ObjectProgress {
  id: string;
  status: 'in_progress' | 'completed';
  completed: boolean;
  lastPosition?: number | null;
  score?: number | null;
  attemptsCount?: number;
  completedAt?: string | null;
  learningObject?: { id: string } | null;
  enrollment?: Enrollment | null;
}

/** Progress rows arrive in `included` only; they are matched to objects by their relationship. */
export function progressFrom(document: JsonApiDocument): Record<string, ObjectProgress> {
  const rows = (document.included ?? []).filter((resource) => resource.type === 'learning_object_progress');
  const { data } = deserialize({ data: rows, included: document.included ?? [] });
  const progress: Record<string, ObjectProgress> = {};
  for (const row of (Array.isArray(data) ? data : []) as unknown as ObjectProgress[]) {
    const objectId = row.learningObject?.id;
    if (objectId) progress[objectId] = row;
  }
  return progress;
}

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

/** Lists that show progress (catalog cards, my courses) refresh when next shown. */
export function invalidateProgressLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: enrollmentKeys.all });
  void queryClient.invalidateQueries({ queryKey: courseKeys.catalogs });
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
