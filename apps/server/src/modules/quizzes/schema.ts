import { QUESTION_TYPES } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const quizQuestionResource = resourceSchema('QuizQuestion', 'quiz_questions', {
  attributes: z.object({
    kind: z.enum(QUESTION_TYPES),
    prompt: z.string(),
    options: z.array(
      z.object({ id: z.string(), text: z.string(), correct: z.boolean(), feedback: z.string().nullable() }),
    ),
    accepted_answers: z.array(z.string()),
    feedback: z.string().nullable(),
    points: z.number().int(),
    position: z.number().int(),
    updated_at: timestamp,
  }),
  relationships: z.object({ learning_object: toOne('learning_objects') }),
});
export type QuizQuestionResource = z.infer<typeof quizQuestionResource>;

const attemptQuestion = z.object({
  id: z.string(),
  type: z.string(),
  prompt: z.string(),
  points: z.number(),
  options: z.array(z.object({ id: z.string(), text: z.string() })),
});

export const quizAttemptResource = resourceSchema('QuizAttempt', 'quiz_attempts', {
  attributes: z.object({
    status: z.enum(['in_progress', 'submitted']),
    questions: z.array(attemptQuestion).describe('The drawn questions, without answers.'),
    responses: z.array(
      z.object({ question_id: z.string(), option_ids: z.array(z.string()), text: z.string().nullable() }),
    ),
    results: z
      .array(
        z.object({
          question_id: z.string(),
          correct: z.boolean(),
          points_awarded: z.number(),
          points: z.number(),
          correct_option_ids: z.array(z.string()),
          accepted_answers: z.array(z.string()),
          feedback: z.array(z.string()),
        }),
      )
      .nullable()
      .describe('Null until submitted.'),
    score: z.number().nullable(),
    max_score: z.number().nullable(),
    percent: z.number().nullable(),
    passed: z.boolean().nullable(),
    started_at: timestamp,
    submitted_at: timestamp.nullable(),
    deadline_at: timestamp
      .nullable()
      .describe('When the time limit runs out, by the server clock (a short grace follows); null: no limit.'),
  }),
  relationships: z.object({
    learning_object: toOne('learning_objects'),
    enrollment: toOne('enrollments'),
  }),
  meta: z.object({
    attempts_limit: z.number().int().nullable().optional(),
    attempts_used: z.number().int().optional(),
    attempts_left: z.number().int().nullable().optional().describe('Null: unlimited.'),
    pass_mark: z.number().optional(),
    best_percent: z.number().nullable().optional(),
    passed: z.boolean().optional(),
  }),
});
export type QuizAttemptResource = z.infer<typeof quizAttemptResource>;

export const quizAttemptAnswerResource = resourceSchema('QuizAttemptAnswer', 'quiz_attempt_answers', {
  attributes: z.object({
    question_id: z.string(),
    option_ids: z.array(z.string()),
    text: z.string().nullable(),
    saved_at: timestamp,
  }),
  relationships: z.object({ quiz_attempt: toOne('quiz_attempts') }),
});
export type QuizAttemptAnswerResource = z.infer<typeof quizAttemptAnswerResource>;
