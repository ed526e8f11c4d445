/** Course sections: the chapters of a course's outline. Writes refresh the course (courses.ts). */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { useCourseRefresh } from './course-keys';
import type { OutlineObject } from './learning-objects';

export interface CourseSection {
  id: string;
  type?: string;
  title: string;
  position: number;
  learningObjects?: OutlineObject[] | null;
}

export function useSaveSection(courseId: string) {
  const refresh = useCourseRefresh(courseId);
  return useMutation({
    mutationFn: ({ sectionId, title }: { sectionId: string | null; title: string }) =>
      sectionId
        ? apiRequest(`/v1/course_sections/${sectionId}`, { method: 'PATCH', body: { title } })
        : apiRequest(`/v1/courses/${courseId}/course_sections`, { method: 'POST', body: { title } }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

export function useDeleteSection(courseId: string) {
  const refresh = useCourseRefresh(courseId);
  return useMutation({
    mutationFn: (sectionId: string) => apiRequest(`/v1/course_sections/${sectionId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
