import { findInPortal } from '../../db/find-in-portal';
import {
  FEATURES,
  QUESTION_MAX_OPTIONS,
  QUESTION_MAX_POINTS,
  QUESTION_OPTION_MAX,
  QUESTION_PROMPT_MAX,
  QUESTION_TYPES,
  QUIZ_IMPORT_FORMATS,
} from '@leerpad/core';
import { z } from 'zod';
import type { EnrollmentRow, LearningObjectRow, QuizAttemptRow } from '../../db/schema-learning';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  listLinksSchema,
  metaDocument,
  resourceDocument,
} from '../../http/jsonapi';
import type { ResourceObject } from '../../context/document';
import { idReference } from '../../http/list-query';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import type { AccountContext } from '../../context/account';
import { findEnrollment, findLearningObject } from '../course-content/queries';
import { enrollmentPolicy } from '../enrollments/policy';
import { presentEnrollment, presentProgress } from '../enrollments/presenter';
import { contentAccess, learnerEnrollment, progressCounts } from '../enrollments/service';
import { parseJsonArray, presentAttemptAnswer, presentQuizAttempt, presentQuizQuestion } from './presenter';
import type { StoredResponse } from './presenter';
import { storedAcceptedAnswers, storedOptions } from './questions';
import {
  attemptForAnswer,
  attemptQuestion,
  attemptQuestions,
  attemptResponses,
  attemptsOf,
  attemptsSummary,
  checkQuestion,
  checkResponses,
  createQuestion,
  deleteQuestion,
  finishIfOverdue,
  findQuestion,
  importQuestions,
  questionsOf,
  saveAnswer,
  saveAttempt,
  startAttempt,
  updateQuestion,
} from './service';
import type { QuestionInput, StartedAttempt } from './service';
import type { InPortal } from '../../db/schema';
import { quizAttemptAnswerResource, quizAttemptResource, quizQuestionResource } from './schema';
import { quizAsQtiPackage, readQuizImport } from './quiz-imports';

const skippedItem = z.object({ item: z.string(), file: z.string(), reason: z.string() });

const objectParams = z.object({ learning_object: idParam });
const attemptParams = z.object({ quiz_attempt: idParam });

const optionInput = z.object({
  id: z
    .string()
    .regex(/^[0-9]{1,6}$/)
    .optional(),
  text: z.string().trim().min(1).max(QUESTION_OPTION_MAX),
  correct: z.boolean(),
  feedback: z.string().trim().max(2000).nullable().optional(),
});
const questionFields = {
  kind: z.enum(QUESTION_TYPES),
  prompt: z.string().trim().min(1).max(QUESTION_PROMPT_MAX),
  options: z.array(optionInput).max(QUESTION_MAX_OPTIONS),
  accepted_answers: z.array(z.string().trim().min(1).max(500)).max(50),
  feedback: z.string().trim().max(5000).nullable(),
  points: z.number().int().min(1).max(QUESTION_MAX_POINTS),
};
const updateQuestionBody = z.object({
  kind: questionFields.kind.optional(),
  prompt: questionFields.prompt.optional(),
  options: questionFields.options.optional(),
  accepted_answers: questionFields.accepted_answers.optional(),
  feedback: questionFields.feedback.optional(),
  points: questionFields.points.optional(),
  position: z.number().int().min(1).max(100_000).optional(),
});
const createQuestionBody = updateQuestionBody.extend({
  kind: questionFields.kind,
  prompt: questionFields.prompt,
});

async function findQuiz(
  services: Services,
  portal: PortalContext,
  id: number,
): Promise<InPortal<LearningObjectRow>> {
  const object = await findLearningObject(services.db, portal.id, id);
  if (object.type !== 'quiz') throw ApiError.notFound('quiz');
  return object;
}

/** A learner's attempt, or — read-only — one a coach or staff member may follow. */
async function findAttempt(
  services: Services,
  portal: PortalContext,
  account: AccountContext,
  id: number,
  forWriting: boolean,
): Promise<QuizAttemptRow> {
  const attempt = await findInPortal(services.db, 'quiz_attempts', portal.id, id, 'attempt');
  const own = attempt.account_id === account.id;
  if (!(own || enrollmentPolicy.canFollowOthers(account))) throw ApiError.notFound('attempt');
  // Coaches and staff read a student's attempt; only the student answers it.
  if (forWriting && !own) throw ApiError.forbidden();
  return attempt;
}

async function attemptDocument(
  services: Services,
  quiz: LearningObjectRow,
  attempt: QuizAttemptRow,
  extra: { included?: ResourceObject[]; known?: Omit<StartedAttempt, 'attempt' | 'created'> } = {},
) {
  const known = extra.known;
  const [questions, responses, attempts] = await Promise.all([
    attempt.status === 'submitted'
      ? Promise.resolve([])
      : (known?.questions ?? attemptQuestions(services.db, attempt)),
    known?.responses ?? attemptResponses(services.db, attempt),
    known?.attempts ?? attemptsOf(services.db, attempt.enrollment_id, quiz.id),
  ]);
  return buildDocument(
    presentQuizAttempt(attempt, questions.map(attemptQuestion), responses, attemptsSummary(quiz, attempts)),
    extra.included ? { included: extra.included } : {},
  );
}

/** The answer route's address, for the quiz-answer latency histogram in /metrics. */
export const QUIZ_ANSWER_ROUTE = '/v1/quiz_attempts/:quiz_attempt/answers/:quiz_question';

const answerInput = z.object({
  option_ids: z.array(z.string().max(10)).max(QUESTION_MAX_OPTIONS).optional(),
  text: z.string().max(5000).nullable().optional(),
});

export const quizRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/quiz_questions',
    summary: "A quiz's question pool with the right answers (course managers)",
    tags: ['quizzes'],
    permission: 'manage:course',
    response: listDocument(quizQuestionResource),
    params: objectParams,
    async handler({ services, portal, params }) {
      const quiz = await findQuiz(services, portal, params.learning_object);
      const rows = await questionsOf(services.db, quiz.id);
      return buildDocument(rows.map(presentQuizQuestion), { meta: { total: rows.length, last_page: 1 } });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/quiz_questions',
    summary: 'Add a question (single_choice, multiple_choice, open_answer) to a quiz (course managers)',
    tags: ['quizzes'],
    permission: 'manage:course',
    response: resourceDocument(quizQuestionResource),
    status: 201,
    params: objectParams,
    resourceType: 'quiz_questions',
    body: createQuestionBody,
    async handler({ services, portal, params, body, pointer }) {
      const quiz = await findQuiz(services, portal, params.learning_object);
      const input: QuestionInput = {
        type: body.kind,
        prompt: body.prompt,
        options: body.options ?? [],
        accepted_answers: body.accepted_answers ?? [],
        feedback: body.feedback ?? null,
        points: body.points ?? 1,
      };
      checkQuestion(input, pointer);
      const id = await createQuestion(services.db, quiz, input);
      if (body.position !== undefined) {
        await updateQuestion(
          services.db,
          await findQuestion(services.db, portal.id, id),
          input,
          body.position,
        );
      }
      return buildDocument(presentQuizQuestion(await findQuestion(services.db, portal.id, id)));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/quiz_questions/:quiz_question',
    summary: 'Change a question, or move it with position (course managers); option ids sent back are kept',
    tags: ['quizzes'],
    permission: 'manage:course',
    response: resourceDocument(quizQuestionResource),
    params: z.object({ quiz_question: idParam }),
    resourceType: 'quiz_questions',
    body: updateQuestionBody,
    async handler({ services, portal, params, body, pointer }) {
      const row = await findQuestion(services.db, portal.id, params.quiz_question);
      const input: QuestionInput = {
        type: body.kind ?? (row.type as QuestionInput['type']),
        prompt: body.prompt ?? row.prompt,
        options: body.options ?? storedOptions(row),
        accepted_answers: body.accepted_answers ?? storedAcceptedAnswers(row),
        feedback: body.feedback === undefined ? row.feedback : body.feedback,
        points: body.points ?? row.points,
      };
      checkQuestion(input, pointer);
      await updateQuestion(services.db, row, input, body.position);
      return buildDocument(presentQuizQuestion(await findQuestion(services.db, portal.id, row.id)));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/quiz_questions/:quiz_question',
    summary: 'Delete a question (course managers); submitted attempts keep their copy',
    tags: ['quizzes'],
    permission: 'manage:course',
    response: deletedDocument,
    params: z.object({ quiz_question: idParam }),
    async handler({ services, portal, params }) {
      await deleteQuestion(services.db, await findQuestion(services.db, portal.id, params.quiz_question));
      return { meta: { deleted: true } };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/quiz_imports',
    summary:
      'Import questions from GIFT or CSV text, or QTI 2.1/3.0 (an item or test as `text`, or a package zip as base64 `package`) (quiz-import feature). Any bad line or item: 422 with one error each (pointer /lines/<n> or /items/<identifier>) and nothing imported; QTI items of other interaction types are listed in meta.skipped',
    tags: ['quizzes'],
    permission: 'manage:course',
    response: z.union([
      z.object({
        data: z.array(quizQuestionResource),
        meta: z.object({
          imported: z.number().int(),
          total_questions: z.number().int(),
          skipped: z.array(skippedItem),
        }),
        links: listLinksSchema,
      }),
      metaDocument({
        valid: z.number().int(),
        imported: z.literal(0),
        skipped: z.array(skippedItem),
      }).describe('A dry run: nothing imported.'),
    ]),
    statuses: [201, 200],
    feature: FEATURES.quizImport,
    params: objectParams,
    resourceType: 'quiz_imports',
    body: z.object({
      format: z.enum(QUIZ_IMPORT_FORMATS),
      text: z.string().max(1_000_000).optional(),
      package: z.string().max(1_000_000).optional().describe('A QTI content package (zip), base64.'),
      dry_run: z.boolean().optional(),
    }),
    async handler({ services, portal, params, body, pointer, reply }) {
      const quiz = await findQuiz(services, portal, params.learning_object);
      if (!body.text?.trim() && !(body.format === 'qti' && body.package))
        throw ApiError.validation([
          { pointer: pointer('text'), detail: 'Paste or choose the questions to import.' },
        ]);
      const report = await readQuizImport(body);
      if (report.problems.length > 0) {
        throw new ApiError(
          422,
          report.problems.map((problem) => ({
            code: problem.code,
            title: problem.title,
            detail: problem.detail,
            source: { pointer: pointer(problem.path) },
            meta: problem.meta,
          })),
        );
      }
      const skipped = report.skipped;
      if (body.dry_run) return { meta: { valid: report.questions.length, imported: 0, skipped } };
      const ids = await importQuestions(services.db, quiz, report.questions);
      const rows = (await questionsOf(services.db, quiz.id)).filter((row) => ids.includes(row.id));
      reply.status(201);
      return buildDocument(rows.map(presentQuizQuestion), {
        meta: {
          imported: ids.length,
          total_questions: (await questionsOf(services.db, quiz.id)).length,
          skipped,
        },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/qti',
    summary: 'The quiz as a QTI 3.0 content package (zip) that imports back as the same questions',
    tags: ['quizzes'],
    permission: 'manage:course',
    feature: FEATURES.quizImport,
    response: 'file',
    params: objectParams,
    async handler({ services, portal, params, reply }) {
      const quiz = await findQuiz(services, portal, params.learning_object);
      const zip = await quizAsQtiPackage(services.db, quiz);
      const name = quiz.title.replace(/[^\p{L}\p{N} _-]+/gu, '').trim() || 'quiz';
      // The plain name is ASCII (a header carries no other); filename* keeps the title's letters.
      const ascii = name.replace(/[^\x20-\x7e]/g, '_');
      reply
        .header('content-type', 'application/zip')
        .header('content-length', String(zip.byteLength))
        .header(
          'content-disposition',
          `attachment; filename="${ascii}.qti.zip"; filename*=UTF-8''${encodeURIComponent(name)}.qti.zip`,
        )
        .header('cache-control', 'private, no-store');
      return zip as unknown as Record<string, unknown>;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/learning_objects/:learning_object/quiz_attempts',
    summary:
      'My attempts at a quiz, newest first, with attempts_left, best_percent and passed in meta (coaches and staff: filter[account])',
    tags: ['quizzes'],
    permission: 'signed-in',
    response: listDocument(quizAttemptResource, quizAttemptResource.shape.meta.shape),
    params: objectParams,
    query: z.object({ 'filter[account]': idReference.optional() }),
    async handler({ services, portal, account, params, query }) {
      const quiz = await findQuiz(services, portal, params.learning_object);
      const own = await contentAccess(services, portal, account, quiz.course_id);
      const accountId = query['filter[account]'] ?? account.id;
      if (accountId !== account.id && !enrollmentPolicy.canFollowOthers(account)) throw ApiError.forbidden();
      const enrollment: EnrollmentRow | undefined =
        accountId === account.id
          ? own.enrollment
          : await findEnrollment(services.db, portal.id, quiz.course_id, accountId);
      const attempts = enrollment
        ? await Promise.all(
            (await attemptsOf(services.db, enrollment.id, quiz.id)).map((attempt) =>
              finishIfOverdue(services.db, portal, attempt, quiz),
            ),
          )
        : [];
      const data = await Promise.all(
        attempts.map(async (attempt) =>
          presentQuizAttempt(
            attempt,
            attempt.status === 'submitted'
              ? []
              : (await attemptQuestions(services.db, attempt)).map(attemptQuestion),
            await attemptResponses(services.db, attempt),
          ),
        ),
      );
      return buildDocument(data, {
        meta: { total: attempts.length, last_page: 1, ...attemptsSummary(quiz, attempts) },
      });
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/learning_objects/:learning_object/quiz_attempts',
    summary:
      'Start an attempt (201), or resume the running one (200). The server draws the questions; answers and feedback come only after submitting',
    tags: ['quizzes'],
    permission: 'signed-in',
    response: resourceDocument(quizAttemptResource),
    statuses: [201, 200],
    subscription: true,
    params: objectParams,
    async handler({ services, portal, account, params, reply }) {
      const quiz = await findQuiz(services, portal, params.learning_object);
      const { enrollment } = await learnerEnrollment(services, portal, account, quiz.course_id);
      const { attempt, created, ...known } = await startAttempt(
        services.db,
        portal,
        quiz,
        enrollment,
        account.id,
      );
      reply.status(created ? 201 : 200);
      return attemptDocument(services, quiz, attempt, { known });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/quiz_attempts/:quiz_attempt',
    summary: 'One attempt (its student, or coaches and staff)',
    tags: ['quizzes'],
    permission: 'signed-in',
    response: resourceDocument(quizAttemptResource),
    params: attemptParams,
    async handler({ services, portal, account, params }) {
      const found = await findAttempt(services, portal, account, params.quiz_attempt, false);
      const quiz = await findLearningObject(services.db, portal.id, found.learning_object_id);
      const attempt = await finishIfOverdue(services.db, portal, found, quiz);
      return attemptDocument(services, quiz, attempt);
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/quiz_attempts/:quiz_attempt',
    summary:
      'Save answers ({responses: [{question_id, option_ids | text}]}) and, with submit: true, hand the attempt in for scoring and feedback. After the time limit: 409 ATTEMPT_TIME_UP, and the attempt is handed in with the answers saved in time',
    tags: ['quizzes'],
    permission: 'signed-in',
    response: resourceDocument(quizAttemptResource),
    subscription: true,
    params: attemptParams,
    resourceType: 'quiz_attempts',
    body: z.object({
      responses: z
        .array(
          z.object({
            question_id: idReference,
            option_ids: z.array(z.string().max(10)).max(QUESTION_MAX_OPTIONS).optional(),
            text: z.string().max(5000).nullable().optional(),
          }),
        )
        .max(1000)
        .optional(),
      submit: z.boolean().optional(),
    }),
    async handler({ services, portal, account, params, body, pointer }) {
      const attempt = await findAttempt(services, portal, account, params.quiz_attempt, true);
      const quiz = await findLearningObject(services.db, portal.id, attempt.learning_object_id);
      const { enrollment } = await learnerEnrollment(services, portal, account, quiz.course_id);
      if (attempt.status !== 'in_progress') {
        throw new ApiError(409, [
          {
            code: 'ATTEMPT_SUBMITTED',
            title: 'Already submitted',
            detail: 'This attempt was already submitted.',
          },
        ]);
      }
      const responses = body.responses
        ? checkResponses(await attemptQuestions(services.db, attempt), body.responses, pointer)
        : undefined;
      const saved = await saveAttempt(
        services.db,
        portal,
        attempt,
        quiz,
        enrollment,
        responses,
        body.submit === true,
      );
      const included: ResourceObject[] = [];
      if (saved.progress) {
        const counts = await progressCounts(services.db, [saved.enrollment]);
        included.push(
          presentProgress(saved.progress),
          presentEnrollment(saved.enrollment, counts.get(saved.enrollment.id)),
        );
      }
      return attemptDocument(services, quiz, saved.attempt, included.length > 0 ? { included } : {});
    },
  }),
  defineRoute({
    method: 'PUT',
    url: QUIZ_ANSWER_ROUTE,
    summary:
      'Save one answer of my running attempt ({option_ids} or {text}); saving it again replaces it. 409 ATTEMPT_SUBMITTED once handed in, 409 ATTEMPT_TIME_UP after the time limit',
    tags: ['quizzes'],
    permission: 'signed-in',
    response: resourceDocument(quizAttemptAnswerResource),
    subscription: true,
    params: z.object({ quiz_attempt: idParam, quiz_question: idParam }),
    resourceType: 'quiz_attempt_answers',
    body: answerInput,
    async handler({ services, portal, account, params, body, pointer }) {
      const found = await attemptForAnswer(services.db, portal.id, params.quiz_attempt, params.quiz_question);
      if (!found) throw ApiError.notFound('attempt');
      if (found.account_id !== account.id) {
        // Coaches and staff follow an attempt but never answer it; to anyone else it does not exist.
        if (enrollmentPolicy.canFollowOthers(account)) throw ApiError.forbidden();
        throw ApiError.notFound('attempt');
      }
      const drawn = parseJsonArray<number>(found.question_ids);
      if (found.question_id === null || !drawn.includes(found.question_id))
        throw ApiError.notFound('question');
      const [response] = checkResponses(
        [
          {
            id: found.question_id,
            type: found.question_type ?? '',
            options: found.question_options ?? '[]',
          },
        ],
        [{ question_id: found.question_id, option_ids: body.option_ids, text: body.text }],
        (attribute) => pointer(attribute.replace(/^responses\/0\//, '')),
      );
      const saved = await saveAnswer(services.db, found, response as StoredResponse);
      return buildDocument(presentAttemptAnswer(found.id, response as StoredResponse, saved.updated_at));
    },
  }),
];
