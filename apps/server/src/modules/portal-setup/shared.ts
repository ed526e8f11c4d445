/**
 * A portal as every portal may read it (SPEC §7 shared resources, `/v1/shared/…`): its name,
 * address, theme, languages and whether it is open. Nothing about its accounts, settings or features.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { fromFlag } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { PortalContext } from '../../context/portal';
import { resourceSchema } from '../../http/jsonapi';
import { languagesOf } from '../portals/service';
import { portalTheme } from '../portals/schema';

export const sharedPortalResource = resourceSchema('SharedPortal', 'portals', {
  attributes: z.object({
    name: z.string(),
    base_url: z.string(),
    primary_domain: z.string().nullable(),
    theme: portalTheme,
    languages: z.array(z.string()),
    primary_language: z.string().nullable(),
    status: z.enum(['active', 'closed']),
  }),
});
export type SharedPortalResource = z.infer<typeof sharedPortalResource>;

export async function presentSharedPortal(
  db: Kysely<Database>,
  portal: PortalContext,
): Promise<SharedPortalResource> {
  const languages = await languagesOf(db, portal.id);
  const row = portal.row;
  return {
    type: 'portals',
    id: String(portal.id),
    attributes: {
      name: row.name,
      base_url: row.base_url,
      primary_domain: portal.primaryDomain,
      theme: {
        primary_color: row.primary_color,
        secondary_color: row.secondary_color,
        logo_url: row.logo_url,
        favicon_url: row.favicon_url,
      },
      languages: languages.map((language) => language.locale),
      primary_language: languages.find((language) => fromFlag(language.is_primary))?.locale ?? null,
      status: portal.closed ? 'closed' : 'active',
    },
  };
}
