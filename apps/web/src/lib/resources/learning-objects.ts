/**
 * Learning objects (pages, videos, files, quizzes, assignments): one with its content, and the
 * staff's writes, which refresh the course outline. Owner of the ['learning-objects', …] keys.
 */
import {
  type AssignmentAnswerType,
  LEARNING_OBJECT_INCLUDES,
  type LearningObjectType,
  learningObjectPath,
} from '@leerpad/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { useCourseRefresh } from './course-keys';
import { fetchData } from './document';
import type { StoredFile } from './files';

/** A learning object as the outline lists it; `kind` is page, video, file, quiz or assignment. */
export interface OutlineObject {
  id: string;
  type?: string;
  kind: LearningObjectType;
  title: string;
  position: number;
  required: boolean;
  estimatedMinutes?: number | null;
}

export interface QuizSettings {
  passMark: number;
  attemptsLimit: number | null;
  questionsPerAttempt: number | null;
  /** Minutes an attempt may run; null: no limit. */
  timeLimitMinutes?: number | null;
  questionCount?: number;
}

export interface AssignmentSettings {
  answerType: AssignmentAnswerType;
  groupSubmission: boolean;
}

/** A learning object with its content, as GET /learning_objects/{id} answers. */
export interface LearningObject extends OutlineObject {
  body?: string | null;
  videoUrl?: string | null;
  videoProvider?: 'youtube' | 'vimeo' | 'file' | null;
  embedUrl?: string | null;
  settings?: Partial<QuizSettings & AssignmentSettings> | null;
  file?: StoredFile | null;
  course?: { id: string } | null;
  meta?: { abilities?: { complete?: boolean; reportIssue?: boolean } };
}

export const learningObjectKeys = {
  all: ['learning-objects'] as const,
  one: (id: string) => ['learning-objects', id] as const,
};

export function learningObjectQuery(id: string) {
  return queryOptions({
    queryKey: learningObjectKeys.one(id),
    // The address the server answers in the course page (learningObjectAddress).
    queryFn: ({ signal }) =>
      fetchData<LearningObject>(learningObjectPath(id), {
        signal,
        query: { include: [...LEARNING_OBJECT_INCLUDES] },
      }),
  });
}

/** Written with the names it is read with: `kind`, and the `file` as a relationship. */
export interface LearningObjectInput {
  kind: LearningObjectType;
  title: string;
  required: boolean;
  estimatedMinutes: number | null;
  body?: string;
  videoUrl?: string | null;
  file?: { type: 'files'; id: string } | null;
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
      fetchData<LearningObject>(
        objectId ? `/v1/learning_objects/${objectId}` : `/v1/course_sections/${sectionId}/learning_objects`,
        { method: objectId ? 'PATCH' : 'POST', body: input, query: { include: ['file'] } },
      ),
    onSuccess: async (saved) => {
      queryClient.setQueryData(learningObjectKeys.one(saved.id), saved);
      await refresh();
    },
    meta: { errorToast: false },
  });
}

export function useDeleteLearningObject(courseId: string) {
  const refresh = useCourseRefresh(courseId);
  return useMutation({
    mutationFn: (objectId: string) => apiRequest(`/v1/learning_objects/${objectId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
