import { z } from 'zod';
import { resourceSchema } from '../../http/jsonapi';

/** The id a reported page error was logged under, with its message. */
export const clientErrorResource = resourceSchema('ClientError', 'client_errors', {
  attributes: z.object({ message: z.string(), severity: z.enum(['error', 'critical']) }),
});
