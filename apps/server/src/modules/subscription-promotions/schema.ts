import { z } from 'zod';
import { resourceSchema, timestamp } from '../../http/jsonapi';

export const subscriptionPromotionResource = resourceSchema(
  'SubscriptionPromotion',
  'subscription_promotions',
  {
    attributes: z.object({
      code: z.string(),
      description: z.string().nullable(),
      /** promotion: for this account to redeem; referral: for this account to hand on to others. */
      kind: z.enum(['promotion', 'referral']),
      redeemed: z.boolean(),
      redeemed_at: timestamp.nullable(),
      created_at: timestamp,
    }),
  },
);
export type SubscriptionPromotionResource = z.infer<typeof subscriptionPromotionResource>;
