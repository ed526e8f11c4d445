import { ANSWER_INVITATION_STATES, ANSWER_STATUSES } from '@leerpad/core';
import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp, toMany, toOne } from '../../http/jsonapi';

export const answerResource = resourceSchema('Answer', 'answers', {
  attributes: z.object({
    status: z.enum(ANSWER_STATUSES),
    text: z.string().describe('Sanitised HTML.'),
    grade: z.number().int().nullable(),
    feedback: z.string().nullable(),
    submitted_at: timestamp.nullable(),
    reviewed_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    invitations: z
      .array(z.object({ account_id: z.string(), state: z.enum(ANSWER_INVITATION_STATES) }))
      .describe('Classmates asked to join a group answer who are not members (yet); shown to its members.'),
  }),
  relationships: z.object({
    learning_object: toOne('learning_objects'),
    course: toOne('courses'),
    account: toOne('accounts'),
    members: toMany('accounts'),
    file: toOne('files'),
    reviewer: toOne('accounts'),
  }),
  meta: abilitiesMeta(['edit', 'submit', 'review', 'respond']),
});
export type AnswerResource = z.infer<typeof answerResource>;
