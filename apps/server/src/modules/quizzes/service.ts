import {
  attemptsLeft,
  drawQuestions,
  FEATURES,
  orderingPresentation,
  questionProblems,
  scoreQuiz,
} from '@leerpad/core';
import { findInPortal } from '../../db/find-in-portal';
import type { DraftQuestion, QuestionType } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { nowIso, toFlag } from '../../db/dialect';
import { locks } from '../../db/locks';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type {
  EnrollmentRow,
  LearningObjectProgressRow,
  LearningObjectRow,
  QuizAttemptRow,
  QuizQuestionRow,
} from '../../db/schema-learning';
import { Conflict, Invalid } from '../../domain/errors';
import type { PortalContext } from '../../context/portal';
import { completeEnrollmentIfDone, recordProgress } from '../enrollments/service';
import { quizSettings } from '../course-content/learning-object-settings';
import { parseJsonArray } from './presenter';
import type { AttemptQuestion, StoredResponse, StoredResult } from './presenter';
import { assignOptionIds, storedOptions, toQuizQuestion } from './questions';
import { queueSelfStatement } from '../xapi/self-statements';
import type { StoredOption } from './questions';

export async function questionsOf(db: Executor, learningObjectId: number): Promise<QuizQuestionRow[]> {
  return db
    .selectFrom('quiz_questions')
    .selectAll()
    .where('learning_object_id', '=', learningObjectId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

export const findQuestion = (db: Executor, scope: PortalScope, id: number): Promise<QuizQuestionRow> =>
  findInPortal(db, 'quiz_questions', scope, id, 'question');

export interface QuestionInput {
  type: QuestionType;
  prompt: string;
  options: Array<{
    id?: string | undefined;
    text: string;
    correct: boolean;
    feedback?: string | null | undefined;
  }>;
  accepted_answers: string[];
  feedback: string | null;
  points: number;
}

/** The rules of @leerpad/core, as 422 errors pointing at the attribute. */
export function checkQuestion(input: QuestionInput, pointer: (attribute: string) => string): void {
  const draft: DraftQuestion = {
    type: input.type,
    prompt: input.prompt,
    options: input.options.map((option) => ({
      text: option.text,
      correct: option.correct,
      feedback: option.feedback ?? null,
    })),
    acceptedAnswers: input.accepted_answers,
    feedback: input.feedback,
    points: input.points,
  };
  const problems = questionProblems(draft);
  if (problems.length > 0) {
    throw new Invalid(
      problems.map((problem) => ({ pointer: pointer(problem.field), detail: problem.message })),
    );
  }
}

function questionColumns(input: QuestionInput, previous: StoredOption[]) {
  const isChoice = input.type !== 'open_answer';
  return {
    type: input.type,
    prompt: input.prompt,
    options: JSON.stringify(isChoice ? assignOptionIds(input.options, previous) : []),
    accepted_answers: JSON.stringify(isChoice ? [] : input.accepted_answers.map((answer) => answer.trim())),
    feedback: input.feedback,
    points: input.points,
  };
}

async function nextPosition(trx: Executor, learningObjectId: number): Promise<number> {
  const row = await trx
    .selectFrom('quiz_questions')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('learning_object_id', '=', learningObjectId)
    .executeTakeFirst();
  return Number(row?.position ?? 0) + 1;
}

export async function createQuestion(
  db: Kysely<Database>,
  quiz: InPortal<LearningObjectRow>,
  input: QuestionInput,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const { id } = await trx
      .insertInto('quiz_questions')
      .values({
        portal_id: quiz.portal_id,
        learning_object_id: quiz.id,
        position: await nextPosition(trx, quiz.id),
        created_at: now,
        updated_at: now,
        ...questionColumns(input, []),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

export async function updateQuestion(
  db: Kysely<Database>,
  row: QuizQuestionRow,
  input: QuestionInput,
  position: number | undefined,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('quiz_questions')
      .set({ ...questionColumns(input, storedOptions(row)), updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    if (position !== undefined) {
      const others = (await questionsOf(trx, row.learning_object_id)).filter(
        (question) => question.id !== row.id,
      );
      const index = Math.min(Math.max(position - 1, 0), others.length);
      const ordered = [...others.slice(0, index), row, ...others.slice(index)];
      for (const [at, question] of ordered.entries()) {
        if (question.position !== at + 1 || question.id === row.id) {
          await trx
            .updateTable('quiz_questions')
            .set({ position: at + 1 })
            .where('id', '=', question.id)
            .execute();
        }
      }
    }
  });
}

export async function deleteQuestion(db: Kysely<Database>, row: QuizQuestionRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('quiz_questions').where('id', '=', row.id).execute();
    const rest = await questionsOf(trx, row.learning_object_id);
    for (const [index, question] of rest.entries()) {
      if (question.position !== index + 1) {
        await trx
          .updateTable('quiz_questions')
          .set({ position: index + 1 })
          .where('id', '=', question.id)
          .execute();
      }
    }
  });
}

/** Imports parsed questions after the existing ones, all in one transaction. */
export async function importQuestions(
  db: Kysely<Database>,
  quiz: InPortal<LearningObjectRow>,
  questions: DraftQuestion[],
): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    let position = await nextPosition(trx, quiz.id);
    const now = nowIso();
    const ids: number[] = [];
    // Chunks keep each statement well under SQLite's and PostgreSQL's parameter limits.
    for (let start = 0; start < questions.length; start += 100) {
      const rows = await trx
        .insertInto('quiz_questions')
        .values(
          questions.slice(start, start + 100).map((question) => ({
            portal_id: quiz.portal_id,
            learning_object_id: quiz.id,
            position: position++,
            created_at: now,
            updated_at: now,
            ...questionColumns(
              {
                type: question.type,
                prompt: question.prompt,
                options: question.options,
                accepted_answers: question.acceptedAnswers,
                feedback: question.feedback,
                points: question.points,
              },
              [],
            ),
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  });
}

// ------------------------------------------------------------------------------------------ attempts

/** A question as the student sees it: no answers, and an ordering question's options mixed. */
export function attemptQuestion(row: QuizQuestionRow): AttemptQuestion {
  const options = storedOptions(row).map((option) => ({ id: option.id, text: option.text }));
  return {
    id: String(row.id),
    type: row.type,
    prompt: row.prompt,
    points: row.points,
    options: row.type === 'ordering' ? orderingPresentation(String(row.id), options) : options,
  };
}

/** The questions an attempt drew, in the drawn order (questions deleted since are skipped). */
export async function attemptQuestions(db: Executor, attempt: QuizAttemptRow): Promise<QuizQuestionRow[]> {
  const ids = parseJsonArray<number>(attempt.question_ids).filter((id) => Number.isInteger(id));
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('quiz_questions')
    .selectAll()
    .where('learning_object_id', '=', attempt.learning_object_id)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is QuizQuestionRow => row !== undefined);
}

export async function attemptsOf(db: Executor, enrollmentId: number, learningObjectId: number) {
  return db
    .selectFrom('quiz_attempts')
    .selectAll()
    .where('enrollment_id', '=', enrollmentId)
    .where('learning_object_id', '=', learningObjectId)
    .orderBy('id', 'desc')
    .execute();
}

/** attempts_limit, attempts_left, best_percent and passed for a student's attempts at a quiz. */
export function attemptsSummary(quiz: LearningObjectRow, attempts: QuizAttemptRow[]) {
  const settings = quizSettings(quiz.settings);
  const submitted = attempts.filter((attempt) => attempt.status === 'submitted');
  const best = submitted.reduce<number | null>(
    (max, attempt) => Math.max(max ?? 0, attempt.percent ?? 0),
    null,
  );
  return {
    attempts_limit: settings.attempts_limit,
    attempts_used: submitted.length,
    attempts_left: attemptsLeft(settings.attempts_limit, submitted.length),
    pass_mark: settings.pass_mark,
    best_percent: best,
    passed: submitted.some((attempt) => attempt.passed === 1),
  };
}

/**
 * Starts an attempt, or resumes the one still running (so a reload never loses answers). The
 * questions are drawn here, on the server: N at random when the quiz asks for it and the portal
 * has random quizzes, otherwise all of them in order.
 */
export async function startAttempt(
  db: Kysely<Database>,
  portal: PortalContext,
  quiz: LearningObjectRow,
  enrollment: InPortal<EnrollmentRow>,
  accountId: number,
): Promise<{ attempt: QuizAttemptRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await locks.quiz(trx, quiz.id, enrollment.id);
    const attempts = await attemptsOf(trx, enrollment.id, quiz.id);
    const running = attempts.find((attempt) => attempt.status === 'in_progress');
    if (running) return { attempt: running, created: false };
    if (attemptsSummary(quiz, attempts).attempts_left === 0) {
      throw new Conflict({
        code: 'ATTEMPTS_EXHAUSTED',
        title: 'No attempts left',
        detail: 'You have used every attempt at this quiz.',
      });
    }
    const pool = await questionsOf(trx, quiz.id);
    if (pool.length === 0) {
      throw new Conflict({
        code: 'QUIZ_EMPTY',
        title: 'Quiz not ready',
        detail: 'This quiz has no questions yet.',
      });
    }
    const settings = quizSettings(quiz.settings);
    const count = portal.features.has(FEATURES.randomQuizzes) ? settings.questions_per_attempt : null;
    const drawn = drawQuestions(pool, count, Math.random);
    const attempt = await trx
      .insertInto('quiz_attempts')
      .values({
        portal_id: quiz.portal_id,
        enrollment_id: enrollment.id,
        learning_object_id: quiz.id,
        account_id: accountId,
        status: 'in_progress',
        question_ids: JSON.stringify(drawn.map((question) => question.id)),
        responses: '[]',
        results: null,
        score: null,
        max_score: null,
        percent: null,
        passed: null,
        started_at: nowIso(),
        submitted_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProgress(trx, enrollment, quiz.id, {});
    return { attempt, created: true };
  });
}

export interface ResponseInput {
  question_id: number;
  option_ids?: string[] | undefined;
  text?: string | null | undefined;
}

/** Checks answers against the attempt's questions; 422 pointing at each bad one. */
export function checkResponses(
  questions: QuizQuestionRow[],
  responses: ResponseInput[],
  pointer: (attribute: string) => string,
): StoredResponse[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const problems: Array<{ pointer: string; detail: string; code?: string }> = [];
  const stored: StoredResponse[] = [];
  responses.forEach((response, index) => {
    const question = byId.get(response.question_id);
    if (!question) {
      problems.push({
        pointer: pointer(`responses/${index}/question_id`),
        detail: 'This question is not in the attempt.',
      });
      return;
    }
    const optionIds = [...new Set(response.option_ids ?? [])];
    if (question.type === 'open_answer') {
      if (optionIds.length > 0)
        problems.push({
          pointer: pointer(`responses/${index}/option_ids`),
          detail: 'Answer this question in text.',
        });
    } else {
      const known = new Set(storedOptions(question).map((option) => option.id));
      const unknown = optionIds.findIndex((id) => !known.has(id));
      if (unknown !== -1)
        problems.push({
          pointer: pointer(`responses/${index}/option_ids/${unknown}`),
          detail: 'No such option.',
        });
      else if (question.type === 'single_choice' && optionIds.length > 1)
        problems.push({
          pointer: pointer(`responses/${index}/option_ids`),
          code: 'CHOOSE_ONE_OPTION',
          detail: 'Choose one option.',
        });
    }
    stored.push({
      question_id: String(question.id),
      option_ids: question.type === 'open_answer' ? [] : optionIds,
      text: question.type === 'open_answer' ? (response.text ?? null) : null,
    });
  });
  if (problems.length > 0) throw new Invalid(problems);
  return stored;
}

/**
 * Saves answers and, when asked, submits: scores against the drawn questions, stores the results
 * with a snapshot of each question, records the best score on the object (completed on a pass) and
 * completes the course when that was the last required object — all in one transaction.
 */
export async function saveAttempt(
  db: Kysely<Database>,
  portal: PortalContext,
  attempt: QuizAttemptRow,
  quiz: LearningObjectRow,
  enrollment: InPortal<EnrollmentRow>,
  responses: StoredResponse[] | undefined,
  submit: boolean,
): Promise<{
  attempt: QuizAttemptRow;
  progress: LearningObjectProgressRow | null;
  enrollment: EnrollmentRow;
}> {
  return db.transaction().execute(async (trx) => {
    await locks.quiz(trx, quiz.id, enrollment.id);
    const current = await trx
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    if (current.status !== 'in_progress') {
      throw new Conflict({
        code: 'ATTEMPT_SUBMITTED',
        title: 'Already submitted',
        detail: 'This attempt was already submitted.',
      });
    }
    const merged = new Map(parseJsonArray<StoredResponse>(current.responses).map((r) => [r.question_id, r]));
    for (const response of responses ?? []) merged.set(response.question_id, response);
    const allResponses = [...merged.values()];
    if (!submit) {
      await trx
        .updateTable('quiz_attempts')
        .set({ responses: JSON.stringify(allResponses) })
        .where('id', '=', attempt.id)
        .execute();
      const saved = await trx
        .selectFrom('quiz_attempts')
        .selectAll()
        .where('id', '=', attempt.id)
        .executeTakeFirstOrThrow();
      return { attempt: saved, progress: null, enrollment };
    }
    const questions = await attemptQuestions(trx, current);
    const score = scoreQuiz(
      questions.map(toQuizQuestion),
      allResponses.map((response) => ({
        questionId: response.question_id,
        optionIds: response.option_ids,
        text: response.text,
      })),
      quizSettings(quiz.settings).pass_mark,
    );
    const byQuestion = new Map(questions.map((question) => [String(question.id), question]));
    const results: StoredResult[] = score.results.map((result) => ({
      question: attemptQuestion(byQuestion.get(result.questionId) as QuizQuestionRow),
      question_id: result.questionId,
      correct: result.correct,
      points_awarded: result.pointsAwarded,
      points: result.points,
      correct_option_ids: result.correctOptionIds,
      accepted_answers: result.acceptedAnswers,
      feedback: result.feedback,
    }));
    await trx
      .updateTable('quiz_attempts')
      .set({
        status: 'submitted',
        responses: JSON.stringify(allResponses),
        results: JSON.stringify(results),
        score: score.score,
        max_score: score.maxScore,
        percent: score.percent,
        passed: toFlag(score.passed),
        submitted_at: nowIso(),
      })
      .where('id', '=', attempt.id)
      .execute();
    await queueSelfStatement(trx, portal.id, {
      verb: score.passed ? 'passed' : 'failed',
      accountId: enrollment.account_id,
      object: { kind: 'learning_object', id: quiz.id },
      result: {
        score: {
          scaled: Math.max(-1, Math.min(1, score.percent / 100)),
          raw: score.score,
          min: Math.min(0, score.score),
          max: Math.max(score.maxScore, score.score),
        },
        success: score.passed,
        completion: true,
      },
    });
    const progress = await recordProgress(trx, enrollment, quiz.id, {
      status: score.passed ? 'completed' : undefined,
      score: score.percent,
      countAttempt: true,
    });
    const updatedEnrollment = await completeEnrollmentIfDone(trx, portal, enrollment.id);
    const saved = await trx
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    return { attempt: saved, progress, enrollment: updatedEnrollment };
  });
}
