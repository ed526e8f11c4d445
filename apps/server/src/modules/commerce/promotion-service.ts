import type { Kysely } from 'kysely';
import { nowIso, toFlag } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { PromotionRow } from '../../db/schema-commerce';
import { CURRENCIES } from '@leerpad/core';
import { Invalid, NotFound } from '../../domain/errors';

export interface PromotionInput {
  code: string;
  description: string | null;
  kind: string;
  value: number;
  /** A fixed amount's currency as sent; the portal's currency when left out. */
  currency: string | null;
  product_ids: number[];
  starts_at: string | null;
  ends_at: string | null;
  max_redemptions: number | null;
  max_per_account: number | null;
  first_period_only: boolean;
}

export const normaliseCode = (code: string) => code.trim().toUpperCase();

export async function findPromotion(
  db: Executor,
  scope: PortalScope,
  id: number,
): Promise<InPortal<PromotionRow>> {
  const row = await db
    .selectFrom('promotions')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new NotFound('promotion');
  return row as InPortal<PromotionRow>;
}

export async function productsOfPromotions(db: Executor, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom('promotion_products')
    .select(['promotion_id', 'product_id'])
    .where('promotion_id', 'in', ids)
    .orderBy('product_id')
    .execute();
  for (const row of rows) map.get(row.promotion_id)?.push(row.product_id);
  return map;
}

/** The promotion a buyer may use on these products, or a 422 on the code saying why not. */
export async function usablePromotion(
  db: Executor,
  scope: PortalScope,
  code: string,
  accountId: number,
  productIds: number[],
  pointer: string,
): Promise<{ promotion: PromotionRow; appliesTo: Set<number> }> {
  const refuse = (detail: string, reason: string): never => {
    throw new Invalid([{ pointer, detail, code: 'PROMOTION_NOT_USABLE', rule: reason }]);
  };
  // A code of another portal is unknown here, as if it did not exist.
  const promotion = await db
    .selectFrom('promotions')
    .selectAll()
    .where('portal_id', '=', scope)
    .where('code', '=', normaliseCode(code))
    .executeTakeFirst();
  if (!promotion) return refuse('This promotion code does not exist.', 'unknown');
  const now = nowIso();
  if (promotion.starts_at && promotion.starts_at > now)
    return refuse('This promotion code is not valid yet.', 'not_started');
  if (promotion.ends_at && promotion.ends_at < now)
    return refuse('This promotion code has expired.', 'expired');
  if (promotion.max_redemptions !== null && promotion.redemptions >= promotion.max_redemptions) {
    return refuse('This promotion code has been used up.', 'used_up');
  }
  if (promotion.max_per_account !== null) {
    const used = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('portal_id', '=', scope)
      .where('account_id', '=', accountId)
      .where('promotion_id', '=', promotion.id)
      .where('state', 'in', ['paid', 'refunded', 'partially_refunded'])
      .executeTakeFirstOrThrow();
    if (Number(used.count) >= promotion.max_per_account) {
      return refuse('You have already used this promotion code.', 'used_by_account');
    }
  }
  let appliesTo = new Set(productIds);
  if (promotion.kind === 'fixed' && promotion.currency !== null) {
    const priced = await db
      .selectFrom('products')
      .select('id')
      .where('portal_id', '=', scope)
      .where('id', 'in', productIds.length > 0 ? productIds : [0])
      .where('currency', '=', promotion.currency)
      .execute();
    appliesTo = new Set(priced.map((row) => row.id));
  }
  if (!promotion.all_products) {
    const named = (await productsOfPromotions(db, [promotion.id])).get(promotion.id) ?? [];
    appliesTo = new Set([...appliesTo].filter((id) => named.includes(id)));
  }
  if (appliesTo.size === 0)
    return refuse('This promotion code does not apply to these products.', 'not_applicable');
  return { promotion, appliesTo };
}

export async function listPromotions(db: Executor, scope: PortalScope): Promise<PromotionRow[]> {
  return db
    .selectFrom('promotions')
    .selectAll()
    .where('portal_id', '=', scope)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function savePromotion(
  db: Kysely<Database>,
  scope: PortalScope,
  existing: PromotionRow | null,
  input: PromotionInput,
  pointer: (attribute: string) => string,
  portalCurrency: string,
): Promise<PromotionRow> {
  const errors: Array<{ pointer: string; detail: string; code?: string }> = [];
  // A fixed amount is money: it carries a currency, the one of the products it takes off.
  const currency = input.kind === 'fixed' ? (input.currency ?? portalCurrency).toUpperCase() : null;
  if (currency !== null && !(CURRENCIES as readonly string[]).includes(currency)) {
    errors.push({
      pointer: pointer('currency'),
      code: 'CURRENCY_UNKNOWN',
      detail: `Enter a known currency code: ${CURRENCIES.join(', ')}.`,
    });
  } else if (currency !== null) {
    const others = await db
      .selectFrom('products')
      .select('currency')
      .distinct()
      .where('portal_id', '=', scope)
      .where('currency', '!=', currency)
      .$if(input.product_ids.length > 0, (q) => q.where('id', 'in', input.product_ids))
      .execute();
    if (others.length > 0) {
      errors.push({
        pointer: pointer('currency'),
        code: 'PROMOTION_CURRENCY_MISMATCH',
        detail: `A fixed amount must be in the currency of its products (${others.map((o) => o.currency).join(', ')}).`,
      });
    }
  }
  if (input.starts_at && input.ends_at && input.ends_at < input.starts_at) {
    errors.push({ pointer: pointer('ends_at'), detail: 'The end must come after the start.' });
  }
  if (input.kind === 'percentage' && (input.value < 1 || input.value > 100)) {
    errors.push({ pointer: pointer('value'), detail: 'A percentage is between 1 and 100.' });
  }
  if (input.product_ids.length > 0) {
    const found = await db
      .selectFrom('products')
      .select('id')
      .where('portal_id', '=', scope)
      .where('id', 'in', input.product_ids)
      .execute();
    if (found.length !== new Set(input.product_ids).size) {
      errors.push({ pointer: pointer('products'), detail: 'One of these products does not exist.' });
    }
  }
  const clash = await db
    .selectFrom('promotions')
    .select('id')
    .where('portal_id', '=', scope)
    .where('code', '=', normaliseCode(input.code))
    .$if(existing !== null, (q) => q.where('id', '!=', existing!.id))
    .executeTakeFirst();
  if (clash) errors.push({ pointer: pointer('code'), detail: 'Another promotion has this code.' });
  if (errors.length > 0) throw new Invalid(errors);
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    const values = {
      code: normaliseCode(input.code),
      description: input.description,
      kind: input.kind,
      value: input.value,
      currency,
      all_products: toFlag(input.product_ids.length === 0),
      starts_at: input.starts_at,
      ends_at: input.ends_at,
      max_redemptions: input.max_redemptions,
      max_per_account: input.max_per_account,
      first_period_only: toFlag(input.first_period_only),
      updated_at: now,
    };
    const row = existing
      ? await trx
          .updateTable('promotions')
          .set(values)
          .where('id', '=', existing.id)
          .where('portal_id', '=', scope)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('promotions')
          .values({ ...values, portal_id: scope, created_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
    await trx.deleteFrom('promotion_products').where('promotion_id', '=', row.id).execute();
    const ids = [...new Set(input.product_ids)];
    if (ids.length > 0) {
      await trx
        .insertInto('promotion_products')
        .values(ids.map((product_id) => ({ promotion_id: row.id, product_id })))
        .execute();
    }
    return row;
  });
}

export async function deletePromotion(
  db: Kysely<Database>,
  promotion: InPortal<PromotionRow>,
): Promise<void> {
  await db
    .deleteFrom('promotions')
    .where('id', '=', promotion.id)
    .where('portal_id', '=', promotion.portal_id)
    .execute();
}
