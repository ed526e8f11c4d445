/**
 * Quiz questions and quiz imports (staff). Owner of the ['quiz-questions', …] keys; a change also
 * refreshes the quiz (its question count).
 */
import type { QuestionType, QuizImportFormat } from '@leerpad/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { fetchDocument, fetchList } from './document';
import { learningObjectKeys } from './learning-objects';

export interface QuestionOption {
  id?: string;
  text: string;
  correct: boolean;
  feedback?: string | null;
}

/** A question; `kind` is single_choice, multiple_choice or open_answer. */
export interface QuizQuestion {
  id: string;
  type?: string;
  kind: QuestionType;
  prompt: string;
  options: QuestionOption[];
  acceptedAnswers: string[];
  feedback?: string | null;
  points: number;
  position: number;
}

export interface QuestionInput {
  kind: QuestionType;
  prompt: string;
  options: QuestionOption[];
  acceptedAnswers: string[];
  feedback: string;
  points: number;
}

export interface QuizImportResult {
  valid?: number;
  imported: number;
  totalQuestions?: number;
  /** QTI items of a kind a quiz cannot ask, each with its reason. */
  skipped: Array<{ item: string; file: string; reason: string }>;
}

export const quizQuestionKeys = {
  all: ['quiz-questions'] as const,
  ofQuiz: (learningObjectId: string) => ['quiz-questions', learningObjectId] as const,
};

export function questionsQuery(learningObjectId: string) {
  return queryOptions({
    queryKey: quizQuestionKeys.ofQuiz(learningObjectId),
    queryFn: ({ signal }) =>
      fetchList<QuizQuestion>(`/v1/learning_objects/${learningObjectId}/quiz_questions`, { signal }),
  });
}

/** After a question change: the questions and the quiz (its question count). */
function useQuestionRefresh(learningObjectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quizQuestionKeys.ofQuiz(learningObjectId) }),
      queryClient.invalidateQueries({ queryKey: learningObjectKeys.one(learningObjectId) }),
    ]);
}

export function useSaveQuestion(learningObjectId: string) {
  const refresh = useQuestionRefresh(learningObjectId);
  return useMutation({
    mutationFn: ({ questionId, input }: { questionId: string | null; input: QuestionInput }) =>
      questionId
        ? apiRequest(`/v1/quiz_questions/${questionId}`, { method: 'PATCH', body: input })
        : apiRequest(`/v1/learning_objects/${learningObjectId}/quiz_questions`, {
            method: 'POST',
            body: input,
          }),
    onSuccess: refresh,
    meta: { errorToast: false },
  });
}

export function useDeleteQuestion(learningObjectId: string) {
  const refresh = useQuestionRefresh(learningObjectId);
  return useMutation({
    mutationFn: (questionId: string) => apiRequest(`/v1/quiz_questions/${questionId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useImportQuestions(learningObjectId: string) {
  const refresh = useQuestionRefresh(learningObjectId);
  return useMutation({
    mutationFn: async (input: {
      format: QuizImportFormat;
      text?: string;
      /** A QTI package (zip), base64. */
      package?: string;
      dryRun: boolean;
    }) => {
      const { meta } = await fetchDocument<unknown>(`/v1/learning_objects/${learningObjectId}/quiz_imports`, {
        method: 'POST',
        body: input,
      });
      return {
        valid: typeof meta.valid === 'number' ? meta.valid : undefined,
        imported: Number(meta.imported ?? 0),
        totalQuestions: typeof meta.totalQuestions === 'number' ? meta.totalQuestions : undefined,
        skipped: Array.isArray(meta.skipped) ? (meta.skipped as QuizImportResult['skipped']) : [],
      } satisfies QuizImportResult;
    },
    onSuccess: async (result) => {
      if (result.imported > 0) await refresh();
    },
    meta: { errorToast: false },
  });
}
