import { BUSINESS_MODELS, LANGUAGES } from '@leerpad/core';
import { z } from 'zod';
import { authorize } from '../../http/authorize';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  deletedDocument,
  listDocument,
  metaDocument,
  resourceDocument,
} from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import type { Services } from '../../context/services';
import { actorOf, type AccountContext } from '../../context/account';
import { portalChanged, type PortalContext } from '../../context/portal';
import { wakeOutbox } from '../../mail/outbox';
import { presentPortal, presentPortalDomain } from '../portals/presenter';
import { checkThemeContrast } from '../portals/branding';
import { portalDomainResource, portalResource, themeColoursBody } from '../portals/schema';
import { createPortal, portalCreatedBatch } from './create';
import type { Creator } from './create';
import {
  addDomain,
  DomainTaken,
  makePrimaryDomain,
  normaliseDomain,
  portalDomains,
  removeDomain,
} from './domains';
import { setPortalStatus } from './lifecycle';
import { presentSharedPortal, sharedPortalResource } from './shared';

const INVALID_DOMAIN = 'Enter a host name only, such as academy.example.com (no https://, path or port).';

/** A host name as typed: normalised (lower case), or a 422 INVALID_DOMAIN at its place. */
const domainField = z
  .string()
  .max(300)
  .transform((value, context) => {
    const domain = normaliseDomain(value);
    if (domain === null) {
      context.addIssue({ code: 'custom', message: INVALID_DOMAIN, params: { code: 'INVALID_DOMAIN' } });
      return z.NEVER;
    }
    return domain;
  });

const email = z.string().trim().min(1).max(254).email('This field should contain a valid email address.');

const newPortalBody = z
  .object({
    name: z.string().trim().min(1).max(200),
    domains: z
      .array(domainField)
      .min(1)
      .max(20)
      .superRefine((domains, context) => {
        domains.forEach((domain, index) => {
          if (domains.indexOf(domain) !== index)
            context.addIssue({
              code: 'custom',
              path: [index],
              message: 'This address is listed twice.',
              params: { code: 'DUPLICATE_DOMAIN' },
            });
        });
      })
      .describe('Host names, the primary address first; the others redirect to it.'),
    languages: z.array(z.enum(LANGUAGES)).min(1).max(LANGUAGES.length),
    primary_language: z.enum(LANGUAGES),
    business_models: z.array(z.enum(BUSINESS_MODELS)).min(1).max(BUSINESS_MODELS.length),
    seller: z.object({
      name: z.string().trim().min(1).max(200),
      address: z.string().trim().max(500).default(''),
      country: z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Two letters, such as NL.')
        .transform((value) => value.toUpperCase()),
      vat_id: z.string().trim().max(50).nullable().optional(),
      email: email.nullable().optional(),
    }),
    first_admin: z.object({ email, full_name: z.string().trim().min(1).max(200) }),
    theme: themeColoursBody
      .optional()
      .describe('The colours the portal starts with; the primary colour must meet WCAG AA (decision 067).'),
  })
  .superRefine((body, context) => {
    if (!body.languages.includes(body.primary_language))
      context.addIssue({
        code: 'custom',
        path: ['primary_language'],
        message: 'The primary language must be one of the chosen languages.',
        params: { code: 'PRIMARY_LANGUAGE_NOT_CHOSEN' },
      });
  });

const actor = (account: AccountContext, ip: string): Creator => {
  const { accountId, ...acting } = actorOf(account, ip);
  return { actorId: accountId, ...acting };
};

/** The portal in the address, for someone who may manage its domains; another portal's is a 404. */
async function domainsPortal(services: Services, account: AccountContext, portal: PortalContext, id: number) {
  authorize(account, portal, 'manage:portal-domains', { portalId: id }, { resource: 'portal' });
  const target = id === portal.id ? portal : await services.portals.findById(id);
  if (!target) throw ApiError.notFound('portal');
  return target;
}

async function domainOf(services: Services, target: PortalContext, id: number) {
  const domain = (await portalDomains(services.db, target.id)).find((row) => row.id === id);
  if (!domain) throw ApiError.notFound('portal_domain');
  return domain;
}

/** A taken address, as a 409 whose pointer names it in the request. */
function takenAt(error: unknown, pointerOf: (domain: string) => string): never {
  if (error instanceof DomainTaken) {
    throw new ApiError(409, [
      {
        code: 'DOMAIN_TAKEN',
        title: 'Conflict',
        detail: `Another portal already uses the address ${error.domain}.`,
        source: { pointer: pointerOf(error.domain) },
        meta: { domain: error.domain },
      },
    ]);
  }
  throw error;
}

const portalIdParams = z.object({ portal: idParam });
const domainParams = z.object({ portal: idParam, domain: idParam });

export const portalSetupRoutes = [
  defineRoute({
    method: 'POST',
    url: '/v1/portals',
    summary: 'Create a portal with its addresses, languages, business models, seller and first admin',
    description:
      'Platform staff only. One transaction; the first admin (academy admin) is invited by e-mail, in ' +
      "the portal's primary language, to choose a password. An address another portal uses is a 409 " +
      'pointing at it; a malformed one a 422 (decision 057). Theme colours may be set at once, with the ' +
      'contrast check of the branding page (422 THEME_CONTRAST); the logo is uploaded afterwards with ' +
      'PUT /v1/portals/{portal}/logo (decision 067).',
    tags: ['portals'],
    permission: 'manage:portal',
    response: resourceDocument(portalResource),
    status: 201,
    resourceType: 'portals',
    body: newPortalBody,
    async handler({ request, services, body, account, pointer }) {
      if (body.theme) checkThemeContrast(body.theme, pointer);
      const port = request.port && !['80', '443'].includes(String(request.port)) ? `:${request.port}` : '';
      let created: { portalId: number };
      try {
        created = await createPortal(
          services.db,
          {
            name: body.name,
            domains: body.domains,
            languages: body.languages,
            primaryLanguage: body.primary_language,
            businessModels: body.business_models,
            seller: {
              name: body.seller.name,
              address: body.seller.address,
              country: body.seller.country,
              vatId: body.seller.vat_id || null,
              email: body.seller.email || null,
            },
            firstAdmin: { email: body.first_admin.email.toLowerCase(), fullName: body.first_admin.full_name },
            theme: {
              primaryColor: body.theme?.primary_color?.toLowerCase() ?? null,
              secondaryColor: body.theme?.secondary_color?.toLowerCase() ?? null,
            },
            scheme: request.protocol,
            port,
          },
          actor(account, request.ip),
        );
      } catch (error) {
        takenAt(error, (domain) => pointer(`domains/${body.domains.indexOf(domain)}`));
      }
      await portalChanged(services, created.portalId, body.domains);
      await wakeOutbox(services, portalCreatedBatch(created.portalId));
      const portal = await services.portals.findById(created.portalId);
      if (!portal) throw ApiError.notFound('portal');
      return buildDocument(presentPortal(portal));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/portal_domains',
    summary: "A portal's addresses, the primary one first",
    tags: ['portals'],
    permission: 'manage:portal-domains',
    response: listDocument(portalDomainResource),
    params: portalIdParams,
    async handler({ services, portal, account, params }) {
      const target = await domainsPortal(services, account, portal, params.portal);
      const domains = await portalDomains(services.db, target.id);
      return buildDocument(domains.map(presentPortalDomain), {
        meta: { total: domains.length, last_page: 1 },
      });
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/portal_domains/:domain',
    summary: 'One address of a portal',
    tags: ['portals'],
    permission: 'manage:portal-domains',
    response: resourceDocument(portalDomainResource),
    params: domainParams,
    async handler({ services, portal, account, params }) {
      const target = await domainsPortal(services, account, portal, params.portal);
      return buildDocument(presentPortalDomain(await domainOf(services, target, params.domain)));
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/portals/:portal/portal_domains',
    summary: 'Add an address to a portal (optionally as its primary one)',
    tags: ['portals'],
    permission: 'manage:portal-domains',
    response: resourceDocument(portalDomainResource),
    params: portalIdParams,
    status: 201,
    resourceType: 'portal_domains',
    body: z.object({ domain: domainField, is_primary: z.boolean().optional() }),
    async handler({ request, services, portal, account, params, body, pointer }) {
      const target = await domainsPortal(services, account, portal, params.portal);
      let added;
      try {
        added = await addDomain(
          services.db,
          target.id,
          actor(account, request.ip),
          body.domain,
          body.is_primary === true,
        );
      } catch (error) {
        takenAt(error, () => pointer('domain'));
      }
      await portalChanged(services, target.id, [...target.domains, added.domain]);
      return buildDocument(presentPortalDomain(added));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/portals/:portal/portal_domains/:domain',
    summary: "Make an address the portal's primary one (the others redirect to it)",
    tags: ['portals'],
    permission: 'manage:portal-domains',
    response: resourceDocument(portalDomainResource),
    params: domainParams,
    resourceType: 'portal_domains',
    body: z.object({ is_primary: z.literal(true) }),
    async handler({ request, services, portal, account, params }) {
      const target = await domainsPortal(services, account, portal, params.portal);
      const domain = await domainOf(services, target, params.domain);
      await makePrimaryDomain(services.db, target.id, actor(account, request.ip), domain);
      await portalChanged(services, target.id, target.domains);
      return buildDocument(presentPortalDomain(await domainOf(services, target, domain.id)));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/portals/:portal/portal_domains/:domain',
    summary: 'Remove an address of a portal (not its primary one, nor the one in use)',
    tags: ['portals'],
    permission: 'manage:portal-domains',
    response: deletedDocument,
    params: domainParams,
    async handler({ request, services, portal, account, params }) {
      const target = await domainsPortal(services, account, portal, params.portal);
      const domain = await domainOf(services, target, params.domain);
      await removeDomain(services.db, target.id, actor(account, request.ip), domain, request.hostname);
      await portalChanged(services, target.id, target.domains);
      return { meta: { deleted: true as const } };
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/portals/:portal/status',
    summary: 'Close a portal, or reopen it (platform staff)',
    description:
      'A closed portal answers its closed page on every address (503), refuses sign-in and ends the ' +
      'use of open sessions with 403 PORTAL_CLOSED. Nothing is deleted (decision 057).',
    tags: ['portals'],
    permission: 'manage:portal',
    response: resourceDocument(portalResource),
    params: portalIdParams,
    resourceType: 'portal_statuses',
    body: z.object({ status: z.enum(['active', 'closed']) }),
    async handler({ request, services, account, params, body }) {
      const target = await services.portals.findById(params.portal);
      if (!target) throw ApiError.notFound('portal');
      await setPortalStatus(services.db, target.id, actor(account, request.ip), body.status);
      await portalChanged(services, target.id, target.domains);
      const fresh = await services.portals.findById(target.id);
      return buildDocument(presentPortal(fresh ?? target));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/shared/portals/:portal',
    summary: 'What every portal may read of a portal: name, address, theme, languages, status',
    tags: ['portals'],
    permission: 'public',
    response: resourceDocument(sharedPortalResource),
    params: portalIdParams,
    async handler({ services, params }) {
      const target = await services.portals.findById(params.portal);
      if (!target) throw ApiError.notFound('portal');
      return buildDocument(await presentSharedPortal(services.db, target));
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/tls-allowed',
    summary: 'Whether a host is a portal address (the TLS proxy asks before it gets a certificate)',
    description:
      "For Caddy's on-demand TLS `ask` (docs/deployment.md): 200 for a known portal address, 404 " +
      'otherwise. Answered whatever host the question comes in on.',
    tags: ['portals'],
    permission: 'public',
    response: metaDocument({ allowed: z.literal(true) }),
    query: z.object({ domain: z.string().max(300) }),
    async handler({ services, query }) {
      const domain = normaliseDomain(query.domain);
      const known = domain ? await services.portals.findByDomain(domain) : null;
      if (!known) throw ApiError.notFound('portal_domain');
      return { meta: { allowed: true as const } };
    },
  }),
];
