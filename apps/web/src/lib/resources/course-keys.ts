/**
 * The ['courses', …] query keys. Courses (courses.ts) read and write under them; the resources a
 * course carries (catalog categories, content labels, sections, learning objects, enrolments,
 * progress) refresh the course caches by them after their own writes. They stand below all of
 * those files, so that none of them needs courses.ts for its keys.
 */
import { useQueryClient } from '@tanstack/react-query';

export interface CatalogParams {
  search: string;
  categories: string[];
  labels: string[];
  sort: string;
  page: number;
  size: number;
}

export interface CourseListParams {
  filter: Record<string, string>;
  sort?: string;
  page: number;
  size: number;
}

export const courseKeys = {
  all: ['courses'] as const,
  catalogs: ['courses', 'catalog'] as const,
  catalog: (params: CatalogParams) => ['courses', 'catalog', params] as const,
  overview: (courseId: string) => ['courses', 'overview', courseId] as const,
  lists: ['courses', 'list'] as const,
  list: (params: CourseListParams) => ['courses', 'list', params] as const,
  one: (courseId: string) => ['courses', 'one', courseId] as const,
  titles: ['courses', 'titles'] as const,
  classmates: (courseId: string, search: string) => ['courses', 'classmates', courseId, search] as const,
};

/** After an outline change: the course and the course lists (their object counts). */
export function useCourseRefresh(courseId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) }),
      queryClient.invalidateQueries({ queryKey: courseKeys.lists }),
    ]);
}
