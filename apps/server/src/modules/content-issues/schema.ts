import { CONTENT_ISSUE_CATEGORIES, CONTENT_ISSUE_STATUSES } from '@leerpad/core';
import { z } from 'zod';
import { abilitiesMeta, resourceSchema, timestamp, toOne } from '../../http/jsonapi';

export const contentIssueResource = resourceSchema('ContentIssue', 'content_issues', {
  attributes: z.object({
    category: z.enum(CONTENT_ISSUE_CATEGORIES),
    description: z.string(),
    status: z.enum(CONTENT_ISSUE_STATUSES),
    staff_note: z.string().nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    resolved_at: timestamp.nullable(),
  }),
  relationships: z.object({
    course: toOne('courses'),
    learning_object: toOne('learning_objects'),
    reporter: toOne('accounts'),
    resolved_by: toOne('accounts'),
  }),
  meta: abilitiesMeta(['update']),
});
export type ContentIssueResource = z.infer<typeof contentIssueResource>;
