/**
 * Courses (docs/api-contract.md "Learning"): the catalog, a course with its outline and the student's
 * progress, the staff's course list and course, the outline order, and classmates. Owner of the
 * ['courses', …] keys.
 */
import {
  CATALOG_INCLUDES,
  COURSE_OVERVIEW_INCLUDES,
  coursePath,
  deserialize,
  type CourseStatus,
  type JsonApiDocument,
  openedObject,
} from '@leerpad/core';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import type { CatalogCategory } from './catalog-categories';
import type { ContentLabel } from './content-labels';
import { courseKeys, type CatalogParams, type CourseListParams } from './course-keys';
import type { CourseSection } from './course-sections';
import { SHORT_LIST, fetchData, fetchDocument, idFilter, pageFrom } from './document';
import type { OutlineObject } from './learning-objects';

export interface Course {
  id: string;
  type?: string;
  title: string;
  summary?: string | null;
  description?: string | null;
  coverImageUrl?: string | null;
  language?: string | null;
  status: CourseStatus;
  estimatedMinutes?: number | null;
  learningObjectsCount?: number;
  /** Enrolling needs a coach's approval (flag coach_mandate_approvals). */
  requiresApproval?: boolean;
  /** Completing needs a coach's sign-off. */
  requiresSignoff?: boolean;
  publishedAt?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  catalogCategory?: CatalogCategory | null;
  contentLabels?: ContentLabel[];
  coverFile?: { id: string } | null;
  enrollment?: Enrollment | null;
  courseSections?: CourseSection[] | null;
  meta?: { abilities?: Record<string, boolean | undefined> & { enroll?: boolean; readContent?: boolean } };
}

/** A section of the student's outline, its objects in order. */
export interface OutlineSection extends CourseSection {
  learningObjects: OutlineObject[];
}

/** A course with its outline and the signed-in student's progress per learning object. */
export interface CourseOverview {
  course: Course;
  sections: OutlineSection[];
  progress: Record<string, ObjectProgress>;
}

/**
 * The object the course player opens for `requested` (`?learning_object=`), with openedObject: the
 * player and the route loader, which reads it before the player renders, agree on it.
 */
export function openedObjectOf(
  { sections, progress, course }: CourseOverview,
  requested: string | null,
): { id: string | null; requestedFound: boolean } {
  return openedObject(
    sections.flatMap((section) => section.learningObjects.map((object) => object.id)),
    new Set(Object.keys(progress).filter((id) => progress[id]?.completed)),
    course.enrollment?.lastLearningObject?.id,
    requested,
  );
}

/**
 * The signed-in student's enrolment in a course. A course carries its enrolment and an enrolment
 * its course, so the two types stand together; enrollments.ts owns the ['enrollments', …] lists.
 */
export interface Enrollment {
  id: string;
  status: 'active' | 'completed';
  progress: number;
  requiredCount: number;
  completedCount: number;
  enrolledAt?: string | null;
  lastActivityAt?: string | null;
  completedAt?: string | null;
  course?: Course | null;
  lastLearningObject?: OutlineObject | null;
}

// ---- Progress per learning object (written by progress.ts) ------------------------------------

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

/** Just the id and title, for filters. */
export interface CourseTitle {
  id: string;
  title: string;
}

/** Another student enrolled in the same course: a possible group member. */
export interface Classmate {
  id: string;
  fullName?: string;
}

const COURSE_INCLUDES = ['catalog_category', 'content_labels', 'course_sections', 'learning_objects'];

// ---- The student's side -----------------------------------------------------------------------

export function catalogQuery(params: CatalogParams) {
  return queryOptions({
    queryKey: courseKeys.catalog(params),
    queryFn: async ({ signal }) => {
      const search = params.search.trim();
      const { data, meta } = await fetchDocument<Course[]>('/v1/courses', {
        signal,
        query: {
          // Unfiltered, in the default order: the address the server answers in the page (catalogAddress).
          include: [...CATALOG_INCLUDES],
          filter: {
            search: search === '' ? undefined : search,
            category: idFilter(params.categories),
            label: idFilter(params.labels),
          },
          sort: params.sort,
          page: { number: params.page, size: params.size },
        },
      });
      return pageFrom<Course>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function courseOverviewQuery(courseId: string) {
  return queryOptions({
    queryKey: courseKeys.overview(courseId),
    queryFn: async ({ signal }): Promise<CourseOverview> => {
      // The address the server answers in the page (courseOverviewAddress).
      const { data, document } = await fetchDocument<Course>(coursePath(courseId), {
        signal,
        query: { include: [...COURSE_OVERVIEW_INCLUDES] },
      });
      // Objects are looked up by id: flattening follows cycles (enrolment → last object → its
      // section → its objects), which leaves some references bare.
      const objects = new Map(
        (document.included ?? [])
          .filter((resource) => resource.type === 'learning_objects')
          .map((resource) => [resource.id, deserialize({ data: resource }).data as unknown as OutlineObject]),
      );
      const sections = (data.courseSections ?? [])
        .map((section) => ({
          ...section,
          learningObjects: (section.learningObjects ?? [])
            .map((object) => objects.get(object.id))
            .filter((object): object is OutlineObject => object !== undefined),
        }))
        .sort((a, b) => a.position - b.position);
      return { course: data, sections, progress: progressFrom(document) };
    },
  });
}

/** Classmates to hand a group answer in with: the first 100 whose name matches `search`. */
export function classmatesQuery(courseId: string, search: string) {
  return queryOptions({
    queryKey: courseKeys.classmates(courseId, search),
    queryFn: async ({ signal }) => {
      const data = await fetchData<Classmate[]>(`/v1/courses/${courseId}/classmates`, {
        signal,
        query: {
          filter: { search: search.trim() === '' ? undefined : search.trim() },
          ...SHORT_LIST,
        },
      });
      return Array.isArray(data) ? data : [];
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

// ---- The staff's side -------------------------------------------------------------------------

export function courseListQuery(params: CourseListParams) {
  return queryOptions({
    queryKey: courseKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<Course[]>('/v1/courses', {
        signal,
        query: {
          filter: params.filter,
          sort: params.sort,
          include: ['catalog_category', 'content_labels'],
          page: { number: params.page, size: params.size },
        },
      });
      return pageFrom<Course>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function courseQuery(courseId: string) {
  return queryOptions({
    queryKey: courseKeys.one(courseId),
    queryFn: ({ signal }) =>
      fetchData<Course>(`/v1/courses/${courseId}`, { signal, query: { include: COURSE_INCLUDES } }),
  });
}

/** The courses to filter by: one page of 100 by title (coaches see the published catalog). */
export const courseTitlesQuery = queryOptions({
  queryKey: courseKeys.titles,
  queryFn: async ({ signal }): Promise<CourseTitle[]> => {
    const data = await fetchData<CourseTitle[]>('/v1/courses', {
      signal,
      query: { sort: 'title', ...SHORT_LIST },
    });
    return Array.isArray(data) ? data : [];
  },
  staleTime: 5 * 60_000,
});

export interface CourseInput {
  title: string;
  summary: string;
  description: string;
  language: string;
  status: CourseStatus;
  catalogCategory?: { type: 'catalog_categories'; id: string } | null;
  contentLabels: Array<{ type: 'content_labels'; id: string }>;
  estimatedMinutes: number | null;
  coverFile: { type: 'files'; id: string } | null;
  coverImageUrl: string | null;
  requiresApproval?: boolean;
  requiresSignoff?: boolean;
}

export function useSaveCourse(courseId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<CourseInput>) =>
      fetchData<Course>(courseId ? `/v1/courses/${courseId}` : '/v1/courses', {
        method: courseId ? 'PATCH' : 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
    meta: { errorToast: false },
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courseId: string) => apiRequest(`/v1/courses/${courseId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
    meta: { errorToast: false },
  });
}

export interface OutlineOrder {
  sections: Array<{ id: string; learningObjectIds: string[] }>;
}

/** Saves a new order of sections and objects; the answer is the course with its new outline. */
export function useSaveOutline(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // One save at a time, in the order of the moves: two quick moves never reach the server (or the
    // cache) the other way round, which would keep the first move's order and lose the second.
    scope: { id: `course-outline-${courseId}` },
    mutationFn: (order: OutlineOrder) =>
      fetchData<Course>(`/v1/courses/${courseId}/outline`, {
        method: 'PATCH',
        body: order,
        query: { include: COURSE_INCLUDES },
      }),
    onSuccess: (course) => {
      queryClient.setQueryData<Course>(courseKeys.one(courseId), (current) =>
        current ? { ...current, courseSections: course.courseSections } : current,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: courseKeys.one(courseId) }),
    meta: { errorToast: false },
  });
}
