import { identifier } from '../../http/jsonapi';
import { registerLoader, registerRelationships } from '../../http/includes';
import type { PortalContext } from '../../context/portal';
import { presentPortalDomain, presentPortalLanguage } from './presenter';
import { domainsOf, languagesOf } from './service';

// The scope of a portal's languages and domains is the portal itself: a route includes them only for
// a portal the caller may read.
registerLoader('portal_languages', async (db, scope, ids) =>
  (await languagesOf(db, scope)).filter((language) => ids.includes(language.id)).map(presentPortalLanguage),
);

registerLoader('portal_domains', async (db, scope, ids) =>
  (await domainsOf(db, [scope])).filter((domain) => ids.includes(domain.id)).map(presentPortalDomain),
);

export const portalRelationships = registerRelationships<PortalContext>('portals', {
  languages: {
    type: 'portal_languages',
    query: async (portals, { services }) =>
      (await Promise.all(portals.map((portal) => languagesOf(services.db, portal.id))))
        .flat()
        .map((l) => l.id),
  },
  portal_domains: {
    type: 'portal_domains',
    query: async (portals, { services }) =>
      (
        await domainsOf(
          services.db,
          portals.map((portal) => portal.id),
        )
      ).map((domain) => domain.id),
  },
});

/** The identifiers of a portal's included records of one type, for its relationship data. */
export const identifiersOf = <T extends string>(
  included: ReadonlyArray<{ type: string; id: string }>,
  type: T,
) => included.filter((resource) => resource.type === type).map((resource) => identifier(type, resource.id));
