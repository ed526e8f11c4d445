import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const contentLabelResource = resourceSchema('ContentLabel', 'content_labels', {
  attributes: z.object({
    name: z.string(),
    color: z.string().nullable().describe('#rrggbb, or null.'),
    created_at: timestamp,
    updated_at: timestamp,
  }),
});
export type ContentLabelResource = z.infer<typeof contentLabelResource>;
