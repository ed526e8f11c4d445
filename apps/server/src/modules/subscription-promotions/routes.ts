import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, listQueryShape, pageFrom } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { accountPolicy } from '../accounts/policy';
import { findAccountInPortal } from '../accounts/service';
import { presentSubscriptionPromotion } from './presenter';
import { subscriptionPromotionResource } from './schema';
import { listSubscriptionPromotions } from './service';

export const subscriptionPromotionRoutes = [
  defineRoute({
    method: 'GET',
    url: '/v1/accounts/:account/subscription_promotions',
    summary: "An account's subscription promotions; filter[redeemed]=true|false",
    tags: ['subscriptions'],
    permission: 'signed-in',
    response: listDocument(subscriptionPromotionResource),
    params: z.object({ account: idParam }),
    query: z.object({
      ...listQueryShape,
      'filter[redeemed]': z.enum(['true', 'false', '1', '0']).optional(),
    }),
    async handler({ services, portal, account, params, query }) {
      const target = await findAccountInPortal(services.db, portal.id, params.account);
      if (!accountPolicy.isSelfOrStaff(account, target)) throw ApiError.notFound('account');
      const redeemed = query['filter[redeemed]'];
      const list = await listSubscriptionPromotions(
        services.db,
        portal.id,
        target.id,
        { redeemed: redeemed === undefined ? undefined : redeemed === 'true' || redeemed === '1' },
        pageFrom(query),
      );
      return buildDocument(list.rows.map(presentSubscriptionPromotion), { meta: list.meta });
    },
  }),
];
