import { PORTAL_SEARCH_LIMIT } from '@leerpad/core';
import { z } from 'zod';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  identifier,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import type { ResourceObject } from '../../http/jsonapi';
import type { PortalContext } from '../../http/portal';
import { defineRoute, idParam } from '../../http/route';
import type { Services } from '../../http/context';
import type { AccountContext } from '../../http/session';
import { portalPolicy } from './policy';
import { presentPortal, presentPortalDomain, presentPortalLanguage } from './presenter';
import { domainsOf, languagesOf, searchPortals } from './service';
import { portalLanguageResource, portalResource } from './schema';

const includeQuery = z.object({ include: listQueryShape.include });

async function portalDocument(services: Services, portal: PortalContext, query: Record<string, unknown>) {
  const include = includesFrom(query, ['languages', 'portal_domains']);
  const resource = presentPortal(portal);
  const included: ResourceObject[] = [];
  if (include.has('languages')) {
    const languages = await languagesOf(services.db, portal.id);
    resource.relationships = {
      ...resource.relationships,
      languages: { data: languages.map((l) => identifier('portal_languages', l.id)!) },
    };
    included.push(...languages.map(presentPortalLanguage));
  }
  if (include.has('portal_domains')) {
    const domains = await domainsOf(services.db, [portal.id]);
    resource.relationships = {
      ...resource.relationships,
      portal_domains: { data: domains.map((d) => identifier('portal_domains', d.id)!) },
    };
    included.push(...domains.map(presentPortalDomain));
  }
  return buildDocument(resource, include.size ? { included } : {});
}

async function readablePortal(
  services: Services,
  actor: AccountContext | null,
  requestPortal: PortalContext,
  id: number,
) {
  const portal = portalPolicy.canRead(actor, requestPortal.id, id)
    ? await services.portals.findById(id)
    : null;
  if (!portal) throw ApiError.notFound('portal');
  return portal;
}

export const portalRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/portals/current',
    summary: 'The portal served at this address: name, theme, languages (public)',
    tags: ['portals'],
    permission: 'public',
    response: resourceDocument(portalResource),
    query: includeQuery,
    async handler({ services, portal, query }) {
      return portalDocument(services, portal, query);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals',
    summary: 'Search portals (accounts that may manage several portals)',
    tags: ['portals'],
    permission: 'manage:portal',
    response: listDocument(portalResource),
    query: z.object({ ...listQueryShape, 'filter[name]': z.string().max(200).optional() }),
    async handler({ services, query }) {
      const include = includesFrom(query, ['portal_domains']);
      const page = pageFrom(query, PORTAL_SEARCH_LIMIT);
      const { ids, total } = await searchPortals(services.db, services.dialect, query['filter[name]'], page);
      const portals = (await Promise.all(ids.map((id) => services.portals.findById(id)))).filter(
        (portal): portal is PortalContext => portal !== null,
      );
      const domains = include.has('portal_domains') ? await domainsOf(services.db, ids) : [];
      const data = portals.map((portal) => {
        const resource = presentPortal(portal);
        if (include.has('portal_domains')) {
          resource.relationships = {
            portal_domains: {
              data: domains
                .filter((d) => d.portal_id === portal.id)
                .map((d) => identifier('portal_domains', d.id)!),
            },
          };
        }
        return resource;
      });
      return buildDocument(data, {
        meta: pageMeta(total, page),
        ...(include.size ? { included: domains.map(presentPortalDomain) } : {}),
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal',
    summary: 'One portal',
    tags: ['portals'],
    permission: 'public',
    response: resourceDocument(portalResource),
    params: z.object({ portal: idParam }),
    query: includeQuery,
    async handler({ services, portal, account, params, query }) {
      return portalDocument(services, await readablePortal(services, account, portal, params.portal), query);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/languages',
    summary: "A portal's languages with their translation overrides",
    tags: ['portals'],
    permission: 'public',
    response: listDocument(portalLanguageResource),
    params: z.object({ portal: idParam }),
    async handler({ services, portal, account, params }) {
      const target = await readablePortal(services, account, portal, params.portal);
      const languages = await languagesOf(services.db, target.id);
      return buildDocument(languages.map(presentPortalLanguage), {
        meta: { total: languages.length, last_page: 1 },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/languages/:language',
    summary: 'One portal language',
    tags: ['portals'],
    permission: 'public',
    response: resourceDocument(portalLanguageResource),
    params: z.object({ portal: idParam, language: idParam }),
    async handler({ services, portal, account, params }) {
      const target = await readablePortal(services, account, portal, params.portal);
      const language = (await languagesOf(services.db, target.id)).find((l) => l.id === params.language);
      if (!language) throw ApiError.notFound('language');
      return buildDocument(presentPortalLanguage(language));
    },
  }),
];
