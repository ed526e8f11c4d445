import {
  attemptsLeft,
  drawQuestions,
  FEATURES,
  orderingPresentation,
  QUIZ_DEADLINE_GRACE_SECONDS,
  questionProblems,
  scoreQuiz,
} from '@leerpad/core';
import { findInPortal } from '../../db/find-in-portal';
import type { DraftQuestion, QuestionType } from '@leerpad/core';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { dialectOf, nowIso, toFlag } from '../../db/dialect';
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
/**
 * The attempt started or resumed, with what its answer is made of as far as starting read it: the
 * student's attempts at the quiz (newest first) and, for a new attempt, its questions and (none yet)
 * answers.
 */
export interface StartedAttempt {
  attempt: QuizAttemptRow;
  created: boolean;
  attempts: QuizAttemptRow[];
  questions?: QuizQuestionRow[];
  responses?: StoredResponse[];
}

export async function startAttempt(
  db: Kysely<Database>,
  portal: PortalContext,
  quiz: LearningObjectRow,
  enrollment: InPortal<EnrollmentRow>,
  accountId: number,
): Promise<StartedAttempt> {
  return db.transaction().execute(async (trx) => {
    await locks.quiz(trx, quiz.id, enrollment.id);
    const attempts = await attemptsOf(trx, enrollment.id, quiz.id);
    let running = attempts.find((attempt) => attempt.status === 'in_progress');
    if (running && isOverdue(running)) {
      // Its time ran out unseen: it is handed in now, and a new attempt may start.
      const submitted = await submitWithin(trx, portal, running.id, quiz, enrollment);
      if (submitted) attempts.splice(attempts.indexOf(running), 1, submitted.attempt);
      running = undefined;
    }
    if (running) return { attempt: running, created: false, attempts };
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
    const startedAt = Date.now();
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
        started_at: new Date(startedAt).toISOString(),
        submitted_at: null,
        deadline_at:
          settings.time_limit_minutes === null
            ? null
            : new Date(startedAt + settings.time_limit_minutes * 60_000).toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordProgress(trx, enrollment, quiz.id, {});
    return { attempt, created: true, attempts: [attempt, ...attempts], questions: drawn, responses: [] };
  });
}

export interface ResponseInput {
  question_id: number;
  option_ids?: string[] | undefined;
  text?: string | null | undefined;
}

/** Checks answers against the attempt's questions; 422 pointing at each bad one. */
export function checkResponses(
  questions: Array<Pick<QuizQuestionRow, 'id' | 'type' | 'options'>>,
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

/** An attempt's answers so far: from its rows while it runs, from its snapshot once submitted. */
export async function attemptResponses(db: Executor, attempt: QuizAttemptRow): Promise<StoredResponse[]> {
  if (attempt.status !== 'in_progress') return parseJsonArray<StoredResponse>(attempt.responses);
  const rows = await db
    .selectFrom('quiz_attempt_answers')
    .select(['question_id', 'option_ids', 'text'])
    .where('attempt_id', '=', attempt.id)
    .execute();
  const order = new Map(
    parseJsonArray<number>(attempt.question_ids).map((id, index) => [String(id), index] as const),
  );
  return rows
    .map((row) => ({
      question_id: String(row.question_id),
      option_ids: parseJsonArray<string>(row.option_ids),
      text: row.text,
    }))
    .sort((a, b) => (order.get(a.question_id) ?? 0) - (order.get(b.question_id) ?? 0));
}

/** The last moment a save or submission still counts: the deadline plus a grace for the network. */
export function attemptCutoff(attempt: Pick<QuizAttemptRow, 'deadline_at'>): number | null {
  return attempt.deadline_at === null
    ? null
    : Date.parse(attempt.deadline_at) + QUIZ_DEADLINE_GRACE_SECONDS * 1000;
}

export const isOverdue = (attempt: Pick<QuizAttemptRow, 'status' | 'deadline_at'>, now = Date.now()) => {
  const cutoff = attemptCutoff(attempt);
  return attempt.status === 'in_progress' && cutoff !== null && now > cutoff;
};

const timeUp = () =>
  new Conflict({
    code: 'ATTEMPT_TIME_UP',
    title: 'Time is up',
    detail: "This attempt's time limit has passed; it was handed in with the answers saved in time.",
  });

const alreadySubmitted = () =>
  new Conflict({
    code: 'ATTEMPT_SUBMITTED',
    title: 'Already submitted',
    detail: 'This attempt was already submitted.',
  });

/**
 * The attempt and one of its questions, read together for an answer save: the attempt's owner,
 * status and deadline, and what the question accepts. Undefined when the attempt is not in the portal.
 */
export async function attemptForAnswer(
  db: Executor,
  scope: PortalScope,
  attemptId: number,
  questionId: number,
) {
  return db
    .selectFrom('quiz_attempts')
    .leftJoin('quiz_questions', (join) =>
      join
        .on('quiz_questions.id', '=', questionId)
        .onRef('quiz_questions.learning_object_id', '=', 'quiz_attempts.learning_object_id'),
    )
    .select([
      'quiz_attempts.id',
      'quiz_attempts.account_id',
      'quiz_attempts.status',
      'quiz_attempts.question_ids',
      'quiz_attempts.deadline_at',
      'quiz_questions.id as question_id',
      'quiz_questions.type as question_type',
      'quiz_questions.options as question_options',
    ])
    .where('quiz_attempts.id', '=', attemptId)
    .where('quiz_attempts.portal_id', '=', scope)
    .executeTakeFirst();
}

/**
 * Saves one answer: one statement that upserts the (attempt, question) row only while the attempt
 * runs and its time has not passed. On PostgreSQL it shares a lock on the attempt row, so it either
 * lands before a submission reads the answers or finds the attempt submitted; never in between.
 * Saving the same answer twice leaves one row with that value. Refused (409) once submitted or late.
 */
export async function saveAnswer(
  db: Kysely<Database>,
  attempt: { id: number },
  response: StoredResponse,
  now = Date.now(),
): Promise<{ updated_at: string }> {
  const updatedAt = new Date(now).toISOString();
  // The deadline a row may still have: anything at or after now minus the grace.
  const latestDeadline = new Date(now - QUIZ_DEADLINE_GRACE_SECONDS * 1000).toISOString();
  const postgres = dialectOf(db) === 'postgres';
  const time = postgres ? sql`timestamptz` : sql`text`;
  const written = await sql<{ attempt_id: number }>`
    insert into quiz_attempt_answers (portal_id, attempt_id, question_id, option_ids, text, updated_at)
    select portal_id, id, cast(${Number(response.question_id)} as integer), cast(${JSON.stringify(response.option_ids)} as text),
      cast(${response.text} as text), cast(${updatedAt} as ${time})
    from quiz_attempts
    where id = ${attempt.id} and status = 'in_progress'
      and (deadline_at is null or deadline_at >= cast(${latestDeadline} as ${time}))
    ${postgres ? sql`for share` : sql``}
    on conflict (attempt_id, question_id) do update
      set option_ids = excluded.option_ids, text = excluded.text, updated_at = excluded.updated_at
    returning attempt_id`.execute(db);
  if (written.rows.length > 0) return { updated_at: updatedAt };
  const current = await db
    .selectFrom('quiz_attempts')
    .select(['status', 'deadline_at'])
    .where('id', '=', attempt.id)
    .executeTakeFirst();
  if (current && current.status === 'in_progress' && isOverdue(current, now)) throw timeUp();
  throw alreadySubmitted();
}

/**
 * Hands an attempt in: scores its saved answers against the drawn questions, stores the results
 * with a snapshot of each question and of the answers, records the best score on the object
 * (completed on a pass) and completes the course when that was the last required object. Inside
 * the caller's transaction, which holds the quiz lock; the status guard makes it happen once.
 */
async function submitWithin(
  trx: Executor,
  portal: PortalContext,
  attemptId: number,
  quiz: LearningObjectRow,
  enrollment: InPortal<EnrollmentRow>,
): Promise<{
  attempt: QuizAttemptRow;
  progress: LearningObjectProgressRow;
  enrollment: EnrollmentRow;
} | null> {
  // Taking the row first (status flips now) makes a save that runs meanwhile wait and then refuse,
  // and every save acknowledged before it is read below.
  const claimed = await trx
    .updateTable('quiz_attempts')
    .set({ status: 'submitted', submitted_at: nowIso() })
    .where('id', '=', attemptId)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return null;
  const allResponses = await attemptResponses(trx, { ...claimed, status: 'in_progress' });
  const questions = await attemptQuestions(trx, claimed);
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
  const attempt = await trx
    .updateTable('quiz_attempts')
    .set({
      responses: JSON.stringify(allResponses),
      results: JSON.stringify(results),
      score: score.score,
      max_score: score.maxScore,
      percent: score.percent,
      passed: toFlag(score.passed),
    })
    .where('id', '=', attemptId)
    .returningAll()
    .executeTakeFirstOrThrow();
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
  return { attempt, progress, enrollment: updatedEnrollment };
}

async function upsertAnswers(trx: Executor, attempt: QuizAttemptRow, responses: StoredResponse[]) {
  const now = nowIso();
  for (const response of responses) {
    await trx
      .insertInto('quiz_attempt_answers')
      .values({
        portal_id: attempt.portal_id,
        attempt_id: attempt.id,
        question_id: Number(response.question_id),
        option_ids: JSON.stringify(response.option_ids),
        text: response.text,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['attempt_id', 'question_id']).doUpdateSet((eb) => ({
          option_ids: eb.ref('excluded.option_ids'),
          text: eb.ref('excluded.text'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/**
 * Saves several answers at once and, when asked, submits — in one transaction. Past the deadline
 * nothing new is saved: the attempt is handed in with what was saved in time, and the caller hears
 * 409 ATTEMPT_TIME_UP.
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
  const overdue = await db.transaction().execute(async (trx) => {
    await locks.quiz(trx, quiz.id, enrollment.id);
    const current = await trx
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', attempt.id)
      .$if(dialectOf(db) === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirstOrThrow();
    if (current.status !== 'in_progress') throw alreadySubmitted();
    if (isOverdue(current)) {
      await submitWithin(trx, portal, current.id, quiz, enrollment);
      return true;
    }
    await upsertAnswers(trx, current, responses ?? []);
    if (!submit) return { attempt: current, progress: null, enrollment };
    const submitted = await submitWithin(trx, portal, current.id, quiz, enrollment);
    if (!submitted) throw alreadySubmitted();
    return submitted;
  });
  if (overdue === true) throw timeUp();
  return overdue;
}

/**
 * Hands in an attempt whose time has run out, once, with the answers saved in time; the next read
 * after the deadline does it. Returns the attempt as it now is.
 */
export async function finishIfOverdue(
  db: Kysely<Database>,
  portal: PortalContext,
  attempt: QuizAttemptRow,
  quiz: LearningObjectRow,
): Promise<QuizAttemptRow> {
  if (!isOverdue(attempt)) return attempt;
  return db.transaction().execute(async (trx) => {
    await locks.quiz(trx, quiz.id, attempt.enrollment_id);
    const enrollment = (await trx
      .selectFrom('enrollments')
      .selectAll()
      .where('id', '=', attempt.enrollment_id)
      .executeTakeFirstOrThrow()) as InPortal<EnrollmentRow>;
    const submitted = await submitWithin(trx, portal, attempt.id, quiz, enrollment);
    if (submitted) return submitted.attempt;
    return trx.selectFrom('quiz_attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
  });
}

/** Running attempts whose time has not run out, across the installation (the metrics gauge). */
export async function activeAttemptCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'in_progress')
    .where((eb) =>
      eb.or([
        eb('deadline_at', 'is', null),
        eb('deadline_at', '>=', new Date(Date.now() - QUIZ_DEADLINE_GRACE_SECONDS * 1000).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
