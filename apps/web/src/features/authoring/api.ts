/**
 * Course authoring calls (docs/api-contract.md "Learning"): courses, their outline, learning objects,
 * quiz questions and imports, catalog categories, content labels and content issues. This module
 * owns the ['authoring', …] keys; every write refreshes the keys it changes.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type {
  AssignmentAnswerType,
  ContentIssueCategory,
  ContentIssueStatus,
  CourseStatus,
  LearningObjectType,
  QuestionType,
  QuizImportFormat,
} from '@leerpad/core';
import { deserialize, type JsonApiDocument, type Resource } from '@leerpad/core';
import { apiRequest, type ApiDocument, type RequestOptions } from '../../lib/api/client';
import type { StoredFile } from '../../lib/resources/files';

// ---- Resources ------------------------------------------------------------------------------

export interface CatalogCategory {
  id: string;
  type: string;
  name: string;
  description?: string | null;
  position: number;
  publishedCoursesCount?: number;
}

export interface ContentLabel {
  id: string;
  type: string;
  name: string;
  color?: string | null;
}

export interface OutlineObject {
  id: string;
  type: string;
  kind: LearningObjectType;
  title: string;
  position: number;
  required: boolean;
  estimatedMinutes?: number | null;
}

export interface CourseSection {
  id: string;
  type: string;
  title: string;
  position: number;
  learningObjects?: OutlineObject[] | null;
}

export interface Course {
  id: string;
  type: string;
  title: string;
  summary?: string | null;
  description?: string | null;
  coverImageUrl?: string | null;
  language?: string | null;
  status: CourseStatus;
  estimatedMinutes?: number | null;
  learningObjectsCount?: number | null;
  publishedAt?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  catalogCategory?: { id: string; name?: string } | null;
  contentLabels?: Array<{ id: string; name?: string; color?: string | null }> | null;
  coverFile?: { id: string } | null;
  courseSections?: CourseSection[] | null;
  meta?: { abilities?: Record<string, boolean> };
}

export interface QuizSettings {
  passMark: number;
  attemptsLimit: number | null;
  questionsPerAttempt: number | null;
  questionCount?: number;
}

export interface AssignmentSettings {
  answerType: AssignmentAnswerType;
  groupSubmission: boolean;
}

/** A learning object with its content, as GET /learning_objects/{id} answers. */
export interface LearningObject {
  id: string;
  type: string;
  kind: LearningObjectType;
  title: string;
  position: number;
  required: boolean;
  estimatedMinutes?: number | null;
  body?: string | null;
  videoUrl?: string | null;
  videoProvider?: string | null;
  settings?: Partial<QuizSettings & AssignmentSettings> | null;
  file?: StoredFile | null;
}

export interface QuestionOption {
  id?: string;
  text: string;
  correct: boolean;
  feedback?: string | null;
}

export interface QuizQuestion {
  id: string;
  type: string;
  kind: QuestionType;
  prompt: string;
  options: QuestionOption[];
  acceptedAnswers: string[];
  feedback?: string | null;
  points: number;
  position: number;
}

export interface ContentIssue {
  id: string;
  type: string;
  category: ContentIssueCategory;
  description: string;
  status: ContentIssueStatus;
  staffNote?: string | null;
  createdAt?: string | null;
  updatedAt?: string | null;
  resolvedAt?: string | null;
  course?: { id: string; title?: string } | null;
  learningObject?: { id: string; title?: string } | null;
  reporter?: { id: string; fullName?: string } | null;
}

export interface Page<T> {
  items: T[];
  total: number;
  lastPage: number;
}

/**
 * Learning objects and quiz questions have a `type` attribute ("quiz", "single_choice") beside the
 * resource type; flattening keeps the resource type, so the attribute is copied to `kind` first.
 */
function withKinds(document: JsonApiDocument): JsonApiDocument {
  const copyKind = (resource: Resource): Resource => {
    const kind = resource.attributes?.type;
    return typeof kind === 'string'
      ? { ...resource, attributes: { ...resource.attributes, kind } }
      : resource;
  };
  const data = document.data;
  return {
    ...document,
    data:
      data === null || data === undefined ? null : Array.isArray(data) ? data.map(copyKind) : copyKind(data),
    included: document.included?.map(copyKind),
  };
}

async function apiDocument<T>(path: string, options: RequestOptions = {}): Promise<ApiDocument<T>> {
  const document = await apiRequest<JsonApiDocument>(path, options);
  const { data, meta } = deserialize(withKinds(document ?? {}));
  return { data: data as T, meta };
}

/** The flattened resource (or resources) of a request. */
async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiDocument<T>(path, options)).data;
}

// ---- Keys -----------------------------------------------------------------------------------

export interface CourseListParams {
  filter: Record<string, string>;
  sort?: string;
  page: number;
  size: number;
}

export interface IssueListParams {
  status?: string;
  category?: string;
  sort?: string;
  page: number;
  size: number;
}

export const authoringKeys = {
  all: ['authoring'] as const,
  courses: ['authoring', 'courses'] as const,
  courseList: (params: CourseListParams) => ['authoring', 'courses', 'list', params] as const,
  course: (id: string) => ['authoring', 'courses', 'one', id] as const,
  learningObject: (id: string) => ['authoring', 'learning-objects', id] as const,
  questions: (objectId: string) => ['authoring', 'learning-objects', objectId, 'questions'] as const,
  categories: ['authoring', 'catalog-categories'] as const,
  labels: ['authoring', 'content-labels'] as const,
  issues: ['authoring', 'content-issues'] as const,
  issueList: (params: IssueListParams) => ['authoring', 'content-issues', params] as const,
};

const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

/** A collection request; an answer without a list reads as empty. */
async function apiList<T>(path: string, options: RequestOptions = {}): Promise<T[]> {
  return list<T>(await apiData<unknown>(path, options));
}

function pageFrom<T>(data: unknown, meta: Record<string, unknown>): Page<T> {
  return {
    items: list<T>(data),
    total: Number(meta.total ?? 0),
    lastPage: Number(meta.lastPage ?? 1),
  };
}

/** A callback that refreshes every query under the given keys (after a write). */
function useRefresh(...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Deletes the record at `pathOf(id)`, then refreshes what shows it. */
function useDeleteRecord(pathOf: (id: string) => string, refresh: () => Promise<unknown>) {
  return useMutation({
    mutationFn: (id: string) => apiRequest(pathOf(id), { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Creates a record in `collection` (POST), or changes the existing one `collection/id` (PATCH). */
function saveInCollection(collection: string, id: string | null, body: unknown) {
  return apiRequest(id ? `${collection}/${id}` : collection, { method: id ? 'PATCH' : 'POST', body });
}

// ---- Courses ----------------------------------------------------------------------------------

const COURSE_INCLUDES = ['catalog_category', 'content_labels', 'course_sections', 'learning_objects'];

export function courseListQuery(params: CourseListParams) {
  return queryOptions({
    queryKey: authoringKeys.courseList(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await apiDocument<Course[]>('/v1/courses', {
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

export function courseQuery(id: string) {
  return queryOptions({
    queryKey: authoringKeys.course(id),
    queryFn: ({ signal }) =>
      apiData<Course>(`/v1/courses/${id}`, { signal, query: { include: COURSE_INCLUDES } }),
  });
}

export interface CourseInput {
  title: string;
  summary: string;
  description: string;
  language: string;
  status: CourseStatus;
  catalogCategoryId?: string | null;
  contentLabelIds: string[];
  estimatedMinutes: number | null;
  coverFileId: string | null;
  coverImageUrl: string | null;
}

export function useSaveCourse(courseId: string | null) {
  const refresh = useRefresh(authoringKeys.courses);
  return useMutation({
    mutationFn: (input: Partial<CourseInput>) =>
      apiData<Course>(courseId ? `/v1/courses/${courseId}` : '/v1/courses', {
        method: courseId ? 'PATCH' : 'POST',
        body: input,
      }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

export function useDeleteCourse() {
  const refresh = useRefresh(authoringKeys.courses);
  return useMutation({
    mutationFn: (courseId: string) => apiRequest(`/v1/courses/${courseId}`, { method: 'DELETE' }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

// ---- Outline ----------------------------------------------------------------------------------

export interface OutlineOrder {
  sections: Array<{ id: string; learningObjectIds: string[] }>;
}

/** Saves a new order of sections and objects; the answer is the course with its new outline. */
export function useSaveOutline(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: OutlineOrder) =>
      apiData<Course>(`/v1/courses/${courseId}/outline`, {
        method: 'PATCH',
        body: order,
        query: { include: COURSE_INCLUDES },
      }),
    onSuccess: (course) => {
      queryClient.setQueryData<Course>(authoringKeys.course(courseId), (current) =>
        current ? { ...current, courseSections: course.courseSections } : current,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: authoringKeys.course(courseId) }),
    meta: { errorToast: false },
  });
}

/** After an outline change: the course and the course lists (their object counts). */
const useCourseRefresh = (courseId: string) =>
  useRefresh(authoringKeys.course(courseId), [...authoringKeys.courses, 'list']);

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
  return useDeleteRecord((sectionId) => `/v1/course_sections/${sectionId}`, refresh);
}

// ---- Learning objects -------------------------------------------------------------------------

export function learningObjectQuery(id: string) {
  return queryOptions({
    queryKey: authoringKeys.learningObject(id),
    queryFn: ({ signal }) =>
      apiData<LearningObject>(`/v1/learning_objects/${id}`, { signal, query: { include: ['file'] } }),
  });
}

export interface LearningObjectInput {
  type: LearningObjectType;
  title: string;
  required: boolean;
  estimatedMinutes: number | null;
  body?: string;
  videoUrl?: string | null;
  fileId?: string | null;
  settings?: Record<string, unknown>;
}

export function useSaveLearningObject(courseId: string) {
  const queryClient = useQueryClient();
  const refresh = useCourseRefresh(courseId);
  return useMutation({
    mutationFn: ({
      sectionId,
      objectId,
      input,
    }: {
      sectionId: string;
      objectId: string | null;
      input: LearningObjectInput;
    }) =>
      apiData<LearningObject>(
        objectId ? `/v1/learning_objects/${objectId}` : `/v1/course_sections/${sectionId}/learning_objects`,
        { method: objectId ? 'PATCH' : 'POST', body: input, query: { include: ['file'] } },
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(authoringKeys.learningObject(saved.id), saved);
      await refresh();
    },
    meta: { errorToast: false },
  });
}

export function useDeleteLearningObject(courseId: string) {
  const refresh = useCourseRefresh(courseId);
  return useDeleteRecord((objectId) => `/v1/learning_objects/${objectId}`, refresh);
}

// ---- Quiz questions and imports ---------------------------------------------------------------

export function questionsQuery(objectId: string) {
  return queryOptions({
    queryKey: authoringKeys.questions(objectId),
    queryFn: ({ signal }) =>
      apiList<QuizQuestion>(`/v1/learning_objects/${objectId}/quiz_questions`, { signal }),
  });
}

export interface QuestionInput {
  type: QuestionType;
  prompt: string;
  options: QuestionOption[];
  acceptedAnswers: string[];
  feedback: string;
  points: number;
}

/** After a question change: the questions and the quiz (its question count). */
const useQuestionRefresh = (objectId: string) =>
  useRefresh(authoringKeys.questions(objectId), authoringKeys.learningObject(objectId));

export function useSaveQuestion(objectId: string) {
  const refresh = useQuestionRefresh(objectId);
  return useMutation({
    mutationFn: ({ questionId, input }: { questionId: string | null; input: QuestionInput }) =>
      questionId
        ? apiRequest(`/v1/quiz_questions/${questionId}`, { method: 'PATCH', body: input })
        : apiRequest(`/v1/learning_objects/${objectId}/quiz_questions`, { method: 'POST', body: input }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

export function useDeleteQuestion(objectId: string) {
  const refresh = useQuestionRefresh(objectId);
  return useDeleteRecord((questionId) => `/v1/quiz_questions/${questionId}`, refresh);
}

export interface QuizImportResult {
  valid?: number;
  imported: number;
  totalQuestions?: number;
}

export function useImportQuestions(objectId: string) {
  const refresh = useQuestionRefresh(objectId);
  return useMutation({
    mutationFn: async (input: { format: QuizImportFormat; text: string; dryRun: boolean }) => {
      const { meta } = await apiDocument<unknown>(`/v1/learning_objects/${objectId}/quiz_imports`, {
        method: 'POST',
        body: input,
      });
      return {
        valid: typeof meta.valid === 'number' ? meta.valid : undefined,
        imported: Number(meta.imported ?? 0),
        totalQuestions: typeof meta.totalQuestions === 'number' ? meta.totalQuestions : undefined,
      } satisfies QuizImportResult;
    },
    onSuccess: async (result) => {
      if (result.imported > 0) await refresh();
    },
    meta: { errorToast: false },
  });
}

// ---- Catalog categories and content labels ----------------------------------------------------

export const categoriesQuery = queryOptions({
  queryKey: authoringKeys.categories,
  queryFn: ({ signal }) => apiList<CatalogCategory>('/v1/catalog_categories', { signal }),
});

export const labelsQuery = queryOptions({
  queryKey: authoringKeys.labels,
  queryFn: ({ signal }) => apiList<ContentLabel>('/v1/content_labels', { signal }),
});

export interface CategoryInput {
  name?: string;
  description?: string;
  position?: number;
}

export function useSaveCategory() {
  const refresh = useRefresh(authoringKeys.categories);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CategoryInput }) =>
      saveInCollection('/v1/catalog_categories', id, input),
    onSettled: refresh,
    meta: { errorToast: false },
  });
}

export function useDeleteCategory() {
  const refresh = useRefresh(authoringKeys.categories, authoringKeys.courses);
  return useDeleteRecord((id) => `/v1/catalog_categories/${id}`, refresh);
}

export interface LabelInput {
  name: string;
  color: string | null;
}

/** Label changes show on the courses that carry them. */
const useLabelRefresh = () => useRefresh(authoringKeys.labels, authoringKeys.courses);

export function useSaveLabel() {
  const refresh = useLabelRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LabelInput }) =>
      saveInCollection('/v1/content_labels', id, input),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

export function useDeleteLabel() {
  const refresh = useLabelRefresh();
  return useDeleteRecord((id) => `/v1/content_labels/${id}`, refresh);
}

// ---- Content issues ---------------------------------------------------------------------------

export type StatusCounts = Record<ContentIssueStatus, number>;

export function issuesQuery(params: IssueListParams) {
  return queryOptions({
    queryKey: authoringKeys.issueList(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await apiDocument<ContentIssue[]>('/v1/content_issues', {
        signal,
        query: {
          filter: { status: params.status, category: params.category },
          sort: params.sort,
          include: ['course', 'learning_object', 'reporter'],
          page: { number: params.page, size: params.size },
        },
      });
      const counts = (meta.statusCounts ?? {}) as Record<string, unknown>;
      return {
        ...pageFrom<ContentIssue>(data, meta),
        statusCounts: {
          open: Number(counts.open ?? 0),
          in_progress: Number(counts.inProgress ?? 0),
          resolved: Number(counts.resolved ?? 0),
        } satisfies StatusCounts,
      };
    },
    placeholderData: keepPreviousData,
  });
}

export function useUpdateIssue() {
  const refresh = useRefresh(authoringKeys.issues);
  return useMutation({
    mutationFn: ({ id, status, staffNote }: { id: string; status: ContentIssueStatus; staffNote: string }) =>
      apiRequest(`/v1/content_issues/${id}`, { method: 'PATCH', body: { status, staffNote } }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}
