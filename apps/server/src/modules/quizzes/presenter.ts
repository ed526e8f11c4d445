import { fromFlag } from '../../db/dialect';
import type { QuizAttemptRow, QuizQuestionRow } from '../../db/schema-learning';
import { identifier } from '../../http/jsonapi';
import type { QuizAttemptAnswerResource, QuizAttemptResource, QuizQuestionResource } from './schema';
import { storedAcceptedAnswers, storedOptions } from './questions';

/** A question with its answers: for course managers only. */
export function presentQuizQuestion(row: QuizQuestionRow): QuizQuestionResource {
  return {
    type: 'quiz_questions',
    id: String(row.id),
    attributes: {
      kind: row.type as QuizQuestionResource['attributes']['kind'],
      prompt: row.prompt,
      options: storedOptions(row),
      accepted_answers: storedAcceptedAnswers(row),
      feedback: row.feedback,
      points: row.points,
      position: row.position,
      updated_at: row.updated_at,
    },
    relationships: { learning_object: { data: identifier('learning_objects', row.learning_object_id) } },
  };
}

/** A question as a student sees it during an attempt: no right answers, no feedback. */
export interface AttemptQuestion {
  id: string;
  type: string;
  prompt: string;
  points: number;
  options: Array<{ id: string; text: string }>;
}

export interface StoredResponse {
  question_id: string;
  option_ids: string[];
  text: string | null;
}

export interface StoredResult {
  question: AttemptQuestion;
  question_id: string;
  correct: boolean;
  points_awarded: number;
  points: number;
  correct_option_ids: string[];
  accepted_answers: string[];
  feedback: string[];
}

export function parseJsonArray<T>(text: string | null): T[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/**
 * An attempt. While it runs it shows the drawn questions without answers; once submitted it shows
 * the score and, per question, whether it was right, the right answer and the feedback.
 */
export function presentQuizAttempt(
  row: QuizAttemptRow,
  questions: AttemptQuestion[],
  responses: StoredResponse[],
  meta: QuizAttemptResource['meta'] = {},
): QuizAttemptResource {
  const submitted = row.status === 'submitted';
  const results = submitted ? parseJsonArray<StoredResult>(row.results) : [];
  return {
    type: 'quiz_attempts',
    id: String(row.id),
    attributes: {
      status: row.status as QuizAttemptResource['attributes']['status'],
      questions: submitted ? results.map((result) => result.question) : questions,
      responses,
      results: submitted ? results.map(({ question: _question, ...result }) => result) : null,
      score: row.score,
      max_score: row.max_score,
      percent: row.percent,
      passed: row.passed === null ? null : fromFlag(row.passed),
      started_at: row.started_at,
      submitted_at: row.submitted_at,
      deadline_at: row.deadline_at,
    },
    relationships: {
      learning_object: { data: identifier('learning_objects', row.learning_object_id) },
      enrollment: { data: identifier('enrollments', row.enrollment_id) },
    },
    meta,
  };
}

/** One saved answer of a running attempt. */
export function presentAttemptAnswer(
  attemptId: number,
  response: StoredResponse,
  savedAt: string,
): QuizAttemptAnswerResource {
  return {
    type: 'quiz_attempt_answers',
    id: `${attemptId}-${response.question_id}`,
    attributes: {
      question_id: response.question_id,
      option_ids: response.option_ids,
      text: response.text,
      saved_at: savedAt,
    },
    relationships: { quiz_attempt: { data: identifier('quiz_attempts', attemptId) } },
  };
}
