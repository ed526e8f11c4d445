import type { QuestionType, QuizQuestion } from '@leerpad/core';
import type { QuizQuestionRow } from '../../db/schema-learning';

export interface StoredOption {
  id: string;
  text: string;
  correct: boolean;
  feedback: string | null;
}

function parseArray(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function storedOptions(row: Pick<QuizQuestionRow, 'options'>): StoredOption[] {
  return parseArray(row.options).flatMap((value) => {
    if (!value || typeof value !== 'object') return [];
    const option = value as Record<string, unknown>;
    return [
      {
        id: String(option.id ?? ''),
        text: String(option.text ?? ''),
        correct: option.correct === true,
        feedback: typeof option.feedback === 'string' ? option.feedback : null,
      },
    ];
  });
}

export function storedAcceptedAnswers(row: Pick<QuizQuestionRow, 'accepted_answers'>): string[] {
  return parseArray(row.accepted_answers).filter((value): value is string => typeof value === 'string');
}

/** The scoring view of a stored question (see @leerpad/core scoreQuiz). */
export function toQuizQuestion(row: QuizQuestionRow): QuizQuestion {
  return {
    id: String(row.id),
    type: row.type as QuestionType,
    points: row.points,
    options: storedOptions(row),
    acceptedAnswers: storedAcceptedAnswers(row),
    feedback: row.feedback,
  };
}

/**
 * Option ids stay stable when a question is edited: an option sent with an id it already had keeps
 * it; new options get the next free number.
 */
export function assignOptionIds(
  options: Array<{
    id?: string | undefined;
    text: string;
    correct: boolean;
    feedback?: string | null | undefined;
  }>,
  previous: StoredOption[],
): StoredOption[] {
  const known = new Set(previous.map((option) => option.id));
  const used = new Set<string>();
  let next = Math.max(0, ...previous.map((option) => Number(option.id) || 0)) + 1;
  return options.map((option) => {
    let id = option.id && known.has(option.id) && !used.has(option.id) ? option.id : '';
    if (!id) {
      while (used.has(String(next)) || known.has(String(next))) next += 1;
      id = String(next);
      next += 1;
    }
    used.add(id);
    return { id, text: option.text, correct: option.correct, feedback: option.feedback ?? null };
  });
}
