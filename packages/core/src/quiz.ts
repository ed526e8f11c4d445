/** Quiz scoring and question drawing. Pure: the server stores, these functions decide. */
import type { QuestionType } from './learning';

export interface QuizOption {
  id: string;
  text: string;
  correct: boolean;
  feedback?: string | null;
}

export interface QuizQuestion {
  id: string;
  type: QuestionType;
  points: number;
  options: readonly QuizOption[];
  acceptedAnswers: readonly string[];
  feedback?: string | null;
}

export interface QuizResponse {
  questionId: string;
  optionIds?: readonly string[] | null;
  text?: string | null;
}

export interface QuestionResult {
  questionId: string;
  correct: boolean;
  pointsAwarded: number;
  points: number;
  correctOptionIds: string[];
  acceptedAnswers: string[];
  /** General feedback of the question, then the feedback of each chosen option. */
  feedback: string[];
}

export interface QuizScore {
  score: number;
  maxScore: number;
  /** Whole percent, rounded down. */
  percent: number;
  passed: boolean;
  results: QuestionResult[];
}

/** Open answers match ignoring case, surrounding spaces, repeated spaces and a final full stop. */
export function normaliseOpenAnswer(text: string): string {
  return text
    .normalize('NFC')
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '')
    .toLocaleLowerCase();
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const value of a) if (!b.has(value)) return false;
  return true;
}

/**
 * Scores one question. Single choice: the one correct option. Multiple choice: exactly the set of
 * correct options (all or nothing, so guessing every box never pays). Open answer: any accepted answer.
 * Ordering: every option, in the order the question stores them.
 */
export function scoreQuestion(question: QuizQuestion, response: QuizResponse | undefined): QuestionResult {
  const correctOptionIds =
    question.type === 'ordering'
      ? question.options.map((option) => option.id)
      : question.options.filter((option) => option.correct).map((option) => option.id);
  const chosen = new Set(response?.optionIds ?? []);
  let correct = false;
  if (question.type === 'ordering') {
    const given = response?.optionIds ?? [];
    correct =
      given.length === correctOptionIds.length && given.every((id, index) => id === correctOptionIds[index]);
  } else if (question.type === 'open_answer') {
    const given = normaliseOpenAnswer(response?.text ?? '');
    correct =
      given !== '' && question.acceptedAnswers.some((answer) => normaliseOpenAnswer(answer) === given);
  } else if (question.type === 'single_choice') {
    correct = chosen.size === 1 && correctOptionIds.includes([...chosen][0] ?? '');
  } else {
    correct = correctOptionIds.length > 0 && sameSet(chosen, new Set(correctOptionIds));
  }
  const feedback = [
    ...(question.feedback ? [question.feedback] : []),
    ...question.options
      .filter((option) => chosen.has(option.id) && option.feedback)
      .map((option) => option.feedback as string),
  ];
  return {
    questionId: question.id,
    correct,
    pointsAwarded: correct ? question.points : 0,
    points: question.points,
    correctOptionIds,
    acceptedAnswers: question.type === 'open_answer' ? [...question.acceptedAnswers] : [],
    feedback,
  };
}

/** Scores an attempt against the questions it drew; a pass needs `percent >= passMark`. */
export function scoreQuiz(
  questions: readonly QuizQuestion[],
  responses: readonly QuizResponse[],
  passMark: number,
): QuizScore {
  const byQuestion = new Map(responses.map((response) => [response.questionId, response]));
  const results = questions.map((question) => scoreQuestion(question, byQuestion.get(question.id)));
  const score = results.reduce((sum, result) => sum + result.pointsAwarded, 0);
  const maxScore = results.reduce((sum, result) => sum + result.points, 0);
  const percent = maxScore > 0 ? Math.floor((score * 100) / maxScore) : 0;
  return { score, maxScore, percent, passed: maxScore > 0 && percent >= passMark, results };
}

/**
 * The questions of one attempt: all of them in order, or — when `count` is set and smaller than the
 * pool — `count` drawn at random (partial Fisher–Yates), kept in pool order so the quiz reads as written.
 * `random` returns [0, 1), like Math.random.
 */
export function drawQuestions<T>(
  pool: readonly T[],
  count: number | null | undefined,
  random: () => number,
): T[] {
  if (!count || count >= pool.length) return [...pool];
  const indexes = pool.map((_, index) => index);
  for (let i = 0; i < count; i += 1) {
    const j = i + Math.floor(random() * (indexes.length - i));
    [indexes[i], indexes[j]] = [indexes[j] as number, indexes[i] as number];
  }
  return indexes
    .slice(0, Math.max(0, count))
    .sort((a, b) => a - b)
    .map((index) => pool[index] as T);
}

/** A small stable hash of a text (FNV-1a), for orders that must look random but never change. */
function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The order an ordering question shows its options in: mixed by a hash of the question and each
 * option (the same on every page load), and never the right order itself.
 */
export function orderingPresentation<T extends { id: string }>(
  questionId: string,
  options: readonly T[],
): T[] {
  const mixed = [...options].sort(
    (a, b) => stableHash(`${questionId}:${a.id}`) - stableHash(`${questionId}:${b.id}`),
  );
  const unchanged = mixed.every((option, index) => option.id === options[index]?.id);
  return unchanged && mixed.length > 1 ? [...mixed.slice(1), mixed[0] as T] : mixed;
}

/** Whether another attempt may start: `limit` null means unlimited. */
export function attemptsLeft(limit: number | null | undefined, submittedAttempts: number): number | null {
  if (!limit) return null;
  return Math.max(0, limit - submittedAttempts);
}
