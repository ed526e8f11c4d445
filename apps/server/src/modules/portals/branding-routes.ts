/** Routes of a portal's branding beyond PATCH /v1/portals/{portal}: logo, favicon, business model impact. */
import { BRANDING_ASSETS, BRANDING_LIMITS, BUSINESS_MODELS, type BrandingAsset } from '@leerpad/core';
import { z } from 'zod';
import { Invalid } from '../../domain/errors';
import { ApiError } from '../../http/errors';
import { buildDocument, resourceDocument, resourceSchema } from '../../http/jsonapi';
import { portalSettingsChanged } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import { presentPortal } from './presenter';
import { portalResource } from './schema';
import { businessModelImpact, changeBrandingAsset } from './branding';
import {
  BRANDING_CONTENT_TYPES,
  BRANDING_FILE_NAME,
  brandingNameOf,
  brandingStorageKey,
  checkBrandingImage,
  readUploadedFile,
  storeBrandingImage,
  type BrandingExtension,
} from './branding-files';
import { brandingPortal, settingsActor } from './routes';

export const businessModelImpactResource = resourceSchema('BusinessModelImpact', 'business_model_impacts', {
  attributes: z.object({
    current_business_models: z.array(z.string()),
    business_models: z.array(z.string()),
    enrolled_students: z.number().int(),
    with_active_subscription: z.number().int(),
    subscription_required_now: z.boolean(),
    subscription_required_after: z.boolean(),
    students_asked_to_subscribe: z
      .number()
      .int()
      .describe('Enrolled students who learn now and would meet the payment screen after the switch.'),
    students_regaining_access: z
      .number()
      .int()
      .describe('Enrolled students who meet the payment screen now and could learn after the switch.'),
  }),
});

const column = (asset: BrandingAsset) => (asset === 'logo' ? 'logo_url' : 'favicon_url');

const noFile = () =>
  new Invalid([{ pointer: '/file', code: 'FILE_MISSING', detail: 'Choose a file to upload.' }]);

function assetRoutes(asset: BrandingAsset) {
  const limits = BRANDING_LIMITS[asset];
  const kinds = asset === 'favicon' ? 'PNG, ICO or SVG' : 'PNG or SVG';
  return [
    defineRoute({
      method: 'PUT',
      url: `/v1/portals/:portal/${asset}`,
      summary: `Upload the portal's ${asset} as multipart/form-data in the field "file": ${kinds}, at most ${limits.maxBytes} bytes and ${limits.maxWidth}×${limits.maxHeight} pixels; SVG is sanitised`,
      tags: ['portals'],
      permission: 'manage:portal-branding',
      response: resourceDocument(portalResource),
      params: z.object({ portal: idParam }),
      upload: 'file',
      async handler({ request, services, portal, account, params }) {
        const target = await brandingPortal(services, account, portal, params.portal);
        if (!request.isMultipart()) {
          throw new ApiError(415, [
            {
              code: 'UNSUPPORTED_MEDIA_TYPE',
              title: 'Unsupported media type',
              detail: 'Send the image as multipart/form-data in a field named "file".',
              meta: { accepted: 'multipart/form-data' },
            },
          ]);
        }
        const tooLarge = () =>
          new Invalid([
            {
              pointer: '/file',
              code: 'BRANDING_IMAGE_TOO_LARGE',
              detail: `A ${asset} may be at most ${limits.maxBytes} bytes.`,
              meta: { max_bytes: limits.maxBytes },
            },
          ]);
        const bytes = await readUploadedFile(request.parts(), 'file', limits.maxBytes, tooLarge);
        if (!bytes || bytes.length === 0) throw noFile();
        const image = checkBrandingImage(asset, bytes);
        const stored = await storeBrandingImage(services.storage, target.id, asset, image);
        let previous: string | null;
        try {
          previous = await changeBrandingAsset(
            services.db,
            target.id,
            settingsActor(account, request.ip),
            asset,
            stored.url,
          );
        } catch (error) {
          await services.storage.remove(stored.key);
          throw error;
        }
        await removeStored(services.storage, target.id, asset, previous);
        await portalSettingsChanged(services, target.id);
        const fresh = await services.portals.findById(target.id);
        return buildDocument(presentPortal(fresh ?? target));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: `/v1/portals/:portal/${asset}`,
      summary: `Remove the portal's ${asset}: the default shows again`,
      tags: ['portals'],
      permission: 'manage:portal-branding',
      response: resourceDocument(portalResource),
      params: z.object({ portal: idParam }),
      async handler({ request, services, portal, account, params }) {
        const target = await brandingPortal(services, account, portal, params.portal);
        const previous = await changeBrandingAsset(
          services.db,
          target.id,
          settingsActor(account, request.ip),
          asset,
          null,
        );
        await removeStored(services.storage, target.id, asset, previous);
        await portalSettingsChanged(services, target.id);
        const fresh = await services.portals.findById(target.id);
        return buildDocument(presentPortal(fresh ?? target));
      },
    }),
    defineRoute({
      method: 'GET',
      url: `/v1/portals/:portal/${asset}/:name`,
      summary: `The portal's ${asset} (public, cached for a year: a new upload gets a new address). A replaced one is 404`,
      tags: ['portals'],
      permission: 'public',
      response: 'file',
      params: z.object({ portal: idParam, name: z.string().regex(BRANDING_FILE_NAME) }),
      async handler({ services, params, reply }) {
        const target = await services.portals.findById(params.portal);
        if (!target || brandingNameOf(target.row[column(asset)], target.id, asset) !== params.name)
          throw ApiError.notFound(asset);
        const stored = await services.storage.read(brandingStorageKey(target.id, asset, params.name));
        if (!stored) throw ApiError.notFound(asset);
        const extension = params.name.split('.').pop() as BrandingExtension;
        reply
          .header('content-type', BRANDING_CONTENT_TYPES[extension])
          .header('content-length', String(stored.byteSize))
          .header('content-disposition', 'inline')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff');
        // An SVG opened on its own is a document of this origin: it may draw, never run or fetch.
        if (extension === 'svg')
          reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        return stored.stream as unknown as Record<string, unknown>;
      },
    }),
  ];
}

async function removeStored(
  storage: { remove(key: string): Promise<void> },
  portalId: number,
  asset: BrandingAsset,
  previous: string | null,
) {
  const name = brandingNameOf(previous, portalId, asset);
  // The row already points elsewhere; a failure here leaves an unreachable object, never a broken logo.
  if (name) await storage.remove(brandingStorageKey(portalId, asset, name)).catch(() => undefined);
}

const modelList = z
  .string()
  .max(200)
  .refine(
    (value) =>
      value
        .split(',')
        .every(
          (name) => name === '' || name === 'free' || (BUSINESS_MODELS as readonly string[]).includes(name),
        ),
    'A comma-separated list of subscription, in_plan, flat_fee (or free).',
  );

export const portalBrandingRoutes = [
  ...BRANDING_ASSETS.flatMap(assetRoutes),
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/business_model_impact',
    summary:
      'What switching the business model to filter[business_models] (comma list; empty or "free" for none) means for the students enrolled now. Nothing is deleted by a switch',
    tags: ['portals'],
    permission: 'manage:portal-branding',
    response: resourceDocument(businessModelImpactResource),
    params: z.object({ portal: idParam }),
    query: z.object({ 'filter[business_models]': modelList.optional() }),
    async handler({ services, portal, account, params, query }) {
      const target = await brandingPortal(services, account, portal, params.portal);
      const proposed = (query['filter[business_models]'] ?? '').split(',').filter(Boolean);
      const impact = await businessModelImpact(services.db, target.id, target.businessModels, proposed);
      return buildDocument({
        type: 'business_model_impacts' as const,
        id: String(target.id),
        attributes: {
          current_business_models: impact.current,
          business_models: impact.proposed,
          enrolled_students: impact.enrolledStudents,
          with_active_subscription: impact.withActiveSubscription,
          subscription_required_now: impact.subscriptionRequiredNow,
          subscription_required_after: impact.subscriptionRequiredAfter,
          students_asked_to_subscribe: impact.studentsAskedToSubscribe,
          students_regaining_access: impact.studentsRegainingAccess,
        },
      });
    },
  }),
];
