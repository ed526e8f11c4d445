import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const AGREEMENT_LANGUAGES = ['en', 'nl', 'ro'] as const;

export const agreementResource = resourceSchema('Agreement', 'agreements', {
  attributes: z.object({
    version: z.number().int(),
    language: z.enum(AGREEMENT_LANGUAGES),
    title: z.string(),
    body: z.string().describe('Sanitised rich text (HTML).'),
    published_at: timestamp,
    current: z.boolean().describe('Whether this is a text of the newest version.'),
  }),
});
export type AgreementResource = z.infer<typeof agreementResource>;

export const agreementAcceptanceResource = resourceSchema('AgreementAcceptance', 'agreement_acceptances', {
  attributes: z.object({
    agreement_id: z.string(),
    version: z.number().int(),
    language: z.string(),
    account_id: z.string(),
    full_name: z.string(),
    email: z.string(),
    accepted_at: timestamp,
    ip: z.string().nullable(),
  }),
});
export type AgreementAcceptanceResource = z.infer<typeof agreementAcceptanceResource>;
