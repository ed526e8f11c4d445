import { FEATURE_NAMES } from '@leerpad/core';
import { z } from 'zod';
import { authorize } from '../../http/authorize';
import type { Services } from '../../context/services';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, resourceDocument } from '../../http/jsonapi';
import { portalSettingsChanged } from '../../context/portal';
import { defineRoute, idParam } from '../../http/route';
import type { AccountContext } from '../../context/account';
import type { PortalContext } from '../../context/portal';
import { presentFeatureFlag } from './presenter';
import { featureFlagsOf, setFeatureFlag } from './service';
import { featureFlagResource } from './schema';

/** The portal in the address: the request's own, or any for platform staff (404 otherwise). */
async function targetPortal(services: Services, account: AccountContext, portal: PortalContext, id: number) {
  authorize(account, portal, 'manage:feature-flag', { portalId: id });
  const target = id === portal.id ? portal : await services.portals.findById(id);
  if (!target) throw ApiError.notFound('portal');
  return target;
}

export const featureFlagRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/portals/:portal/feature_flags',
    summary: 'Every feature of the product (SPEC §6) and whether it is on for the portal',
    tags: ['feature flags'],
    permission: 'manage:feature-flag',
    response: listDocument(featureFlagResource),
    params: z.object({ portal: idParam }),
    async handler({ services, portal, account, params }) {
      const target = await targetPortal(services, account, portal, params.portal);
      const flags = await featureFlagsOf(services.db, target.id);
      return buildDocument(
        flags.map((flag) => presentFeatureFlag(flag.name, flag.enabled)),
        { meta: { total: flags.length, last_page: 1 } },
      );
    },
  }),
  defineRoute({
    method: 'PATCH',
    url: '/v1/portals/:portal/feature_flags/:feature_flag',
    summary: 'Switch one feature of the portal on or off; takes effect on the next request',
    tags: ['feature flags'],
    permission: 'manage:feature-flag',
    response: resourceDocument(featureFlagResource),
    params: z.object({ portal: idParam, feature_flag: z.enum(FEATURE_NAMES as [string, ...string[]]) }),
    resourceType: 'feature_flags',
    body: z.object({ enabled: z.boolean() }),
    async handler({ request, services, portal, account, params, body }) {
      const target = await targetPortal(services, account, portal, params.portal);
      const name = FEATURE_NAMES.find((feature) => feature === params.feature_flag)!;
      await setFeatureFlag(services.db, target.id, {
        name,
        enabled: body.enabled,
        actorId: account.id,
        ip: request.ip,
      });
      await portalSettingsChanged(services, target.id);
      return buildDocument(presentFeatureFlag(name, body.enabled));
    },
  }),
];
