/**
 * The student side of learning (docs/api-contract.md "Learning"): the catalog, course outlines with
 * the signed-in student's progress, enrolments, learning objects, quiz attempts, assignment answers
 * and content issues. This module owns the ['learning', …] query keys.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  deserialize,
  type ContentIssueCategory,
  type JsonApiDocument,
  type LearningObjectType,
} from '@leerpad/core';
import { apiRequest, isApiError, type RequestOptions } from '../../lib/api/client';
import type { StoredFile } from '../../lib/resources/files';
import { emitApiError } from '../../lib/api/events';

export interface CatalogCategory {
  id: string;
  name: string;
  description?: string | null;
  position?: number;
  publishedCoursesCount?: number;
}

export interface ContentLabel {
  id: string;
  name: string;
  color?: string | null;
}

export interface OutlineObject {
  id: string;
  /** The learning object's own type (page, video, …); `type` is the JSON:API resource type. */
  objectType: LearningObjectType;
  title: string;
  position?: number;
  required?: boolean;
  estimatedMinutes?: number | null;
}

export interface CourseSection {
  id: string;
  title: string;
  position: number;
  learningObjects: OutlineObject[];
}

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

export interface Course {
  id: string;
  title: string;
  summary?: string | null;
  description?: string | null;
  coverImageUrl?: string | null;
  language?: string | null;
  status?: 'draft' | 'published' | 'archived';
  estimatedMinutes?: number | null;
  learningObjectsCount?: number;
  publishedAt?: string | null;
  catalogCategory?: CatalogCategory | null;
  contentLabels?: ContentLabel[];
  enrollment?: Enrollment | null;
  courseSections?: CourseSection[];
  meta?: { abilities?: { enroll?: boolean; readContent?: boolean } };
}

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

/** A course with its outline and the signed-in student's progress per learning object. */
export interface CourseOverview {
  course: Course;
  sections: CourseSection[];
  progress: Record<string, ObjectProgress>;
}

export interface QuizSettings {
  passMark?: number;
  attemptsLimit?: number | null;
  questionsPerAttempt?: number | null;
  questionCount?: number;
}

export interface AssignmentSettings {
  answerType?: 'text' | 'file' | 'text_and_file';
  groupSubmission?: boolean;
}

export interface LearningObject extends OutlineObject {
  body?: string | null;
  videoUrl?: string | null;
  videoProvider?: 'youtube' | 'vimeo' | 'file' | null;
  embedUrl?: string | null;
  settings?: QuizSettings & AssignmentSettings;
  file?: StoredFile | null;
  course?: { id: string } | null;
  meta?: { abilities?: { complete?: boolean; reportIssue?: boolean } };
}

export interface AttemptQuestion {
  id: string;
  type: 'single_choice' | 'multiple_choice' | 'open_answer';
  prompt: string;
  points: number;
  options: Array<{ id: string; text: string }>;
}

export interface QuizResponse {
  questionId: string;
  optionIds?: string[];
  text?: string;
}

export interface QuestionResult {
  questionId: string;
  correct: boolean;
  pointsAwarded: number;
  points: number;
  correctOptionIds?: string[];
  acceptedAnswers?: string[];
  feedback?: string[];
}

export interface QuizAttempt {
  id: string;
  status: 'in_progress' | 'submitted';
  questions: AttemptQuestion[];
  responses: QuizResponse[];
  results: QuestionResult[] | null;
  score?: number | null;
  maxScore?: number | null;
  percent?: number | null;
  passed?: boolean | null;
  startedAt?: string | null;
  submittedAt?: string | null;
}

export interface QuizSummary {
  attemptsLimit: number | null;
  attemptsUsed: number;
  attemptsLeft: number | null;
  passMark: number | null;
  bestPercent: number | null;
  passed: boolean;
}

export interface QuizAttempts {
  attempts: QuizAttempt[];
  summary: QuizSummary;
}

export type AnswerStatus = 'draft' | 'submitted' | 'approved' | 'revision_requested';

export interface Answer {
  id: string;
  status: AnswerStatus;
  text?: string | null;
  grade?: number | null;
  feedback?: string | null;
  submittedAt?: string | null;
  reviewedAt?: string | null;
  updatedAt?: string | null;
  file?: StoredFile | null;
  reviewer?: { id: string; fullName?: string } | null;
  /** The author, who alone chooses the members of a group answer. */
  account?: { id: string; fullName?: string } | null;
  /** Everyone the answer belongs to, the author included. */
  members?: Classmate[] | null;
  meta?: { abilities?: { edit?: boolean; submit?: boolean } };
}

/** Another student enrolled in the same course: a possible group member. */
export interface Classmate {
  id: string;
  fullName?: string;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  lastPage: number;
}

export interface CatalogParams {
  search: string;
  categories: string[];
  labels: string[];
  sort: string;
  page: number;
  size: number;
}

export interface EnrollmentParams {
  status: '' | 'active' | 'completed';
  page: number;
  size: number;
}

export const learningKeys = {
  all: ['learning'] as const,
  catalog: (params: CatalogParams) => ['learning', 'catalog', params] as const,
  categories: ['learning', 'catalog-categories'] as const,
  labels: ['learning', 'content-labels'] as const,
  courses: ['learning', 'courses'] as const,
  course: (courseId: string) => ['learning', 'courses', courseId] as const,
  enrollments: ['learning', 'enrollments'] as const,
  enrollmentList: (params: EnrollmentParams) => ['learning', 'enrollments', params] as const,
  learningObject: (id: string) => ['learning', 'learning-objects', id] as const,
  quizAttempts: (id: string) => ['learning', 'learning-objects', id, 'quiz-attempts'] as const,
  answer: (id: string) => ['learning', 'learning-objects', id, 'answer'] as const,
  classmates: (courseId: string, search: string) =>
    ['learning', 'courses', courseId, 'classmates', search] as const,
};

/**
 * JSON:API gives every resource a `type` ('learning_objects'), which would hide the learning
 * object's own `type` attribute once flattened: it is kept as `objectType`.
 */
function keepObjectTypes(document: JsonApiDocument): JsonApiDocument {
  const primary = document.data ?? null;
  const resources = [
    ...(Array.isArray(primary) ? primary : primary ? [primary] : []),
    ...(document.included ?? []),
  ];
  for (const resource of resources) {
    const attributes = resource.attributes as Record<string, unknown> | undefined;
    if (resource.type === 'learning_objects' && attributes && 'type' in attributes)
      attributes.objectType = attributes.type;
  }
  return document;
}

/** A learning request, flattened like `apiDocument`, with learning-object types kept. */
async function learningDocument<T>(path: string, options: RequestOptions = {}) {
  const document = keepObjectTypes((await apiRequest<JsonApiDocument | null>(path, options)) ?? {});
  const { data, meta } = deserialize(document);
  return { data: data as T, meta, document };
}

/** The flattened resource of a learning request. */
async function learningData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await learningDocument<T>(path, options)).data;
}

/** The whole of a short list (one page of 100), for filters. */
async function learningShortList<T>(path: string, signal: AbortSignal): Promise<T[]> {
  const data = await learningData<T[]>(path, { signal, query: { page: { size: 100 } } });
  return Array.isArray(data) ? data : [];
}

function listFrom<T>(data: unknown, meta: Record<string, unknown>): ListPage<T> {
  const items = Array.isArray(data) ? (data as T[]) : [];
  return { items, total: Number(meta.total ?? items.length), lastPage: Number(meta.lastPage ?? 1) };
}

const idFilter = (ids: string[]) => (ids.length > 0 ? ids.join(',') : undefined);

export function catalogQuery(params: CatalogParams) {
  return queryOptions({
    queryKey: learningKeys.catalog(params),
    queryFn: async ({ signal }) => {
      const search = params.search.trim();
      const { data, meta } = await learningDocument<Course[]>('/v1/courses', {
        signal,
        query: {
          include: ['catalog_category', 'content_labels', 'enrollment'],
          filter: {
            search: search === '' ? undefined : search,
            category: idFilter(params.categories),
            label: idFilter(params.labels),
          },
          sort: params.sort,
          page: { number: params.page, size: params.size },
        },
      });
      return listFrom<Course>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export const catalogCategoriesQuery = queryOptions({
  queryKey: learningKeys.categories,
  queryFn: ({ signal }) => learningShortList<CatalogCategory>('/v1/catalog_categories', signal),
});

export const contentLabelsQuery = queryOptions({
  queryKey: learningKeys.labels,
  queryFn: ({ signal }) => learningShortList<ContentLabel>('/v1/content_labels', signal),
});

/** Progress rows arrive in `included` only; they are matched to objects by their relationship. */
function progressFrom(document: JsonApiDocument): Record<string, ObjectProgress> {
  const rows = (document.included ?? []).filter((resource) => resource.type === 'learning_object_progress');
  const { data } = deserialize({ data: rows, included: document.included ?? [] });
  const progress: Record<string, ObjectProgress> = {};
  for (const row of (Array.isArray(data) ? data : []) as unknown as ObjectProgress[]) {
    const objectId = row.learningObject?.id;
    if (objectId) progress[objectId] = row;
  }
  return progress;
}

export function courseQuery(courseId: string) {
  return queryOptions({
    queryKey: learningKeys.course(courseId),
    queryFn: async ({ signal }): Promise<CourseOverview> => {
      const { data, document } = await learningDocument<Course>(`/v1/courses/${courseId}`, {
        signal,
        query: {
          include: [
            'catalog_category',
            'content_labels',
            'course_sections',
            'enrollment',
            'learning_object_progress',
            'learning_objects',
          ],
        },
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

export function enrollmentsQuery(params: EnrollmentParams) {
  return queryOptions({
    queryKey: learningKeys.enrollmentList(params),
    queryFn: async ({ signal }) => {
      const { data, meta } = await learningDocument<Enrollment[]>('/v1/enrollments', {
        signal,
        query: {
          include: ['course', 'last_learning_object'],
          filter: { status: params.status || undefined },
          page: { number: params.page, size: params.size },
        },
      });
      return listFrom<Enrollment>(data, meta);
    },
    placeholderData: keepPreviousData,
  });
}

export function learningObjectQuery(id: string) {
  return queryOptions({
    queryKey: learningKeys.learningObject(id),
    queryFn: ({ signal }) =>
      learningData<LearningObject>(`/v1/learning_objects/${id}`, { signal, query: { include: ['file'] } }),
  });
}

export function quizAttemptsQuery(learningObjectId: string) {
  return queryOptions({
    queryKey: learningKeys.quizAttempts(learningObjectId),
    queryFn: async ({ signal }): Promise<QuizAttempts> => {
      const { data, meta } = await learningDocument<QuizAttempt[]>(
        `/v1/learning_objects/${learningObjectId}/quiz_attempts`,
        { signal },
      );
      return { attempts: Array.isArray(data) ? data : [], summary: summaryFrom(meta) };
    },
  });
}

function summaryFrom(meta: Record<string, unknown>): QuizSummary {
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  return {
    attemptsLimit: number(meta.attemptsLimit),
    attemptsUsed: number(meta.attemptsUsed) ?? 0,
    attemptsLeft: number(meta.attemptsLeft),
    passMark: number(meta.passMark),
    bestPercent: number(meta.bestPercent),
    passed: meta.passed === true,
  };
}

export function answerQuery(learningObjectId: string) {
  return queryOptions({
    queryKey: learningKeys.answer(learningObjectId),
    queryFn: async ({ signal }) =>
      (await learningData<Answer | null>(`/v1/learning_objects/${learningObjectId}/answer`, {
        signal,
        query: { include: ['file', 'reviewer', 'members'] },
      })) ?? null,
  });
}

/** Classmates to hand a group answer in with: the first 100 whose name matches `search`. */
export function classmatesQuery(courseId: string, search: string) {
  return queryOptions({
    queryKey: learningKeys.classmates(courseId, search),
    queryFn: async ({ signal }) => {
      const data = await learningData<Classmate[]>(`/v1/courses/${courseId}/classmates`, {
        signal,
        query: {
          filter: { search: search.trim() === '' ? undefined : search.trim() },
          page: { size: 100 },
        },
      });
      return Array.isArray(data) ? data : [];
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** Puts a progress answer (with its enrolment) into the cached course, so the outline updates at once. */
function applyProgress(queryClient: QueryClient, courseId: string, progress: ObjectProgress) {
  queryClient.setQueryData<CourseOverview>(learningKeys.course(courseId), (overview) => {
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
function invalidateLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: learningKeys.enrollments });
  void queryClient.invalidateQueries({ queryKey: ['learning', 'catalog'] });
}

/** Enrols the signed-in account; a 402 shows the payment screen (query client), other errors a toast. */
export function useEnrol(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      learningData<Enrollment>(`/v1/courses/${courseId}/enrollments`, { method: 'POST', body: {} }),
    meta: { errorToast: false },
    onError: (error) => {
      if (isApiError(error) && error.status !== 402) emitApiError(error);
    },
    onSuccess: async () => {
      invalidateLists(queryClient);
      await queryClient.invalidateQueries({ queryKey: learningKeys.course(courseId) });
    },
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
      learningData<ObjectProgress>(`/v1/learning_objects/${learningObjectId}/progress`, {
        method: 'PUT',
        body,
      }),
    onSuccess: (progress) => {
      applyProgress(queryClient, courseId, progress);
      invalidateLists(queryClient);
    },
  });
}

/** Starts a new attempt, or resumes the one in progress. */
export function useStartQuizAttempt(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      learningData<QuizAttempt>(`/v1/learning_objects/${learningObjectId}/quiz_attempts`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: learningKeys.quizAttempts(learningObjectId) }),
  });
}

/** Saves answers as the student goes (merged by question on the server). */
export function useSaveQuizResponses() {
  return useMutation({
    mutationFn: ({ attemptId, responses }: { attemptId: string; responses: QuizResponse[] }) =>
      apiRequest(`/v1/quiz_attempts/${attemptId}`, { method: 'PATCH', body: { responses } }),
    meta: { errorToast: false },
  });
}

export function useSubmitQuizAttempt(learningObjectId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attemptId, responses }: { attemptId: string; responses: QuizResponse[] }) => {
      const { data, document } = await learningDocument<QuizAttempt>(`/v1/quiz_attempts/${attemptId}`, {
        method: 'PATCH',
        body: { responses, submit: true },
      });
      return { attempt: data, progress: Object.values(progressFrom(document))[0] };
    },
    onSuccess: async ({ progress }) => {
      if (progress) applyProgress(queryClient, courseId, progress);
      invalidateLists(queryClient);
      await queryClient.invalidateQueries({ queryKey: learningKeys.quizAttempts(learningObjectId) });
    },
  });
}

export interface AnswerInput {
  text?: string;
  fileId?: string | null;
  /** Group members besides the author (group assignments only; the author alone changes them). */
  memberIds?: string[];
}

/** The autosave: the caller shows its own saved / saving / not saved state, so no error toast. */
export function useSaveAnswer(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerInput) =>
      learningData<Answer>(`/v1/learning_objects/${learningObjectId}/answer`, { method: 'PUT', body }),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      queryClient.setQueryData<Answer | null>(learningKeys.answer(learningObjectId), (current) =>
        current ? { ...current, ...answer } : answer,
      );
    },
  });
}

export function useSubmitAnswer(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerInput) =>
      learningData<Answer>(`/v1/learning_objects/${learningObjectId}/answer/submit`, {
        method: 'POST',
        body,
      }),
    meta: { errorToast: false },
    onSuccess: (answer) => {
      queryClient.setQueryData<Answer | null>(learningKeys.answer(learningObjectId), answer);
      invalidateLists(queryClient);
    },
  });
}

export function useReportContentIssue(learningObjectId: string) {
  return useMutation({
    mutationFn: (body: { category: ContentIssueCategory | ''; description: string }) =>
      apiRequest(`/v1/learning_objects/${learningObjectId}/content_issues`, { method: 'POST', body }),
    meta: { errorToast: false },
  });
}
