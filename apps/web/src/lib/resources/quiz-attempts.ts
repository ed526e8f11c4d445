/**
 * Quiz attempts: the signed-in student's attempts at one quiz with a summary, starting, saving and
 * submitting one. Owner of the ['quiz-attempts', …] keys; a submission updates the course progress.
 */
import { NO_RESPONSE_STATUS, type QuestionType } from '@leerpad/core';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../api/client';
import { fetchData, fetchDocument } from './document';
import { progressFrom } from './courses';
import { invalidateProgressLists } from './enrollments';
import { applyProgress } from './progress';

export interface AttemptQuestion {
  id: string;
  type: QuestionType;
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
  /** When the time limit runs out, by the server's clock; null: no limit. */
  deadlineAt?: string | null;
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

export const quizAttemptKeys = {
  all: ['quiz-attempts'] as const,
  ofQuiz: (learningObjectId: string) => ['quiz-attempts', learningObjectId] as const,
};

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

export function quizAttemptsQuery(learningObjectId: string) {
  return queryOptions({
    queryKey: quizAttemptKeys.ofQuiz(learningObjectId),
    queryFn: async ({ signal }): Promise<QuizAttempts> => {
      const { data, meta } = await fetchDocument<QuizAttempt[]>(
        `/v1/learning_objects/${learningObjectId}/quiz_attempts`,
        { signal },
      );
      return { attempts: Array.isArray(data) ? data : [], summary: summaryFrom(meta) };
    },
  });
}

/** Starts a new attempt, or resumes the one in progress. */
export function useStartQuizAttempt(learningObjectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      fetchData<QuizAttempt>(`/v1/learning_objects/${learningObjectId}/quiz_attempts`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quizAttemptKeys.ofQuiz(learningObjectId) }),
  });
}

/**
 * Saves answers as the student goes: one small PUT per question, which the server keeps as the
 * question's answer (sending it again changes nothing).
 */
export function useSaveQuizResponses() {
  return useMutation({
    mutationFn: ({ attemptId, responses }: { attemptId: string; responses: QuizResponse[] }) =>
      Promise.all(
        responses.map((response) =>
          apiRequest(`/v1/quiz_attempts/${attemptId}/answers/${response.questionId}`, {
            method: 'PUT',
            body: { optionIds: response.optionIds ?? [], text: response.text ?? null },
          }),
        ),
      ),
    // A lost connection or a busy server (5xx, 429) is tried again with growing pauses; a refusal is not.
    retry: (failures, error) =>
      failures < 3 &&
      (!isApiError(error) ||
        error.status >= 500 ||
        error.status === 429 ||
        error.status === NO_RESPONSE_STATUS),
    retryDelay: (failures) => Math.min(8000, 1000 * 2 ** failures) * (0.5 + Math.random() / 2),
    meta: { errorToast: false },
  });
}

export function useSubmitQuizAttempt(learningObjectId: string, courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ attemptId, responses }: { attemptId: string; responses: QuizResponse[] }) => {
      const { data, document } = await fetchDocument<QuizAttempt>(`/v1/quiz_attempts/${attemptId}`, {
        method: 'PATCH',
        body: { responses, submit: true },
      });
      return { attempt: data, progress: Object.values(progressFrom(document))[0] };
    },
    onSuccess: async ({ progress }) => {
      if (progress) applyProgress(queryClient, courseId, progress);
      invalidateProgressLists(queryClient);
      await queryClient.invalidateQueries({ queryKey: quizAttemptKeys.ofQuiz(learningObjectId) });
    },
  });
}
