import type { Executor, PortalScope } from '../../db/schema';
import { pagedList, type PageRequest } from '../../db/pages';

/** An account's subscription promotions, newest first; `redeemed` keeps only (un)redeemed ones. */
export function listSubscriptionPromotions(
  db: Executor,
  scope: PortalScope,
  accountId: number,
  filters: { redeemed?: boolean },
  page: PageRequest,
) {
  let filtered = db
    .selectFrom('subscription_promotions')
    .where('portal_id', '=', scope)
    .where('account_id', '=', accountId);
  if (filters.redeemed !== undefined) {
    filtered = filtered.where('redeemed_at', filters.redeemed ? 'is not' : 'is', null);
  }
  const rows = filtered
    .select(['id', 'code', 'description', 'kind', 'redeemed_at', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return pagedList(filtered, rows, page);
}

export type SubscriptionPromotionRow = Awaited<ReturnType<typeof listSubscriptionPromotions>>['rows'][number];
