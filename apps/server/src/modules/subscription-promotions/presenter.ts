import type { SubscriptionPromotionResource } from './schema';
import type { SubscriptionPromotionRow } from './service';

export function presentSubscriptionPromotion(row: SubscriptionPromotionRow): SubscriptionPromotionResource {
  return {
    type: 'subscription_promotions',
    id: String(row.id),
    attributes: {
      code: row.code,
      description: row.description,
      kind: row.kind,
      redeemed: row.redeemed_at !== null,
      redeemed_at: row.redeemed_at,
      created_at: row.created_at,
    },
  };
}
