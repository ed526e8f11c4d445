import {
  ASSIGNMENT_ANSWER_TYPES,
  QUIZ_DEFAULT_PASS_MARK,
  QUIZ_MAX_ATTEMPTS_LIMIT,
  QUIZ_MAX_TIME_LIMIT_MINUTES,
} from '@leerpad/core';
import type { AssignmentAnswerType } from '@leerpad/core';
import { z } from 'zod';

export interface QuizSettings {
  pass_mark: number;
  attempts_limit: number | null;
  /** Questions drawn at random per attempt (random-quizzes feature); null asks every question. */
  questions_per_attempt: number | null;
  /** Minutes an attempt may run, by the server clock; null: no limit. */
  time_limit_minutes: number | null;
}

export interface AssignmentSettings {
  answer_type: AssignmentAnswerType;
  /** Classmates may hand in one answer together (group_assignments feature). */
  group_submission: boolean;
}

/** What authors may send in `settings`; keys that do not apply to the object's type are ignored. */
export const settingsInput = z.object({
  pass_mark: z.number().int().min(0).max(100).optional(),
  attempts_limit: z.number().int().min(1).max(QUIZ_MAX_ATTEMPTS_LIMIT).nullable().optional(),
  questions_per_attempt: z.number().int().min(1).max(1000).nullable().optional(),
  time_limit_minutes: z.number().int().min(1).max(QUIZ_MAX_TIME_LIMIT_MINUTES).nullable().optional(),
  answer_type: z.enum(ASSIGNMENT_ANSWER_TYPES).optional(),
  group_submission: z.boolean().optional(),
});
export type SettingsInput = z.output<typeof settingsInput>;

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const numberOr = <T>(value: unknown, fallback: T) => (typeof value === 'number' ? value : fallback);

export function quizSettings(text: string): QuizSettings {
  const stored = parseJson(text);
  return {
    pass_mark: numberOr(stored.pass_mark, QUIZ_DEFAULT_PASS_MARK),
    attempts_limit: numberOr(stored.attempts_limit, null),
    questions_per_attempt: numberOr(stored.questions_per_attempt, null),
    time_limit_minutes: numberOr(stored.time_limit_minutes, null),
  };
}

export function assignmentSettings(text: string): AssignmentSettings {
  const stored = parseJson(text);
  const answerType = (ASSIGNMENT_ANSWER_TYPES as readonly unknown[]).includes(stored.answer_type)
    ? (stored.answer_type as AssignmentAnswerType)
    : 'text';
  return { answer_type: answerType, group_submission: stored.group_submission === true };
}

/** The stored settings of an object after applying `input` (only the keys of its type). */
export function mergeSettings(type: string, stored: string, input: SettingsInput | undefined): string {
  if (type === 'quiz') {
    const current = quizSettings(stored);
    return JSON.stringify({
      pass_mark: input?.pass_mark ?? current.pass_mark,
      attempts_limit: input?.attempts_limit === undefined ? current.attempts_limit : input.attempts_limit,
      questions_per_attempt:
        input?.questions_per_attempt === undefined
          ? current.questions_per_attempt
          : input.questions_per_attempt,
      time_limit_minutes:
        input?.time_limit_minutes === undefined ? current.time_limit_minutes : input.time_limit_minutes,
    } satisfies QuizSettings);
  }
  if (type === 'assignment') {
    const current = assignmentSettings(stored);
    return JSON.stringify({
      answer_type: input?.answer_type ?? current.answer_type,
      group_submission: input?.group_submission ?? current.group_submission,
    } satisfies AssignmentSettings);
  }
  return '{}';
}

/** Settings as presented: the type's own keys with their defaults. */
export function presentSettings(type: string, stored: string): Record<string, unknown> {
  if (type === 'quiz') return { ...quizSettings(stored) };
  if (type === 'assignment') return { ...assignmentSettings(stored) };
  return {};
}
