import { HEX_COLOUR } from '@leerpad/core';
import { z } from 'zod';
import { resourceSchema, toMany } from '../../http/jsonapi';

const hexColour = z.string().trim().regex(HEX_COLOUR, 'A colour as #rrggbb.');

/** The theme colours a request may set: #rrggbb each, or null for the default. */
export const themeColoursBody = z
  .object({
    primary_color: hexColour.nullable().optional(),
    secondary_color: hexColour.nullable().optional(),
  })
  .strict();

export const portalTheme = z.object({
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
});

export const portalResource = resourceSchema('Portal', 'portals', {
  attributes: z.object({
    name: z.string(),
    base_url: z.string().nullable(),
    information: z.object({
      knowledge_base_url: z.string().nullable(),
      zendesk_chat_id: z.string().nullable(),
    }),
    parameters: z.array(z.object({ type: z.string(), data: z.string() })),
    theme: portalTheme,
    business_models: z.array(z.string()),
    has_price_list: z
      .boolean()
      .describe(
        'Whether a sales catalog is shown to students (GET /v1/sales_catalogs/current answers 404 without one).',
      ),
    features: z.array(z.string()),
    status: z.enum(['active', 'closed']).describe('A closed portal shows its closed page (decision 057).'),
    primary_domain: z
      .string()
      .nullable()
      .describe('The address its other addresses redirect to; null when none is chosen.'),
  }),
  relationships: z
    .object({
      languages: toMany('portal_languages').optional(),
      portal_domains: toMany('portal_domains').optional(),
    })
    .optional()
    .describe('Present when the related resources are included.'),
});
export type PortalResource = z.infer<typeof portalResource>;

export const portalDomainResource = resourceSchema('PortalDomain', 'portal_domains', {
  attributes: z.object({
    domain: z.string(),
    is_primary: z.boolean().describe("The portal's primary address; the others redirect to it."),
  }),
});
export type PortalDomainResource = z.infer<typeof portalDomainResource>;

export const portalLanguageResource = resourceSchema('PortalLanguage', 'portal_languages', {
  attributes: z.object({
    locale: z.string(),
    language: z.object({ locale: z.string() }),
    is_primary: z.boolean(),
    overrides: z.string().describe('JSON text of translation overrides by locale, flattened keys.'),
  }),
});
export type PortalLanguageResource = z.infer<typeof portalLanguageResource>;
