import { z } from 'zod';
import { ApiError } from '../../http/errors';
import { buildDocument, listDocument, listQueryShape, pageFrom, pageMeta } from '../../http/jsonapi';
import { defineRoute, idParam } from '../../http/route';
import { accountPolicy } from '../accounts/policy';
import { findAccountInPortal } from '../accounts/service';
import { subscriptionPromotionResource } from './schema';
import type { SubscriptionPromotionResource } from './schema';

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
      const page = pageFrom(query);
      let select = services.db
        .selectFrom('subscription_promotions')
        .where('portal_id', '=', portal.id)
        .where('account_id', '=', target.id);
      const redeemed = query['filter[redeemed]'];
      if (redeemed !== undefined) {
        select = select.where('redeemed_at', redeemed === 'true' || redeemed === '1' ? 'is not' : 'is', null);
      }
      const [rows, count] = await Promise.all([
        select
          .select(['id', 'code', 'description', 'redeemed_at', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.size)
          .offset(page.offset)
          .execute(),
        select.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return buildDocument(
        rows.map((row): SubscriptionPromotionResource => ({
          type: 'subscription_promotions',
          id: String(row.id),
          attributes: {
            code: row.code,
            description: row.description,
            redeemed: row.redeemed_at !== null,
            redeemed_at: row.redeemed_at,
            created_at: row.created_at,
          },
        })),
        { meta: pageMeta(Number(count.total), page) },
      );
    },
  }),
];
