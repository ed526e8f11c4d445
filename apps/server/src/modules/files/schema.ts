import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const fileResource = resourceSchema('File', 'files', {
  attributes: z.object({
    name: z.string(),
    content_type: z.string(),
    byte_size: z.number().int(),
    url: z.string().describe('Where the bytes are downloaded: /api/v1/files/{id}/content.'),
    created_at: timestamp,
  }),
});
export type FileResource = z.infer<typeof fileResource>;
