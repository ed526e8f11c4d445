import { BUSINESS_MODELS, LANGUAGES, PORTAL_SEARCH_LIMIT } from '@leerpad/core';
import { z } from 'zod';
import { authorize } from '../../http/authorize';
import { includable, includeRelated } from '../../http/includes';
import { ApiError } from '../../http/errors';
import {
  buildDocument,
  deletedDocument,
  includesFrom,
  listDocument,
  listQueryShape,
  pageFrom,
  pageMeta,
  resourceDocument,
} from '../../http/jsonapi';
import { includeQuery } from '../../http/query-contract';
import { portalSettingsChanged } from '../../context/portal';
import type { PortalContext } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import type { Services } from '../../context/services';
import { actorOf, type AccountContext } from '../../context/account';
import { portalPolicy } from './policy';
import { identifiersOf } from './resources';
import { presentPortal, presentPortalLanguage } from './presenter';
import { changeLanguage, disableLanguage, enableLanguage } from './commands';
import { changePortalSettings, checkThemeContrast } from './branding';
import type { SettingsActor } from './commands';
import { baseTexts } from './base-texts';
import { checkOverrides, languagesOf, searchPortals } from './service';
import { portalLanguageResource, portalResource, themeColoursBody } from './schema';

const PORTAL_INCLUDES = includable('portals', ['languages', 'portal_domains']);
const PORTAL_LIST_INCLUDES = includable('portals', ['portal_domains']);
const portalQuery = z.object({ include: includeQuery(PORTAL_INCLUDES) });

async function portalDocument(
  services: Services,
  account: AccountContext | null,
  portal: PortalContext,
  query: Record<string, unknown>,
) {
  const include = includesFrom(query, PORTAL_INCLUDES);
  const resource = presentPortal(portal);
  const included = await includeRelated({ services, portal, account }, 'portals', [portal], include);
  for (const [name, type] of [
    ['languages', 'portal_languages'],
    ['portal_domains', 'portal_domains'],
  ] as const) {
    if (include.has(name))
      resource.relationships = {
        ...resource.relationships,
        [name]: { data: identifiersOf(included ?? [], type) },
      };
  }
  return buildDocument(resource, { included });
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

/** The portal in the address for a settings change: the request's own, or any for platform staff. */
async function settingsPortal(
  services: Services,
  account: AccountContext,
  portal: PortalContext,
  id: number,
) {
  authorize(account, portal, 'manage:portal-settings', { portalId: id });
  const target = id === portal.id ? portal : await services.portals.findById(id);
  if (!target) throw ApiError.notFound('portal');
  return target;
}

/** The portal in the address for a branding change: the request's own, or any for platform staff. */
export async function brandingPortal(
  services: Services,
  account: AccountContext,
  portal: PortalContext,
  id: number,
) {
  authorize(account, portal, 'manage:portal-branding', { portalId: id });
  const target = id === portal.id ? portal : await services.portals.findById(id);
  if (!target) throw ApiError.notFound('portal');
  return target;
}

async function languageOf(services: Services, target: PortalContext, id: number) {
  const language = (await languagesOf(services.db, target.id)).find((l) => l.id === id);
  if (!language) throw ApiError.notFound('language');
  return language;
}

/** Who made a change (the support user acting as the account, or the account itself) and from where. */
export const settingsActor = (account: AccountContext, ip: string): SettingsActor => {
  const { accountId, ...acting } = actorOf(account, ip);
  return { actorId: accountId, ...acting };
};

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Enter an http(s) address.');

export const portalRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/portals/current',
    summary: 'The portal served at this address: name, theme, languages (public)',
    tags: ['portals'],
    permission: 'public',
    response: resourceDocument(portalResource),
    query: portalQuery,
    async handler({ services, portal, account, query }) {
      return portalDocument(services, account, portal, query);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/v1/portals',
    summary: 'Search portals (accounts that may manage several portals)',
    tags: ['portals'],
    permission: 'manage:portal',
    response: listDocument(portalResource),
    query: z.object({
      ...listQueryShape,
      include: includeQuery(PORTAL_LIST_INCLUDES),
      'filter[name]': z.string().max(200).optional(),
    }),
    async handler({ services, account, query }) {
      const include = includesFrom(query, PORTAL_LIST_INCLUDES);
      const page = pageFrom(query, PORTAL_SEARCH_LIMIT);
      const { ids, total } = await searchPortals(services.db, services.dialect, query['filter[name]'], page);
      const portals = (await Promise.all(ids.map((id) => services.portals.findById(id)))).filter(
        (portal): portal is PortalContext => portal !== null,
      );
      // Each portal's domains are loaded within that portal (the caller may manage every portal).
      const includedPer = await Promise.all(
        portals.map((portal) => includeRelated({ services, portal, account }, 'portals', [portal], include)),
      );
      const data = portals.map((portal, index) => {
        const resource = presentPortal(portal);
        if (include.has('portal_domains')) {
          resource.relationships = {
            portal_domains: { data: identifiersOf(includedPer[index] ?? [], 'portal_domains') },
          };
        }
        return resource;
      });
      return buildDocument(data, {
        meta: pageMeta(total, page),
        ...(include.size ? { included: includedPer.flatMap((included) => included ?? []) } : {}),
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
    query: portalQuery,
    async handler({ services, portal, account, params, query }) {
      return portalDocument(
        services,
        account,
        await readablePortal(services, account, portal, params.portal),
        query,
      );
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
  defineRoute({
    method: 'PATCH',
    url: '/v1/portals/:portal',
    summary:
      "Change the portal's name, theme colours (#rrggbb, each pair WCAG AA or 422 THEME_CONTRAST), business models and support links",
    tags: ['portals'],
    permission: 'manage:portal-branding',
    response: resourceDocument(portalResource),
    params: z.object({ portal: idParam }),
    resourceType: 'portals',
    body: z.object({
      name: z.string().trim().min(1).max(120).optional(),
      theme: themeColoursBody.optional(),
      business_models: z
        .array(z.enum(BUSINESS_MODELS))
        .max(BUSINESS_MODELS.length)
        .optional()
        .describe('Empty for a free portal; flat_fee, subscription or in_plan (SPEC §3).'),
      information: z
        .object({
          knowledge_base_url: httpUrl.nullable().optional(),
          zendesk_chat_id: z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9-]{1,100}$/, 'Letters, digits and dashes only (the key of the chat widget).')
            .nullable()
            .optional(),
        })
        .strict()
        .optional(),
    }),
    async handler({ request, services, portal, account, params, body, pointer }) {
      const target = await brandingPortal(services, account, portal, params.portal);
      if (body.theme) checkThemeContrast(body.theme, pointer);
      const information = body.information ?? {};
      const change = {
        ...(information.knowledge_base_url !== undefined
          ? { knowledge_base_url: information.knowledge_base_url || null }
          : {}),
        ...(information.zendesk_chat_id !== undefined
          ? { zendesk_chat_id: information.zendesk_chat_id || null }
          : {}),
      };
      await changePortalSettings(services.db, target.id, settingsActor(account, request.ip), {
        name: body.name,
        primary_color: body.theme?.primary_color,
        secondary_color: body.theme?.secondary_color,
        business_models: body.business_models,
        information: change,
      });
      await portalSettingsChanged(services, target.id);
      const fresh = await services.portals.findById(target.id);
      return portalDocument(services, account, fresh ?? target, {});
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/v1/portals/:portal/languages',
    summary: 'Enable a language (en, nl or ro) on the portal',
    tags: ['portals'],
    permission: 'manage:portal-settings',
    response: resourceDocument(portalLanguageResource),
    params: z.object({ portal: idParam }),
    status: 201,
    resourceType: 'portal_languages',
    body: z.object({ locale: z.enum(LANGUAGES) }),
    async handler({ request, services, portal, account, params, body }) {
      const target = await settingsPortal(services, account, portal, params.portal);
      const language = await enableLanguage(
        services.db,
        target.id,
        settingsActor(account, request.ip),
        body.locale,
      );
      await portalSettingsChanged(services, target.id);
      return buildDocument(presentPortalLanguage(language));
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/portals/:portal/languages/:language',
    summary: "Make a language the portal's primary one, or replace its translation overrides",
    tags: ['portals'],
    permission: 'manage:portal-settings',
    response: resourceDocument(portalLanguageResource),
    params: z.object({ portal: idParam, language: idParam }),
    resourceType: 'portal_languages',
    body: z.object({
      is_primary: z.literal(true).optional(),
      overrides: z.string().max(500_000).optional(),
    }),
    async handler({ request, services, portal, account, params, body, pointer }) {
      const target = await settingsPortal(services, account, portal, params.portal);
      const language = await languageOf(services, target, params.language);
      let overrides: string | undefined;
      if (body.overrides !== undefined) {
        const checked = checkOverrides(language.locale, body.overrides, baseTexts());
        if (checked.problems.length > 0) {
          throw ApiError.validation(
            checked.problems.map((problem) => ({
              pointer: `${pointer('overrides')}${problem.path}`,
              code: problem.code,
              detail: problem.detail,
              ...(problem.meta ? { meta: problem.meta } : {}),
            })),
          );
        }
        overrides = checked.json;
      }
      await changeLanguage(services.db, target.id, settingsActor(account, request.ip), language, {
        isPrimary: body.is_primary,
        overrides,
      });
      await portalSettingsChanged(services, target.id);
      return buildDocument(presentPortalLanguage(await languageOf(services, target, language.id)));
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/v1/portals/:portal/languages/:language',
    summary: 'Disable a language of the portal (not its primary one)',
    tags: ['portals'],
    permission: 'manage:portal-settings',
    params: z.object({ portal: idParam, language: idParam }),
    response: deletedDocument,
    async handler({ request, services, portal, account, params }) {
      const target = await settingsPortal(services, account, portal, params.portal);
      const language = await languageOf(services, target, params.language);
      await disableLanguage(services.db, target.id, settingsActor(account, request.ip), language);
      await portalSettingsChanged(services, target.id);
      return { meta: { deleted: true as const } };
    },
  }),
];
