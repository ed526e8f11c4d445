import { FEEDBACK_STATES } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, toOne } from '../../http/jsonapi';

export const feedbackProjectResource = resourceSchema('FeedbackProject', 'feedback_projects', {
  attributes: z.object({
    name: z.string(),
    description: z.string().nullable().describe('With #role hashtags.'),
    state: z.enum(FEEDBACK_STATES),
    upvotes: z.number().int(),
  }),
});
export type FeedbackProjectResource = z.infer<typeof feedbackProjectResource>;

export const feedbackNoteResource = resourceSchema('FeedbackNote', 'feedback_notes', {
  attributes: z.object({
    feedback: z.string(),
    email: z.string().nullable(),
    url: z.string().nullable(),
    entity: z.string().nullable(),
    segments: z.array(z.string()),
  }),
  relationships: z.object({
    project: toOne('feedback_projects'),
    account: toOne('accounts').describe('Who sent it: always the signed-in account.'),
  }),
});
export type FeedbackNoteResource = z.infer<typeof feedbackNoteResource>;
