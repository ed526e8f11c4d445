import type { Kysely } from 'kysely';
import { dialectOf, nowIso, toFlag } from '../../db/dialect';
import type { Database, Executor, InPortal, PortalScope } from '../../db/schema';
import type { PromotionRedemptionRow, PromotionRow } from '../../db/schema-commerce';
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

/**
 * How much of a promotion is taken (decision 047): its paid redemptions (the counter on the row) and
 * the reservations of orders still waiting for their payment, in all and by this account. An order
 * that leaves `pending` without being paid (failed, expired) no longer holds its reservation. The
 * order being paid again is left out, so it can take its own place back.
 */
export async function promotionUse(
  db: Executor,
  promotion: Pick<PromotionRow, 'id' | 'redemptions'>,
  accountId: number,
  exceptOrderId: number | null = null,
): Promise<{ total: number; byAccount: number }> {
  const rows = await db
    .selectFrom('promotion_redemptions')
    .innerJoin('orders', 'orders.id', 'promotion_redemptions.order_id')
    .select((eb) => [
      eb.fn
        .count<number>('promotion_redemptions.id')
        .filterWhere('promotion_redemptions.state', '=', 'reserved')
        .as('reserved'),
      eb.fn
        .count<number>('promotion_redemptions.id')
        .filterWhere('promotion_redemptions.account_id', '=', accountId)
        .as('by_account'),
    ])
    .where('promotion_redemptions.promotion_id', '=', promotion.id)
    .where((eb) =>
      eb.or([
        eb('promotion_redemptions.state', '=', 'redeemed'),
        eb.and([eb('promotion_redemptions.state', '=', 'reserved'), eb('orders.state', '=', 'pending')]),
      ]),
    )
    .$if(exceptOrderId !== null, (q) => q.where('promotion_redemptions.order_id', '!=', exceptOrderId!))
    .executeTakeFirstOrThrow();
  return {
    total: promotion.redemptions + Number(rows.reserved),
    byAccount: Number(rows.by_account),
  };
}

/** Why a promotion's limits leave no room for one more use by this account, or null. */
export async function limitReached(
  db: Executor,
  promotion: PromotionRow,
  accountId: number,
  exceptOrderId: number | null = null,
): Promise<'used_up' | 'used_by_account' | null> {
  if (promotion.max_redemptions === null && promotion.max_per_account === null) return null;
  const use = await promotionUse(db, promotion, accountId, exceptOrderId);
  if (promotion.max_redemptions !== null && use.total >= promotion.max_redemptions) return 'used_up';
  if (promotion.max_per_account !== null && use.byAccount >= promotion.max_per_account)
    return 'used_by_account';
  return null;
}

const LIMIT_DETAILS = {
  used_up: 'This promotion code has been used up.',
  used_by_account: 'You have already used this promotion code.',
} as const;

/** The 422 on the code field for a promotion whose limits are taken. */
export const limitRefusal = (pointer: string, reason: keyof typeof LIMIT_DETAILS) =>
  new Invalid([{ pointer, detail: LIMIT_DETAILS[reason], code: 'PROMOTION_NOT_USABLE', rule: reason }]);

/**
 * Reads the promotion row for the rest of the transaction: on PostgreSQL with `FOR UPDATE`, so
 * everyone who reserves or redeems this promotion queues here and counts what the one before them
 * committed; SQLite has a single writer already.
 */
export async function lockPromotion(trx: Executor, promotionId: number): Promise<PromotionRow | undefined> {
  const query = trx.selectFrom('promotions').selectAll().where('id', '=', promotionId);
  return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Writes the order's row for its promotion: reserved, redeemed or withdrawn. */
export async function writeRedemption(
  trx: Executor,
  order: { id: number; portal_id: number; account_id: number; promotion_id: number },
  state: 'reserved' | 'redeemed' | 'withdrawn',
): Promise<void> {
  const now = nowIso();
  await trx
    .insertInto('promotion_redemptions')
    .values({
      portal_id: order.portal_id,
      promotion_id: order.promotion_id,
      order_id: order.id,
      account_id: order.account_id,
      state,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ state, updated_at: now }))
    .execute();
}

/** The promotion rows of these orders, by order id. */
export async function redemptionsOf(
  db: Executor,
  orderIds: number[],
): Promise<Map<number, PromotionRedemptionRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('promotion_redemptions')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .execute();
  return new Map(rows.map((row) => [row.order_id, row]));
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
  // Paid orders and orders waiting for their payment both count (decision 047).
  const reason = await limitReached(db, promotion, accountId);
  if (reason) throw limitRefusal(pointer, reason);
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
