/**
 * An account's own codes (GET /v1/accounts/{account}/subscription_promotions, filter[redeemed]):
 * promotions it may redeem and referral codes it hands on. Owner of ['subscription_promotions'].
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchDocument, pageFrom } from './document';

export interface SubscriptionPromotion {
  id: string;
  type: 'subscription_promotions';
  code: string;
  description: string | null;
  /** promotion: for this account to redeem; referral: for this account to hand on to others. */
  kind: 'promotion' | 'referral';
  redeemed: boolean;
  redeemedAt: string | null;
  createdAt: string;
}

export const subscriptionPromotionKeys = {
  all: ['subscription_promotions'] as const,
  list: (accountId: string, redeemed: boolean | undefined) =>
    ['subscription_promotions', accountId, { redeemed }] as const,
};

/** The account's codes, newest first; `redeemed` keeps only the used (true) or unused (false) ones. */
export function subscriptionPromotionsQuery(accountId: string, redeemed?: boolean) {
  return queryOptions({
    queryKey: subscriptionPromotionKeys.list(accountId, redeemed),
    queryFn: async ({ signal }) => {
      const { data, meta } = await fetchDocument<SubscriptionPromotion[]>(
        `/v1/accounts/${accountId}/subscription_promotions`,
        { signal, query: { filter: { redeemed }, page: { size: 100 } } },
      );
      return pageFrom<SubscriptionPromotion>(data, meta);
    },
  });
}
